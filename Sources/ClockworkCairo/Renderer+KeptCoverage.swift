import CCairo
import ClockworkScene

extension Renderer {
  /// A small shape drawn the same, in the same place, as at the pass before (a clock's cap
  /// under its moving hand) has its whole coverage kept: each pass then only paints through
  /// it, which costs a third of drawing it again. Returns the kept coverage (its `surface`
  /// `nil` until drawn), or `nil` for a shape that is not kept: a new, moved or large one,
  /// remembered so that the next pass can tell.
  func keptCoverage(of shape: ShapeLayer, matrix: cairo_matrix_t, box: Rect) -> KeptCoverage? {
    let layer = ObjectIdentifier(shape.modelLayer ?? shape)
    let key = KeptCoverage.Key(shape, matrix: matrix, antialiased: antialiased)
    let (left, top) = (box.minX.rounded(.down), box.minY.rounded(.down))
    let area = (box.maxX.rounded(.up) - left) * (box.maxY.rounded(.up) - top)
    if var kept = keptCoverages[layer], kept.key == key, area <= KeptCoverage.largestArea {
      kept.pass = renderPasses
      keptCoverages[layer] = kept
      return kept
    }
    keptCoverages[layer] = KeptCoverage(
      layer: layer, key: key, left: left, top: top, surface: nil, pass: renderPasses)
    return nil
  }
}

/// A shape's whole coverage kept between passes (``Renderer/keptCoverage(of:matrix:box:)``).
struct KeptCoverage {
  /// Everything the coverage depends on: the path, how it is painted, and where.
  struct Key: Equatable {
    let path: Path
    let fills: Bool
    let evenOdd: Bool
    let line: [Double]
    let cap: ShapeLayer.LineCap
    let join: ShapeLayer.LineJoin
    let dashes: [Double]
    let matrix: [Double]
    let antialiased: Bool

    init(_ shape: ShapeLayer, matrix m: cairo_matrix_t, antialiased: Bool) {
      path = shape.path
      fills = (shape.fillColor?.alpha ?? 0) > 0
      evenOdd = shape.fillRule == .evenOdd
      line = [shape.lineWidth, shape.strokeStart, shape.strokeEnd, shape.lineDashPhase]
      (cap, join, dashes) = (shape.lineCap, shape.lineJoin, shape.lineDashPattern)
      matrix = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
      self.antialiased = antialiased
    }
  }

  /// Pixels: a cap is a few hundred, a hand's box thousands.
  static let largestArea = 64.0 * 64

  let layer: ObjectIdentifier
  let key: Key
  let left: Double
  let top: Double
  var surface: CairoSurface?
  /// The last pass that drew it.
  var pass: Int
}
