import ClockworkScene
import Testing

@testable import ClockworkCairo

/// A looser curve tolerance follows a circle with fewer segments: its edge moves by half a
/// pixel at most.
@Suite struct CurveToleranceTests {
  @Test func aLooserToleranceMovesACirclesEdgeByHalfAPixelAtMost() throws {
    let disc = ShapeLayer()
    disc.frame = Rect(x: 0, y: 0, width: 48, height: 48)
    disc.path = Path.circle(center: Point(x: 24, y: 24), radius: 15.3)
    disc.fillColor = .white
    func coverage(tolerance: Double) throws -> [Int] {
      let renderer = Renderer()
      renderer.curveTolerance = tolerance
      let surface = try CairoSurface.image(width: 48, height: 48)
      try renderer.render(disc.presentation(at: 0), on: surface)
      return (0..<48 * 48).map { Int(surface.pixel(x: $0 % 48, y: $0 / 48).a) }
    }
    let fine = try coverage(tolerance: 0.1)
    let loose = try coverage(tolerance: 0.5)
    let moved = zip(fine, loose).map { abs($0 - $1) }
    #expect(fine.filter { $0 == 255 }.count > 600)  // the disc was drawn, inside the surface
    #expect(moved.contains { $0 > 0 })  // the tolerance was used
    #expect(moved.max() ?? 0 <= 128)  // an edge pixel's coverage by half, at most
  }
}
