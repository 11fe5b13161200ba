import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkWidgets

/// The knobs of the five designs, checked on the pixels: DBClockView's hands and shadows, dial
/// and hand pictures, FWTClock's insets, part frames and frontmost ring.
@Suite struct ClockDesignTests {
  func date(_ h: Int, _ m: Int, _ s: Double) -> Date {
    Date(timeIntervalSince1970: 86_400 * 20_000 + Double(h * 3600 + m * 60) + s)
  }

  func render(_ theme: ClockTheme, at date: Date, parts: ClockParts, size: Double = 240) throws
    -> CairoSurface
  {
    let face = ClockFace(size: size, theme: theme, parts: parts)
    face.show(date: date, zone: .utc)
    return try Renderer().renderImage(face.layer, width: Int(size), height: Int(size))
  }

  /// How dark a pixel is over white, from 0 (white) to 1 (black).
  func darkness(_ p: PixelColor) -> Double { 1 - Double(p.r) / 255 }

  /// DBClockView with its hands' shadows sharp (the blur spreads a 1-point hand's shadow over
  /// several pixels, where its strength cannot be read off one pixel) and none at all.
  var sharp: ClockTheme {
    var theme = ClockTheme.dbclock
    for hand in [\ClockTheme.hourHand, \.minuteHand, \.secondHand] {
      theme[keyPath: hand].shadow?.blur = 0
    }
    return theme
  }
  var shadowless: ClockTheme {
    var theme = ClockTheme.dbclock
    for hand in [\ClockTheme.hourHand, \.minuteHand, \.secondHand] {
      theme[keyPath: hand].shadow?.opacity = 0
    }
    return theme
  }

  @Test func dbclockHandsHaveTheDesignsSizesAt240Points() throws {
    // Each hand alone, pointing at 3: across it, its width; along it, its length from the centre.
    for (time, part, width, length) in [
      (date(3, 0, 0), ClockParts.hourHand, 2.0, 60), (date(0, 15, 0), .minuteHand, 2, 80),
      (date(0, 0, 15), .secondHand, 1, 90),
    ] {
      let image = try render(shadowless, at: time, parts: [.dial, part])
      let across = (100...140).map { darkness(image.pixel(x: 150, y: $0)) }.reduce(0, +)
      #expect(abs(across - width) < 0.15, "\(part): \(across) points wide")
      let end = (121...239).first { darkness(image.pixel(x: $0, y: 120)) < 0.3 } ?? 0
      #expect(abs(Double(end - 120) - Double(length)) <= 1, "\(part): reaches \(end)")
    }
  }

