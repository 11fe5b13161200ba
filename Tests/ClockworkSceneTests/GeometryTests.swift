import ClockworkScene
import Foundation
import Testing

@Suite struct GeometryTests {
  func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

  @Test func rotationIsClockwiseOnScreen() {
    // y grows downwards: 12 o'clock (0, -1) turns to 3 o'clock (1, 0).
    #expect(
      close(AffineTransform(rotation: .pi / 2).apply(to: Point(x: 0, y: -1)), Point(x: 1, y: 0)))
    #expect(close(Point(onCircleAround: .zero, radius: 1, angle: .pi / 2), Point(x: 1, y: 0)))
  }

  @Test func concatenationAppliesSelfFirst() {
    let t = AffineTransform(scale: 2).concatenating(AffineTransform(translationX: 10, y: 0))
    #expect(close(t.apply(to: Point(x: 1, y: 1)), Point(x: 12, y: 2)))
    #expect(
      close(
        AffineTransform.identity.translatedBy(x: 5, y: 0).scaledBy(x: 2, y: 2).apply(
          to: Point(x: 1, y: 0)), Point(x: 7, y: 0)))
  }

  @Test func inverseUndoes() throws {
    let t = AffineTransform(rotation: 0.7).concatenating(AffineTransform(scaleX: 2, y: 3))
      .concatenating(AffineTransform(translationX: 4, y: -2))
    let inverse = try #require(t.inverted())
    let p = Point(x: 3.5, y: -1.25)
    #expect(close(inverse.apply(to: t.apply(to: p)), p))
    #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
  }

  @Test func decompositionRoundTrips() {
    let t = AffineTransform(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0)
      .concatenating(AffineTransform(scaleX: 2, y: 0.5)).concatenating(
        AffineTransform(rotation: 1.1)
      )
      .concatenating(AffineTransform(translationX: 7, y: 9))
    let back = AffineTransform(t.decomposed)
    for (x, y) in [
      (t.a, back.a), (t.b, back.b), (t.c, back.c), (t.d, back.d), (t.tx, back.tx), (t.ty, back.ty),
    ] {
      #expect(abs(x - y) < 1e-9)
    }
  }

  @Test func transformsInterpolateAsRotations() {
    let halfway = AffineTransform.identity.interpolated(
      to: AffineTransform(rotation: 1.0), amount: 0.5)
    #expect(abs(halfway.decomposed.rotation - 0.5) < 1e-9)
    #expect(abs(halfway.decomposed.scale.width - 1) < 1e-9)
  }

  @Test func layerGeometryPivotsAtTheAnchor() {
    let hand = Layer()
    hand.bounds = Rect(x: 0, y: 0, width: 10, height: 100)
    hand.anchorPoint = Point(x: 0.5, y: 1)
    hand.position = Point(x: 200, y: 200)
    #expect(hand.frame == Rect(x: 195, y: 100, width: 10, height: 100))
    hand.transform = AffineTransform(rotation: .pi / 2)
    // The tip (5, 0) points to 3 o'clock from the pivot.
    #expect(close(hand.transformToSuperlayer.apply(to: Point(x: 5, y: 0)), Point(x: 300, y: 200)))
    #expect(close(hand.transformToSuperlayer.apply(to: Point(x: 5, y: 100)), Point(x: 200, y: 200)))
  }

  @Test func rectHelpers() {
    let r = Rect(x: 0, y: 0, width: 200, height: 100)
    #expect(
      r.inset(by: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        == Rect(x: 20, y: 10, width: 140, height: 60))
    #expect(
      r.subrect(unit: Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5))
        == Rect(x: 100, y: 50, width: 100, height: 50))
  }

  @Test func arcsAsCubicsStayOnTheCircle() {
    var path = Path()
    path.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 2 * .pi)
    let moved = path.applying(AffineTransform(translationX: 1, y: 0))
    for element in moved.elements {
      if case .cubicCurve(_, _, let to) = element {
        #expect(abs(to.distance(to: Point(x: 51, y: 50)) - 40) < 1e-9)
      }
    }
  }
}
