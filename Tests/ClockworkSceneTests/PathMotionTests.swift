import ClockworkScene
import RealModule
import Testing

/// A layer moved along a path at an even speed, turning with it (Core Animation's keyframe
/// animation with a path and auto-rotate).
@Suite struct PathMotionTests {
  static func close(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1e-6 }

  @Test func aHandMovingAlongAnArcTurnsWithIt() throws {
    var arc = Path()  // from 12 o'clock, clockwise, to 6
    arc.addArc(center: Point(x: 100, y: 100), radius: 80, startAngle: 0, endAngle: .pi)
    let hand = Layer()
    hand.add(
      PathMotion(along: arc, rotatesWithPath: true, timing: AnimationTiming(duration: 2)),
      forKey: "travel")
    // Half way, at 3 o'clock, going down the screen: turned a quarter clockwise (the arc is
    // followed as 64 chords: its turn within half a chord's, 0.025 rad).
    let middle = hand.presentation(at: 1)
    #expect(Self.close(middle.position, Point(x: 180, y: 100)))
    #expect(abs(Double.atan2(y: middle.transform.b, x: middle.transform.a) - .pi / 2) < 0.025)
    // At the start, at 12 going right: not turned; near the end, going left: half a turn.
    let start = hand.presentation(at: 0).transform
    #expect(abs(Double.atan2(y: start.b, x: start.a)) < 0.025)
    let end = hand.presentation(at: 1.999).transform
    #expect(abs(abs(Double.atan2(y: end.b, x: end.a)) - .pi) < 0.025)
    #expect(hand.transform == .identity)
  }

  @Test func itGoesAtAnEvenSpeedAndTurnsAtCorners() throws {
    let corner = Path { path in
      path.move(to: Point(x: 0, y: 0))
      path.line(to: Point(x: 100, y: 0))
      path.line(to: Point(x: 100, y: 100))
    }
    let motion = PathMotion(along: corner, timing: AnimationTiming(duration: 1))
    #expect(motion.length == 200)
    let quarter = try #require(motion.place(at: 0.25))
    #expect(Self.close(quarter.0, Point(x: 50, y: 0)) && quarter.1 == 0)
    let threeQuarters = try #require(motion.place(at: 0.75))
    #expect(
      Self.close(threeQuarters.0, Point(x: 100, y: 50)) && abs(threeQuarters.1 - .pi / 2) < 1e-9)
  }

  @Test func withoutRotationOnlyThePositionMovesAndAJumpHasNoLength() throws {
    let jumps = Path { path in
      path.move(to: Point(x: 0, y: 0))
      path.line(to: Point(x: 10, y: 0))
      path.move(to: Point(x: 50, y: 50))
      path.line(to: Point(x: 50, y: 60))
    }
    let layer = Layer()
    layer.transform = AffineTransform(scale: 2)
    layer.add(PathMotion(along: jumps, timing: AnimationTiming(duration: 2)), forKey: "m")
    #expect(PathMotion(along: jumps, timing: AnimationTiming(duration: 2)).length == 20)
    let shown = layer.presentation(at: 1.5)
    #expect(Self.close(shown.position, Point(x: 50, y: 55)))
    #expect(shown.transform == AffineTransform(scale: 2))
    #expect(layer.nextFrameTime(after: 1.5) == 1.5)
  }
}