  @Test func dbclockShadowsFallAtTheirOffsetsWithTheirStrengths() throws {
    // Pointing at 12: the bar is x 119.5…120.5 (second) or 119…121, from y 30, 40 or 60 to 120.
    // The second hand covers half of pixels 119 and 120; its shadow, 2 to the right, half of
    // 121 and 122, at full strength; and it starts 2 lower.
    let second = try render(sharp, at: date(0, 0, 0), parts: [.dial, .secondHand])
    let strip = { (y: Int) in (121...123).map { self.darkness(second.pixel(x: $0, y: y)) } }
    #expect(
      strip(80).map { ($0 * 100).rounded() } == [50, 50, 0], "(2, 2), opacity 1: \(strip(80))")
    #expect(
      strip(31).reduce(0, +) < 0.03 && abs(strip(33).reduce(0, +) - 1) < 0.03,
      "its top at 32, the hand's at 30")
    let minute = try render(sharp, at: date(0, 0, 0), parts: [.dial, .minuteHand])
    #expect(abs(darkness(minute.pixel(x: 121, y: 80)) - 0.7) < 0.03, "(1, 1), opacity 0.7")
    #expect(darkness(minute.pixel(x: 122, y: 80)) < 0.03)
    let hour = try render(sharp, at: date(0, 0, 0), parts: [.dial, .hourHand])
    #expect(
      abs(darkness(hour.pixel(x: 120, y: 58)) - 0.4) < 0.03, "(0, −3), opacity 0.4: above the tip")
    #expect(
      darkness(hour.pixel(x: 120, y: 55)) < 0.03 && darkness(hour.pixel(x: 122, y: 90)) < 0.03,
      "not beside it")
    // And the design's blur, Core Animation's default radius of 3 points, on each.
    let face = ClockFace(size: 240, theme: .dbclock)
    for hand in [face.hourHand, face.minuteHand, face.secondHand] {
      #expect(hand.shadow?.radius == 3)
    }
    #expect(
      face.secondHand.shadow?.offset == Size(width: 2, height: 2)
        && face.hourHand.shadow?.offset == Size(width: 0, height: -3))
  }

  @Test func dbclockHasABlackSixPointCentreOnRed() throws {
    #expect(
      try render(.dbclock, at: date(0, 0, 0), parts: .all).pixel(x: 1, y: 1)
        == PixelColor(r: 255, g: 0, b: 0, a: 255))
    let image = try render(.dbclock, at: date(0, 0, 0), parts: [.cap])
    let area = (110...130).flatMap { y in (110...130).map { darkness(image.pixel(x: $0, y: y)) } }
      .reduce(0, +)
    #expect(image.pixel(x: 119, y: 119) == PixelColor(r: 0, g: 0, b: 0, a: 255))
    #expect(abs(area - .pi * 9) < 0.3, "a black disc 6 across: \(area) square points")
  }

  /// A 100×60 picture, blue with red 4×4 corners, as PNG bytes.
  func markedPicture() throws -> ImageData {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 100, height: 60)
    root.backgroundColor = Color(hex: 0x0000FF)
    for (x, y) in [(0.0, 0.0), (96, 0), (0, 56), (96, 56)] {
      let corner = Layer()
      corner.frame = Rect(x: x, y: y, width: 4, height: 4)
      corner.backgroundColor = Color(hex: 0xFF0000)
      root.addSublayer(corner)
    }
    let folder = try TemporaryDirectory()
    try Renderer().write(root, width: 100, height: 60, to: folder.file("marked.png"), format: .png)
    return try Renderer.loadPicture(contentsOf: folder.file("marked.png"))
  }

  func dialPicture(_ placement: ClockTheme.ImagePlacement) throws -> CairoSurface {
    var theme = ClockTheme.classic
    theme.dial.image = try markedPicture()
    theme.dial.imagePlacement = placement
    return try render(theme, at: date(0, 0, 0), parts: [])
  }

  let red = PixelColor(r: 255, g: 0, b: 0, a: 255)
  let blue = PixelColor(r: 0, g: 0, b: 255, a: 255)
  let clear = PixelColor(r: 0, g: 0, b: 0, a: 0)

  @Test func aDialPictureSitsCentredAtItsOwnSizeFittedOrFilled() throws {
    let centred = try dialPicture(.center)  // x 70…170, y 90…150
    #expect([centred.pixel(x: 71, y: 91), centred.pixel(x: 168, y: 148)] == [red, red])
    #expect(
      [centred.pixel(x: 75, y: 95), centred.pixel(x: 69, y: 91), centred.pixel(x: 71, y: 89)] == [
        blue, clear, clear,
      ])
    let fitted = try dialPicture(.fit)  // 240×144: x 0…240, y 48…192
    #expect([fitted.pixel(x: 1, y: 49), fitted.pixel(x: 238, y: 190)] == [red, red])
    #expect([fitted.pixel(x: 120, y: 46), fitted.pixel(x: 120, y: 50)] == [clear, blue])
    let filled = try dialPicture(.fill)  // 400×240, x −80…320, clipped to the dial's circle
    #expect(
      [filled.pixel(x: 120, y: 2), filled.pixel(x: 2, y: 120), filled.pixel(x: 2, y: 2)] == [
        blue, blue, clear,
      ])
  }

  @Test func aPictureHandPointsAtTheHourAndTurnsAboutItsPivot() throws {
    // A 10×100 SVG, dark with a green tip, pivoting 80 % of the way down: its top at 0.6 of
    // the radius, its tail 0.15 behind the centre.
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="100">
        <rect width="10" height="100" fill="#000"/><rect width="10" height="10" fill="#0F0"/></svg>
      """
    var theme = ClockTheme.classic
    theme.hourHand.image = ImageData(bytes: Data(svg.utf8), format: .svg)
    theme.hourHand.pivot = Point(x: 0.5, y: 0.8)
    theme.hourHand.end = 0.6
    theme.shadow = nil
    let folder = try TemporaryDirectory()
    try Data(svg.utf8).write(to: folder.file("hand.svg"))
    theme.hourHand.image = try Renderer.loadPicture(contentsOf: folder.file("hand.svg"))
    for (hour, dx, dy) in [(3, 1.0, 0.0), (6, 0, 1), (9, -1, 0), (0, 0, -1)] {
      let image = try render(theme, at: date(hour, 0, 0), parts: [.hourHand])
      let at = { (f: Double) in
        image.pixel(
          x: Int(120 + dx * f * 120 - (dx < 0 ? 1 : 0)),
          y: Int(120 + dy * f * 120 - (dy < 0 ? 1 : 0)))
      }
      #expect(at(0.57) == PixelColor(r: 0, g: 255, b: 0, a: 255), "\(hour) o'clock: the tip")
      #expect(at(0.3) == PixelColor(r: 0, g: 0, b: 0, a: 255), "the body")
      #expect(at(-0.1).a == 255 && at(-0.2).a == 0, "a tail of 0.15 behind the centre")
    }
  }

  @Test func insetsAndEachHandsFrameMoveExactlyWhatTheySay() throws {
    var theme = ClockTheme.classic
    theme.dial.borderWidth = 0
    theme.shadow = nil
    // a 160 square at x 40, y 20 of 200
    theme.layout.insets = EdgeInsets(top: 0.1, left: 0.2, bottom: 0.1, right: 0)
    let inset = try render(theme, at: date(0, 0, 0), parts: [.dial], size: 200)
    #expect(
      inset.pixel(x: 120, y: 21) == PixelColor(r: 255, g: 255, b: 255, a: 255)
        && inset.pixel(x: 120, y: 19) == clear)
    #expect(
      inset.pixel(x: 41, y: 100).a == 255 && inset.pixel(x: 39, y: 100) == clear
        && inset.pixel(x: 197, y: 100).a == 255)
    theme.layout.insets = .zero
    // The second hand's own frame, a quarter of the face at its top left: centre (50, 50), 50 across.
    theme.layout.secondHand = Rect(x: 0.125, y: 0.125, width: 0.25, height: 0.25)
    let framed = try render(theme, at: date(0, 0, 15), parts: [.secondHand], size: 200)
    let reach = (51...199).last { framed.pixel(x: $0, y: 50).a > 128 } ?? 0
    #expect(
      abs(Double(reach + 1 - 50) - 0.88 * 25) <= 1, "0.88 of its frame's half width, to \(reach)")
    #expect(
      framed.pixel(x: 100, y: 100) == clear && framed.pixel(x: 150, y: 100) == clear,
      "nothing at the face's centre")
  }

  @Test func aRingInFrontCoversTheSecondHand() throws {
    var theme = ClockTheme.fwtclock
    theme.secondHand.end = 1
    theme.layout.insets = .zero
    let ringColor = PixelColor(r: 0x88, g: 0x88, b: 0x88, a: 255)
    let front = try render(theme, at: date(0, 0, 0), parts: [.ring, .secondHand])
    #expect(front.pixel(x: 120, y: 2) == ringColor)
    theme.ring.front = false
    let behind = try render(theme, at: date(0, 0, 0), parts: [.ring, .secondHand])
    #expect(
      behind.pixel(x: 120, y: 2).r > 150 && behind.pixel(x: 120, y: 2).g < 60,
      "the red hand over the ring")
    #expect(behind.pixel(x: 2, y: 120) == ringColor && front.pixel(x: 2, y: 120) == ringColor)
  }
}
