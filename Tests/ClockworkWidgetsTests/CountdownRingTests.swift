import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkTestSupport
import ClockworkWidgets
import Foundation
import Testing

@Suite struct CountdownRingTests {
  let size = 400.0

  /// The raster keys in the ring's tree.
  func rasterKeys(_ ring: CountdownRing) -> [String] {
    func keys(_ layer: Layer) -> [String] {
      (layer.rasterizationKey.map { [$0] } ?? []) + layer.sublayers.flatMap(keys)
    }
    return keys(ring.layer)
  }

  /// While the pulse beats, frames come faster than the arc steps: the arc is kept as a raster
  /// under a key of its step. Still (animations off), each frame is a step of its own, and the
  /// ring is drawn only where it changed.
  @Test func theArcIsKeptAsARasterOnlyWhileThePulseBeats() throws {
    let ring = CountdownRing(size: size)
    ring.show(remaining: .seconds(200), progress: 0.5)
    #expect(rasterKeys(ring).isEmpty)
    ring.setPulsing(true, at: 0)
    let key = try #require(rasterKeys(ring).first)
    ring.show(remaining: .seconds(199), progress: 0.51)
    #expect(rasterKeys(ring).count == 1 && rasterKeys(ring).first != key)
    ring.setPulsing(false, at: 1)
    #expect(rasterKeys(ring).isEmpty)
  }

  func render(progress: Double, remaining: Duration = .seconds(30)) throws -> CairoSurface {
    let ring = CountdownRing(size: size)
    ring.show(remaining: remaining, progress: progress)
    return try Renderer().renderImage(ring.layer, width: Int(size), height: Int(size))
  }

  /// The pixel on the ring's centre line at `degrees` clockwise from 12.
  func onRing(_ image: CairoSurface, _ degrees: Double) -> PixelColor {
    let p = Point(
      onCircleAround: Point(x: size / 2, y: size / 2), radius: 0.4 * size,
      angle: degrees * .pi / 180)
    return image.pixel(x: Int(p.x), y: Int(p.y))
  }

  /// The design's `lightGray`.
  func isTrack(_ p: PixelColor) -> Bool {
    p.difference(from: PixelColor(r: 0xAA, g: 0xAA, b: 0xAA, a: 255)) <= 6
  }
  /// Between the stroke's two colours: red-to-orange, never grey.
  func isArc(_ p: PixelColor) -> Bool { p.a == 255 && p.r > 190 && p.b < 120 && !isTrack(p) }

  /// Past the end (`--overtime`): the whole seconds since it, full ring, in the last seconds'
  /// red; with no red asked for (`--critical 0`), in the label's own colour.
  @Test func overtimeReadsTheTimeSinceTheEndInTheWarningColour() throws {
    let ring = CountdownRing(size: size, style: CountdownRing.Style().critical(for: 10))
    ring.show(overtime: .milliseconds(42_700))
    #expect(ring.labelText == "+0:42")
    #expect(ring.labelColor(remaining: .zero) == Color(hex: 0xFF3B30))
    let image = try Renderer().renderImage(ring.layer, width: Int(size), height: Int(size))
    for degrees in stride(from: 10.0, through: 350, by: 40) {
      #expect(isArc(onRing(image, degrees)), "full at \(degrees)°")
    }
    let calm = CountdownRing(size: size, style: CountdownRing.Style().critical(for: 0))
    calm.show(overtime: .seconds(3_725))
    #expect(calm.labelText == "+1:02:05")
  }

  @Test(arguments: [0.25, 0.5, 0.8])
  func arcEndsAtTheProgressAngle(progress: Double) throws {
    let image = try render(progress: progress)
    let end = progress * 360
    // Round caps reach about 3.6° past each end (half the line width at this radius).
    for degrees in stride(from: 5.0, through: end - 5, by: 5) {
      #expect(isArc(onRing(image, degrees)), "\(degrees)° of \(end)°")
    }
    for degrees in stride(from: end + 6, through: 354, by: 5) {
      #expect(isTrack(onRing(image, degrees)), "\(degrees)° after \(end)°")
    }
  }

