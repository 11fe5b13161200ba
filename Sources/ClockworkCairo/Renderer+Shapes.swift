import CCairo
import ClockworkScene
import FoundationEssentials
import Glibc

extension Renderer {
  /// Fills and strokes the shape with its colours at `alpha`, or — given `source` — with that
  /// pattern wherever the shape's colours are (a gradient seen through the shape).
  func drawShape(
    _ shape: ShapeLayer, in context: CairoContext, source: CairoPattern? = nil, alpha: Double = 1
  ) {
    let cr = context.handle
    guard !shape.path.isEmpty else { return }
    func paint(_ color: Color) {
      if let source {
        cairo_set_source(cr, source.handle)
      } else {
        context.setSource(color, alpha: alpha)
      }
    }
    func finish(_ operation: (OpaquePointer?) -> Void) {
      if source != nil && alpha < 1 {
        cairo_push_group(cr)
        operation(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
      } else {
        operation(cr)
      }
    }
    if let fill = shape.fillColor, fill.alpha > 0 {
      context.setPath(shape.path)
      cairo_set_fill_rule(
        cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      paint(fill)
      finish(cairo_fill)
    }
    guard let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 else { return }
    let start = min(max(shape.strokeStart, 0), 1)
    let end = min(max(shape.strokeEnd, 0), 1)
    guard end > start else { return }
    context.setPath(shape.path)
    if start > 0 || end < 1 { Self.trimCurrentPath(cr, from: start, to: end) }
    cairo_set_line_width(cr, shape.lineWidth)
    cairo_set_line_cap(cr, Self.cap(shape.lineCap))
    cairo_set_line_join(cr, Self.join(shape.lineJoin))
    if !shape.lineDashPattern.isEmpty {
      cairo_set_dash(
        cr, shape.lineDashPattern, Int32(shape.lineDashPattern.count), shape.lineDashPhase)
    }
    paint(stroke)
    finish(cairo_stroke)
  }

  static func cap(_ cap: ShapeLayer.LineCap) -> cairo_line_cap_t {
    switch cap {
    case .butt: CAIRO_LINE_CAP_BUTT
    case .round: CAIRO_LINE_CAP_ROUND
    case .square: CAIRO_LINE_CAP_SQUARE
    }
  }

  static func join(_ join: ShapeLayer.LineJoin) -> cairo_line_join_t {
    switch join {
    case .miter: CAIRO_LINE_JOIN_MITER
    case .round: CAIRO_LINE_JOIN_ROUND
    case .bevel: CAIRO_LINE_JOIN_BEVEL
    }
  }

  /// Replaces the current path with the part between fractions `from` and `to` of its length
  /// (Core Animation's strokeStart/strokeEnd), measured on Cairo's flattened copy.
  static func trimCurrentPath(_ cr: OpaquePointer, from: Double, to: Double) {
    cairo_set_tolerance(cr, 0.01)
    guard let flat = cairo_copy_path_flat(cr) else { return }
    defer { cairo_path_destroy(flat) }
    var segments: [(Double, Double, Double, Double, Bool)] = []  // x0 y0 x1 y1, starts a subpath
    var current = (0.0, 0.0)
    var subpathStart = (0.0, 0.0)
    var newSubpath = true
    var i = 0
    let count = Int(flat.pointee.num_data)
    while i < count {
      let header = flat.pointee.data[i].header
      let point = { (k: Int) in (flat.pointee.data[i + k].point.x, flat.pointee.data[i + k].point.y)
      }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        current = point(1)
        subpathStart = current
        newSubpath = true
      case CAIRO_PATH_LINE_TO:
        let p = point(1)
        segments.append((current.0, current.1, p.0, p.1, newSubpath))
        newSubpath = false
        current = p
      case CAIRO_PATH_CLOSE_PATH:
        segments.append((current.0, current.1, subpathStart.0, subpathStart.1, newSubpath))
        newSubpath = true
        current = subpathStart
      default: break
      }
      i += Int(header.length)
    }
    let lengths = segments.map { hypot($0.2 - $0.0, $0.3 - $0.1) }
    let total = lengths.reduce(0, +)
    cairo_new_path(cr)
    guard total > 0 else { return }
    let startLength = from * total
    let endLength = to * total
    var walked = 0.0
    var drawing = false
    for (segment, length) in zip(segments, lengths) {
      let segStart = walked
      let segEnd = walked + length
      walked = segEnd
      if segment.4 { drawing = false }
      guard segEnd > startLength, segStart < endLength, length > 0 else { continue }
      let t0 = max(0, (startLength - segStart) / length)
      let t1 = min(1, (endLength - segStart) / length)
      let p0 = (segment.0 + (segment.2 - segment.0) * t0, segment.1 + (segment.3 - segment.1) * t0)
      let p1 = (segment.0 + (segment.2 - segment.0) * t1, segment.1 + (segment.3 - segment.1) * t1)
      if !drawing || t0 > 0 { cairo_move_to(cr, p0.0, p0.1) }
      cairo_line_to(cr, p1.0, p1.1)
      drawing = true
    }
  }
}
