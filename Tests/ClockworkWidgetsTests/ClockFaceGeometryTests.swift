import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkWidgets

/// The hands are where the time says, checked on the pixels of every theme.
@Suite struct ClockFaceGeometryTests {
  let utc = Zone.utc
  let size = 400.0

  func date(_ h: Int, _ m: Int, _ s: Double) -> Date {
    Date(timeIntervalSince1970: 86_400 * 20_000 + Double(h * 3600 + m * 60) + s)
  }

  func render(
    _ theme: ClockTheme, at date: Date, parts: ClockParts = .all, oscillator: Oscillator = .quartz,
    size: Double? = nil
  )
    throws -> (CairoSurface, ClockFace)
  {
    let face = ClockFace(
      size: size ?? self.size, theme: theme, parts: parts, oscillator: oscillator)
    face.show(date: date, zone: utc)
    let side = Int(size ?? self.size)
    return (try Renderer().renderImage(face.layer, width: side, height: side), face)
  }

  /// Pixels along the ray at `degrees` (clockwise from 12) between two fractions of the radius
  /// of the face inside its insets.
  func ray(_ image: CairoSurface, _ face: ClockFace, _ degrees: Double, from: Double, to: Double)
    -> [PixelColor]
  {
    let r = face.faceRect.width / 2
    let center = face.faceRect.center
    return stride(from: from, through: to, by: 0.02).map { f in
      let p = Point(onCircleAround: center, radius: f * r, angle: degrees * .pi / 180)
      return image.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
    }
  }

  func near(_ pixel: PixelColor, _ color: Color, tolerance: Int = 40) -> Bool {
    let c = PixelColor(
      r: UInt8(color.red * 255), g: UInt8(color.green * 255), b: UInt8(color.blue * 255), a: 255)
    return pixel.difference(from: c) <= tolerance
  }

  @Test(arguments: ClockTheme.builtIn)
  func hourHandAtThreeOClock(theme: ClockTheme) throws {
    let (image, face) = try render(theme, at: date(3, 0, 0), parts: [.dial, .hourHand], size: 800)
    let hand = ray(image, face, 90, from: 0.15, to: theme.hourHand.end - 0.04)
    #expect(hand.allSatisfy { near($0, theme.hourHand.color) }, "\(hand)")
    let dial = ray(image, face, 270, from: 0.35, to: 0.6)
    #expect(dial.allSatisfy { near($0, theme.dial.color) }, "\(dial)")
  }

  @Test(arguments: ClockTheme.builtIn)
  func minuteHandAtQuarterPast(theme: ClockTheme) throws {
    let (image, face) = try render(
      theme, at: date(0, 15, 0), parts: [.dial, .minuteHand, .hourHand], size: 800)
    let hand = ray(image, face, 90, from: 0.15, to: theme.minuteHand.end - 0.04)
    #expect(hand.allSatisfy { near($0, theme.minuteHand.color) })
    #expect(ray(image, face, 270, from: 0.35, to: 0.8).allSatisfy { near($0, theme.dial.color) })
  }

  @Test(arguments: ClockTheme.builtIn)
  func secondHandAtFortyFive(theme: ClockTheme) throws {
    let (image, face) = try render(
      theme, at: date(0, 0, 45), parts: [.dial, .secondHand], size: 800)
    let hand = ray(image, face, 270, from: 0.2, to: theme.secondHand.end - 0.04)
    #expect(hand.allSatisfy { near($0, theme.secondHand.color) })
    #expect(ray(image, face, 90, from: 0.35, to: 0.8).allSatisfy { near($0, theme.dial.color) })
  }