  /// The pulse as a terminal reads it: the animation's own scale and fade, or its growth in
  /// steps (the fade still smooth), and nothing once stopped.
  @Test func thePulseIsReadAsItIsOrInSteps() throws {
    let ring = CountdownRing(size: 200)
    #expect(ring.pulse(at: 0) == nil)
    ring.setPulsing(true, at: 10)
    ring.drawsPulse = false
    let early = try #require(ring.pulse(at: 10.1))
    let eased = TimingFunction.easeInEaseOut.progress(at: 0.1)
    #expect(
      abs(early.radius - 80 * (1 + 0.2 * eased)) < 1e-9
        && abs(early.opacity - 0.7 * (1 - eased)) < 1e-9)
    #expect(
      early.covers(Point(x: 100 + early.radius, y: 100)) && !early.covers(Point(x: 100, y: 100)))
    // before the scaled square's corner: its first colour
    let corner = early.color(at: Point(x: -50, y: -50))
    #expect(
      abs(corner.red - Color(hex: 0x820B36).red) < 1e-9
        && abs(corner.green - Color(hex: 0x820B36).green) < 1e-9)
    let times = stride(from: 10.0, to: 11.0, by: 0.01)
    let stepped = times.map { ring.pulse(at: $0, steps: 5)! }
    #expect(Set(stepped.map(\.radius)).count == 5, "five sizes a beat")
    #expect(zip(stepped, stepped.dropFirst()).allSatisfy { $0.radius <= $1.radius })
    #expect(
      zip(stepped, times).allSatisfy { look, t in look.radius <= ring.pulse(at: t)!.radius + 1e-9 },
      "never ahead of the pulse")
    #expect(
      zip(stepped, times).allSatisfy { look, t in look.opacity == ring.pulse(at: t)!.opacity })
    #expect(stepped[0].sweep == 75...102, "from the track's inside to 1.2 times its outside")
    ring.setPulsing(false, at: 11)
    #expect(ring.pulse(at: 11.5) == nil)
  }

  @Test func emptyRingIsAllTrackAndFullRingHasNoSeamAtTwelve() throws {
    let empty = try render(progress: 0)
    for degrees in stride(from: 0.0, to: 360, by: 15) { #expect(isTrack(onRing(empty, degrees))) }
    let full = try render(progress: 1)
    for degrees in stride(from: 0.0, to: 360, by: 15) {
      #expect(isArc(onRing(full, degrees)), "\(degrees)°")
    }
    // Either side of 12 o'clock the stroke is the same colour: no seam.
    #expect(onRing(full, 358).difference(from: onRing(full, 2)) < 12)
  }

  @Test func labelShowsTenthsAlwaysAsTheDesignOrAsTheStyleSays() throws {
    let ring = CountdownRing(size: 200)
    let text = try #require(ring.layer.sublayers.compactMap { $0 as? TextLayer }.first)
    ring.show(remaining: .milliseconds(61_000), progress: 0.5)
    #expect(text.string == "1:01.0")
    ring.style.tenths = .lastMinute
    ring.show(remaining: .milliseconds(59_950), progress: 0.5)
    #expect(text.string == "1:00.0")
    ring.show(remaining: .milliseconds(61_000), progress: 0.5)
    #expect(text.string == "1:01")
    ring.style.tenths = .never
    ring.show(remaining: .milliseconds(59_950), progress: 0.5)
    #expect(text.string == "1:00")
  }

  /// The label's pixels against what is behind them: the design's black on a transparent or
  /// white page, white over the backdrop, and the theme's colour when it names one.
  @Test func labelContrastsWithThePage() throws {
    func labelPixels(background: Color?, backdrop: Bool, label: Color? = nil) throws -> (
      ink: PixelColor, page: PixelColor
    ) {
      var style = CountdownRing.Style()
      style.label = label
      let ring = CountdownRing(size: 200, style: style)
      let root = Layer()
      root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
      root.backgroundColor = background
      if backdrop { root.addSublayer(GradientBackdrop(size: Size(width: 200, height: 200)).layer) }
      root.addSublayer(ring.layer)
      // As the stamp and the app say what is behind it.
      ring.labelBackground = backdrop ? GradientBackdrop.defaultColors[1] : background
      ring.show(remaining: .seconds(8), progress: 0.8)
      let image = try Renderer().renderImage(root, width: 200, height: 200)
      // The darkest and lightest pixels in the label's box, by luminance: ink and page.
      let box = (85...115).flatMap { y in (50...150).map { image.pixel(x: $0, y: y) } }
      // Premultiplied: a see-through pixel counts as over white (a transparent page's viewer).
      func light(_ p: PixelColor) -> Int { Int(p.r) + Int(p.g) + Int(p.b) + 3 * (255 - Int(p.a)) }
      let sorted = box.sorted { light($0) < light($1) }
      let inkIsDark = light(sorted[sorted.count / 2]) > light(sorted[0]) + 200
      return inkIsDark
        ? (sorted[0], sorted[sorted.count / 2]) : (sorted.last!, sorted[sorted.count / 2])
    }
    let transparent = try labelPixels(background: nil, backdrop: false)
    #expect(transparent.ink == PixelColor(r: 0, g: 0, b: 0, a: 255) && transparent.page.a == 0)
    let white = try labelPixels(background: .white, backdrop: false)
    #expect(white.ink == PixelColor(r: 0, g: 0, b: 0, a: 255))
    let over = try labelPixels(background: nil, backdrop: true)
    #expect(over.ink == PixelColor(r: 255, g: 255, b: 255, a: 255), "\(over)")
    #expect(
      Int(over.page.r) + Int(over.page.g) + Int(over.page.b) < 500,
      "the backdrop behind it is dark: \(over.page)")
    let named = try labelPixels(background: .white, backdrop: false, label: Color(hex: 0x0000FF))
    #expect(named.ink == PixelColor(r: 0, g: 0, b: 255, a: 255))
  }

  @Test func ringThemeFileSetsEveryFieldAndNamesBadOnes() throws {
    let style = try CountdownRing.Style.decode(
      Data(
        ##"{ "track": "#101010", "gradient": ["#FF0000", "#00FF00", "#0000FF"], "pulse": ["#111111", "#222222"], "pulseEchoes": 3, "lineWidth": 0.1, "radius": 0.3, "label": { "font": "DejaVu Serif", "weight": "regular", "color": "#FF8800", "size": 0.2, "tenths": "never" } }"##
          .utf8),
      source: "ring.json")
    #expect(
      style.track == Color(hex: 0x101010) && style.stroke.count == 3
        && style.pulse == [Color(hex: 0x111111), Color(hex: 0x222222)] && style.pulseEchoes == 3)
    #expect(
      style.lineWidth == 0.1 && style.radius == 0.3 && style.font == "DejaVu Serif"
        && style.weight == .regular)
    #expect(
      style.label == Color(hex: 0xFF8800) && style.labelScale == 0.2 && style.tenths == .never)
    for (json, message) in [
      (
        ##"{ "trak": "#000" }"##,
        "field 'trak': unknown field (known: gradient, label, lineWidth, pulse, pulseEchoes, radius, track)"
      ),
      (##"{ "gradient": ["#000"] }"##, "field 'gradient': must be a list of two or more colours"),
      (##"{ "pulseEchoes": 1.5 }"##, "field 'pulseEchoes': must be a whole number from 1 to 4"),
      (##"{ "radius": 0.9 }"##, "field 'radius': must be a number from 0.05 to 0.5"),
      (##"{ "radius": 0.1, "lineWidth": 0.2 }"##, "field 'lineWidth': must be less than radius"),
      (##"{ "label": { "weight": "heavy" } }"##, "field 'label.weight': must be regular or bold"),
      (
        ##"{ "label": { "tenths": "sometimes" } }"##,
        "field 'label.tenths': must be one of always, lastMinute, never"
      ),
      (
        ##"{ "label": { "colour": "#000" } }"##,
        "field 'label.colour': unknown field (known: color, font, size, tenths, weight)"
      ),
    ] {
      #expect {
        _ = try CountdownRing.Style.decode(Data(json.utf8), source: "ring.json")
      } throws: { error in
        (error as? ThemeError)?.description.hasPrefix("theme ring.json: \(message)") == true
      }
    }
  }

  @Test func pulseRunsThenStops() throws {
    let ring = CountdownRing(size: 200)
    ring.setPulsing(true, at: 10)
    let pulse = try #require(ring.layer.sublayers.first?.sublayers.first as? GradientLayer)
    let quarter = ring.layer.presentation(at: 10.5).sublayers[0].sublayers[0]
    #expect(abs(quarter.opacity - 0.35) < 1e-9)  // ease-in-out is half way at half time
    #expect(abs(quarter.transform.a - 1.1) < 1e-9)
    #expect(ring.layer.nextFrameTime(after: 100) == 100)
    ring.setPulsing(false, at: 12)
    #expect(pulse.isHidden)
    #expect(ring.layer.nextFrameTime(after: 100) == nil)
  }

  /// Echoes are the pulse replicated, each a beat's fraction later: the second shows at 10.75
  /// what the first showed at 10.25, and shows nothing before its first beat.
  @Test func echoesFollowThePulseByAFractionOfABeat() throws {
    var style = CountdownRing.Style()
    style.pulseEchoes = 2
    let ring = CountdownRing(size: 200, style: style)
    ring.setPulsing(true, at: 10)
    func echoes(at t: Double) -> [Layer] {
      ring.layer.presentation(at: t).sublayers[0].sublayers.map { $0.sublayers[0] }
    }
    let early = echoes(at: 10.25)
    #expect(early.count == 2 && early[1].opacity == 0)
    let late = echoes(at: 10.75)
    #expect(late[1].opacity == early[0].opacity && late[1].transform == early[0].transform)
    #expect(late[0].opacity < early[0].opacity)
    #expect(ring.layer.nextFrameTime(after: 10.1) == 10.1)
  }

  @Test func nextChangeIsTheLabelOrAPixelOfArc() {
    let ring = CountdownRing(size: 400)
    #expect(
      abs(ring.delayToNextChange(remaining: .milliseconds(200_750), total: .seconds(300)) - 0.05)
        < 1e-6, "the next tenth")
    ring.style.tenths = .lastMinute
    // 5 minutes over a 160 px radius: the tip moves a pixel every 300 / (2π·160) ≈ 0.3 s.
    let delay = ring.delayToNextChange(remaining: .milliseconds(200_700), total: .seconds(300))
    #expect(abs(delay - 300 / (2 * .pi * 160)) < 1e-6)
    // A 1 h timer: the label's next second (0.7 s) comes before a pixel of arc (3.6 s).
    #expect(
      abs(ring.delayToNextChange(remaining: .milliseconds(1_000_700), total: .seconds(3600)) - 0.7)
        < 1e-6)
    #expect(ring.delayToNextChange(remaining: .zero, total: .seconds(3600)) == .infinity)
  }

  @Test func withNothingToMoveTheRingStepsWithTheLabel() {
    let ring = CountdownRing(size: 400)
    ring.style.tenths = .lastMinute
    // 5 minutes: the arc would move a pixel in 0.3 s; the label's second comes at 0.7 s.
    #expect(abs(ring.delayToNextLabel(remaining: .milliseconds(200_700)) - 0.7) < 1e-6)
    // In the last minute, the next tenth.
    #expect(abs(ring.delayToNextLabel(remaining: .milliseconds(42_750)) - 0.05) < 1e-6)
    #expect(ring.delayToNextLabel(remaining: .zero) == .infinity)
  }

  @Test func backdropCyclesThroughThePairs() throws {
    let backdrop = GradientBackdrop(size: Size(width: 100, height: 100))
    let (c1, c2, c3) = (
      GradientBackdrop.defaultColors[0], GradientBackdrop.defaultColors[1],
      GradientBackdrop.defaultColors[2]
    )
    backdrop.start(at: 0)
    func colors(_ t: Double) -> [Color] {
      (backdrop.layer.presentation(at: t) as? GradientLayer)?.colors ?? []
    }
    #expect(colors(0) == [c1, c2])
    #expect(colors(3) == [c2, c3])
    #expect(colors(6) == [c3, c1])
    #expect(colors(9) == [c1, c2])
    #expect(
      colors(1.5) == [c1.interpolated(to: c2, amount: 0.5), c2.interpolated(to: c3, amount: 0.5)])
  }

  /// The design's two readouts: the total, and the lap running now.
  @Test func stopwatchDisplayShowsTheTotalAndTheRunningLap() throws {
    let display = StopwatchDisplay(size: Size(width: 400, height: 600))
    let texts = {
      display.layer.sublayers.compactMap {
        ($0 as? TextLayer).flatMap { $0.isHidden ? nil : $0.string }
      }
    }
    display.show(elapsed: .milliseconds(1_250), laps: [])
    #expect(Array(texts().prefix(2)) == ["00:01.25", "Lap 1  00:01.25"])
    display.show(
      elapsed: .milliseconds(5_250), laps: [Lap(number: 1, split: .seconds(3), total: .seconds(3))])
    #expect(Array(texts().prefix(2)) == ["00:05.25", "Lap 2  00:02.25"])
  }

  @Test func stopwatchDisplayMarksBestAndWorst() throws {
    let display = StopwatchDisplay(size: Size(width: 400, height: 600))
    let laps = [
      Lap(number: 1, split: .seconds(3), total: .seconds(3)),
      Lap(number: 2, split: .seconds(1), total: .seconds(4)),
      Lap(number: 3, split: .seconds(2), total: .seconds(6)),
    ]
    display.show(elapsed: .milliseconds(6_543), laps: laps)
    let texts = display.layer.sublayers.compactMap { $0 as? TextLayer }.filter { !$0.isHidden }.map(
      \.string)
    #expect(
      texts == [
        "00:06.54", "Lap 4  00:00.54", "Lap 3  00:02.00  00:06.00",
        "Lap 2  00:01.00  00:04.00  best", "Lap 1  00:03.00  00:03.00  worst",
      ])
    #expect(
      abs(StopwatchDisplay.delayToNextChange(elapsed: .milliseconds(6_543), running: true) - 0.007)
        < 1e-9)
    #expect(
      StopwatchDisplay.delayToNextChange(elapsed: .milliseconds(6_543), running: false) == .infinity
    )
  }
}
