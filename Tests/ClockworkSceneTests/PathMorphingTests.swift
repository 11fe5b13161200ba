import ClockworkScene
import Testing

/// Paths blend point by point when their steps match, as Core Animation morphs a shape layer's
/// path; paths of other steps do not blend.
@Suite struct PathMorphingTests {
  static func triangle(_ a: Point, _ b: Point, _ c: Point) -> Path {
    Path { path in
      path.move(to: a)
      path.line(to: b)
      path.line(to: c)
      path.close()
    }
  }

  static let narrow = triangle(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 20))
  static let wide = triangle(Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 15, y: 40))

  @Test func aMorphingPathsMidpointIsTheMidpointOfEachPoint() throws {
    let layer = ShapeLayer()
    layer.path = Self.narrow
    layer.add(
      BasicAnimation(
        \ShapeLayer.path, from: Self.narrow, to: Self.wide,
        timing: AnimationTiming(beginTime: 0, duration: 2)), forKey: "morph")
    let shown = try #require(layer.presentation(at: 1) as? ShapeLayer)
    #expect(
      shown.path == Self.triangle(Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 10, y: 30)))
    #expect(layer.path == Self.narrow)
  }

  @Test func curvesAndArcsBlendTheirControlsRadiiAndAngles() {
    var from = Path()
    from.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: 1)
    from.cubicCurve(
      to: Point(x: 10, y: 10), control1: Point(x: 0, y: 5), control2: Point(x: 5, y: 10))
    var to = Path()
    to.addArc(center: Point(x: 10, y: 0), radius: 30, startAngle: 1, endAngle: 3)
    to.cubicCurve(
      to: Point(x: 30, y: 10), control1: Point(x: 0, y: 15), control2: Point(x: 15, y: 10))
    var half = Path()
    half.addArc(center: Point(x: 5, y: 0), radius: 20, startAngle: 0.5, endAngle: 2)
    half.cubicCurve(
      to: Point(x: 20, y: 10), control1: Point(x: 0, y: 10), control2: Point(x: 10, y: 10))
    #expect(from.interpolated(to: to, amount: 0.5) == half)
  }

  @Test func pathsOfOtherStepsDoNotBlend() {
    let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(Self.narrow.interpolated(to: square, amount: 0.5) == Self.narrow)
    #expect(Self.narrow.interpolated(to: square, amount: 1) == square)
    #expect(Self.narrow.distance(to: square) == 1)
    #expect(
      Self.narrow.distance(to: Self.wide) == 0 + 20
        + Point(x: 5, y: 20).distance(to: Point(x: 15, y: 40)))
  }
}