  @Test(arguments: ClockTheme.builtIn)
  func everyPartTogetherKeepsTheHandsOnTop(theme: ClockTheme) throws {
    let (image, face) = try render(theme, at: date(3, 0, 0))
    #expect(
      ray(image, face, 90, from: 0.15, to: theme.hourHand.end - 0.04).allSatisfy {
        near($0, theme.hourHand.color)
      })
  }

  /// The mean angle of the second hand's pixels on a circle at 0.6 of the radius.
  func measuredSecondHandAngle(_ image: CairoSurface, color: Color) -> Double? {
    let r = Double(image.width) / 2
    let center = Point(x: r, y: r)
    var sx = 0.0
    var sy = 0.0
    var weight = 0.0
    for step in 0..<7200 {
      let a = Double(step) / 7200 * 2 * .pi
      let p = Point(onCircleAround: center, radius: 0.6 * r, angle: a)
      let pixel = image.pixel(x: Int(p.x), y: Int(p.y))
      if near(pixel, color, tolerance: 60) {
        sx += sin(a)
        sy += cos(a)
        weight += 1
      }
    }
    guard weight > 0 else { return nil }
    return DialAngles.normalized(atan2(sx, sy))
  }

  @Test(arguments: [
    (Oscillator.quartz, 12.5), (.quartzRecoil, 12.0), (.quartzRecoil, 12.03),
    (.quartzRecoil, 12.07),
    (.quartzRecoil, 12.5), (.mechanical(), 12.3), (.sweep, 12.3), (.sweep, 59.95),
  ])
  func oscillatorsPlaceTheSecondHandWhereTheCoreSays(oscillator: Oscillator, second: Double) throws
  {
    let theme = ClockTheme.classic
    let (image, _) = try render(
      theme, at: date(0, 0, second), parts: [.secondHand], oscillator: oscillator, size: 800)
    let expected = oscillator.secondHandAngle(secondsIntoMinute: second)
    let measured = try #require(measuredSecondHandAngle(image, color: theme.secondHand.color))
    var error = abs(measured - expected)
    error = min(error, 2 * .pi - error)
    #expect(
      error < 0.08 * .pi / 180,
      "measured \(measured * 180 / .pi)°, expected \(expected * 180 / .pi)°")
  }

  @Test func recoilOvershootShowsInPixels() throws {
    let theme = ClockTheme.classic
    let (jump, _) = try render(
      theme, at: date(0, 0, 12.0), parts: [.secondHand], oscillator: .quartzRecoil, size: 800)
    let (settled, _) = try render(
      theme, at: date(0, 0, 12.5), parts: [.secondHand], oscillator: .quartzRecoil, size: 800)
    let a = try #require(measuredSecondHandAngle(jump, color: theme.secondHand.color))
    let b = try #require(measuredSecondHandAngle(settled, color: theme.secondHand.color))
    #expect(abs((a - b) * 180 / .pi - 0.75) < 0.08)
  }

  @Test func nextChangeFollowsTheOscillator() {
    let face = ClockFace(size: 400, oscillator: .quartz)
    #expect(abs(face.delayToNextChange(after: date(0, 0, 12.25), zone: utc) - 0.75) < 1e-6)
    face.oscillator = .mechanical()
    #expect(abs(face.delayToNextChange(after: date(0, 0, 12.25), zone: utc) - 0.125) < 1e-6)
    face.oscillator = .sweep
    // The tip at 0.88 × 200 px moves one pixel in (1/176) / (2π/60) s.
    #expect(
      abs(
        face.delayToNextChange(after: date(0, 0, 12.25), zone: utc) - (1.0 / 176) / (2 * .pi / 60))
        < 1e-6)
  }

  @Test func withoutASecondHandTheFaceWaitsForTheMinuteHand() {
    let face = ClockFace(size: 400, parts: [.dial, .hourHand, .minuteHand], oscillator: .quartz)
    let delay = face.delayToNextChange(after: date(0, 0, 12.25), zone: utc)
    // The minute tip (0.78 × 200 px) moves a pixel every ~3.7 s; quartz moves it on whole seconds.
    #expect(delay > 3 && delay < 5)
    #expect(abs((delay - 0.75).truncatingRemainder(dividingBy: 1)) < 1e-6)
  }

  @Test func atASmallScaleHourAndMinuteHandsMoveInPixelSteps() {
    // A 200-point face drawn 0.55 samples a point (a 100×37-cell terminal): the minute tip is
    // some 40 samples out, so a step is about 1/40 rad, a dozen seconds of quartz.
    let face = ClockFace(size: 200, parts: [.dial, .hourHand, .minuteHand], oscillator: .quartz)
    face.pixelScale = 0.55
    var changes: [Double] = []
    var last = face.minuteHand.transform
    for second in 0..<120 {
      face.show(date: date(0, 0, Double(second)), zone: utc)
      if face.minuteHand.transform != last { changes.append(Double(second)) }
      last = face.minuteHand.transform
    }
    let expected = 120 * (2 * Double.pi / 3600) / face.handStep
    #expect(face.handStep > 1.0 / 50 && face.handStep < 1.0 / 30)
    #expect(abs(Double(changes.count) - expected) <= 1, "\(changes), expected about \(expected)")
    // Each change lands on the whole second the face said it would.
    for (before, after) in zip(changes, changes.dropFirst()) {
      let delay = face.delayToNextChange(after: date(0, 0, before + 0.25), zone: utc)
      #expect(
        abs(before + 0.25 + delay - after) < 1e-6, "from \(before): \(delay) s, changed at \(after)"
      )
    }
    face.pixelScale = nil
    face.show(date: date(0, 0, 1), zone: utc)
    let unstepped = face.minuteHand.transform
    face.show(date: date(0, 0, 2), zone: utc)
    #expect(face.minuteHand.transform != unstepped, "without a scale it moves every second")
  }

  @Test func handsInStepsAreRasterizedWithTheDialUntilTheirNextStep() throws {
    let face = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
    face.pixelScale = 0.55
    var last: (key: String?, hands: [ClockworkScene.AffineTransform])?
    var keys: Set<String> = []
    for second in 0..<120 {
      face.show(date: date(0, 0, Double(second)), zone: utc)
      let key = try #require(face.slowParts.rasterizationKey)
      let hands = [face.hourHand.transform, face.minuteHand.transform]
      if let last { #expect((key == last.key) == (hands == last.hands), "second \(second)") }
      last = (key, hands)
      keys.insert(key)
    }
    #expect(keys.count > 2 && keys.count < 20)

    // Drawn from the raster or directly, the face looks the same (compositing rounds once more).
    let viaRaster = try Renderer().renderImage(face.layer, width: 110, height: 110)
    face.slowParts.rasterizationKey = nil
    let direct = try Renderer().renderImage(face.layer, width: 110, height: 110)
    #expect(viaRaster.largestDifference(from: direct) <= 2)

    // A step of the minute hand damages where the hands were and are, not the whole face.
    face.show(date: date(0, 0, 0), zone: utc)
    let before = face.layer.presentation(at: 0)
    let minuteHand = face.minuteHand.transform
    var second = 0.0
    repeat {
      second += 1
      face.show(date: date(0, 0, second), zone: utc)
    } while face.minuteHand.transform == minuteHand
    guard case .area(let box) = Damage(from: before, to: face.layer.presentation(at: 0)) else {
      Issue.record("expected an area")
      return
    }
    #expect(box.width * box.height < 200 * 200 / 2, "\(box)")
  }

  @Test func withoutPixelStepsNothingIsRasterizedButTheDial() {
    let face = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
    face.show(date: date(0, 0, 1), zone: utc)
    #expect(face.slowParts.rasterizationKey == nil)
    #expect(face.staticParts.rasterizationKey != nil && face.staticParts.rasterizationLasts)
  }
}
