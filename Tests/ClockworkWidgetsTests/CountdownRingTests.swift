import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkTestSupport
import ClockworkWidgets
import Foundation
import Testing

@Suite struct CountdownRingTests {
  let size = 400.0

  func render(progress: Double, remaining: Duration = .seconds(30)) throws -> CairoSurface {
    let ring = CountdownRing(size: size)
    ring.show(remaining: remaining, progress: progress)
    return try Renderer().renderImage(ring.layer, width: Int(size), height: Int(size))
  }

  /// The pixel on the ring's centre line at `degrees` clockwise from 12.
  func onRing(_ image: CairoSurface, _ degrees: Double) -> PixelColor {
    let p = Point(onCircleAround: Point(x: size / 2, y: size / 2), radius: 0.4 * size, angle: degrees * .pi / 180)
    return image.pixel(x: Int(p.x), y: Int(p.y))
  }

  func isTrack(_ p: PixelColor) -> Bool { p.difference(from: PixelColor(r: 0xD3, g: 0xD3, b: 0xD3, a: 255)) <= 6 }
  /// Between the stroke's two colours: red-to-orange, never grey.
  func isArc(_ p: PixelColor) -> Bool { p.a == 255 && p.r > 190 && p.b < 120 && !isTrack(p) }

  @Test(arguments: [0.25, 0.5, 0.8])
  func arcEndsAtTheProgressAngle(progress: Double) throws {
    let image = try render(progress: progress)
    let end = progress * 360
    // Round caps reach about 3.6° past each end (half the line width at this radius).
    for degrees in stride(from: 5.0, through: end - 5, by: 5) { #expect(isArc(onRing(image, degrees)), "\(degrees)° of \(end)°") }
    for degrees in stride(from: end + 6, through: 354, by: 5) { #expect(isTrack(onRing(image, degrees)), "\(degrees)° after \(end)°") }
  }

  @Test func emptyRingIsAllTrackAndFullRingHasNoSeamAtTwelve() throws {
    let empty = try render(progress: 0)
    for degrees in stride(from: 0.0, to: 360, by: 15) { #expect(isTrack(onRing(empty, degrees))) }
    let full = try render(progress: 1)
    for degrees in stride(from: 0.0, to: 360, by: 15) { #expect(isArc(onRing(full, degrees)), "\(degrees)°") }
    // Either side of 12 o'clock the stroke is the same colour: no seam.
    #expect(onRing(full, 358).difference(from: onRing(full, 2)) < 12)
  }

  @Test func labelShowsTenthsInTheLastMinute() throws {
    let ring = CountdownRing(size: 200)
    ring.show(remaining: .milliseconds(59_950), progress: 0.5)
    let text = try #require(ring.layer.sublayers.compactMap { $0 as? TextLayer }.first)
    #expect(text.string == "1:00.0")
    ring.show(remaining: .milliseconds(61_000), progress: 0.5)
    #expect(text.string == "1:01")
  }

  @Test func pulseRunsThenStops() throws {
    let ring = CountdownRing(size: 200)
    ring.setPulsing(true, at: 10)
    let pulse = try #require(ring.layer.sublayers.first as? GradientLayer)
    let quarter = ring.layer.presentation(at: 10.5).sublayers[0]
    #expect(abs(quarter.opacity - 0.35) < 1e-9)  // ease-in-out is half way at half time
    #expect(abs(quarter.transform.a - 1.1) < 1e-9)
    #expect(ring.layer.nextFrameTime(after: 100) == 100)
    ring.setPulsing(false, at: 12)
    #expect(pulse.isHidden)
    #expect(ring.layer.nextFrameTime(after: 100) == nil)
  }

  @Test func nextChangeIsTheLabelOrAPixelOfArc() {
    let ring = CountdownRing(size: 400)
    // 5 minutes over a 160 px radius: the tip moves a pixel every 300 / (2π·160) ≈ 0.3 s.
    let delay = ring.delayToNextChange(remaining: .milliseconds(200_700), total: .seconds(300))
    #expect(abs(delay - 300 / (2 * .pi * 160)) < 1e-6)
    // A 1 h timer: the label's next second (0.7 s) comes before a pixel of arc (3.6 s).
    #expect(abs(ring.delayToNextChange(remaining: .milliseconds(1_000_700), total: .seconds(3600)) - 0.7) < 1e-6)
    #expect(ring.delayToNextChange(remaining: .zero, total: .seconds(3600)) == .infinity)
  }

  @Test func backdropCyclesThroughThePairs() throws {
    let backdrop = GradientBackdrop(size: Size(width: 100, height: 100))
    let (c1, c2, c3) = (GradientBackdrop.defaultColors[0], GradientBackdrop.defaultColors[1], GradientBackdrop.defaultColors[2])
    backdrop.start(at: 0)
    func colors(_ t: Double) -> [Color] { (backdrop.layer.presentation(at: t) as? GradientLayer)?.colors ?? [] }
    #expect(colors(0) == [c1, c2])
    #expect(colors(3) == [c2, c3])
    #expect(colors(6) == [c3, c1])
    #expect(colors(9) == [c1, c2])
    #expect(colors(1.5) == [c1.interpolated(to: c2, amount: 0.5), c2.interpolated(to: c3, amount: 0.5)])
  }

  @Test func stopwatchDisplayMarksBestAndWorst() throws {
    let display = StopwatchDisplay(size: Size(width: 400, height: 600))
    let laps = [
      Lap(number: 1, split: .seconds(3), total: .seconds(3)), Lap(number: 2, split: .seconds(1), total: .seconds(4)),
      Lap(number: 3, split: .seconds(2), total: .seconds(6)),
    ]
    display.show(elapsed: .milliseconds(6_543), laps: laps)
    let texts = display.layer.sublayers.compactMap { $0 as? TextLayer }.filter { !$0.isHidden }.map(\.string)
    #expect(texts == ["00:06.54", "Lap 3  00:02.00  00:06.00", "Lap 2  00:01.00  00:04.00  best", "Lap 1  00:03.00  00:03.00  worst"])
    #expect(abs(StopwatchDisplay.delayToNextChange(elapsed: .milliseconds(6_543), running: true) - 0.007) < 1e-9)
    #expect(StopwatchDisplay.delayToNextChange(elapsed: .milliseconds(6_543), running: false) == .infinity)
  }
}
