import CCairo
import ClockworkScene

/// Owns a `cairo_t` drawing onto a surface.
final class CairoContext {
  let handle: OpaquePointer
  let surface: CairoSurface

  init(surface: CairoSurface, antialiased: Bool = true) throws(CairoError) {
    guard let handle = cairo_create(surface.handle) else {
      throw CairoError(CAIRO_STATUS_NO_MEMORY, "create context")
    }
    let status = cairo_status(handle)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(handle)
      throw CairoError(status, "create context")
    }
    self.handle = handle
    self.surface = surface
    cairo_set_font_options(handle, antialiased ? Self.fontOptions : Self.hardEdgedFontOptions)
    if !antialiased { cairo_set_antialias(handle, CAIRO_ANTIALIAS_NONE) }
  }

  /// The same text on every surface: unhinted outlines, grey anti-aliasing. Cairo resolves a
  /// font face once per process with the options of its first use, so surface defaults
  /// (hinted for images, unhinted for SVG and PDF) made glyphs depend on which was drawn first
  /// (seen: a snapshot's numerals differed in one test run of three).
  nonisolated(unsafe) static let fontOptions: OpaquePointer? = {
    // Cairo returns an inert error object rather than nil when out of memory.
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    return options
  }()

  nonisolated(unsafe) static let hardEdgedFontOptions: OpaquePointer? = {
    let options = cairo_font_options_copy(fontOptions)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
    return options
  }()

  deinit { cairo_destroy(handle) }

  func check(_ operation: @autoclosure () -> String) throws(CairoError) {
    try CairoError.check(cairo_status(handle), operation())
  }

  func concat(_ t: AffineTransform) {
    guard !t.isIdentity else { return }
    var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_transform(handle, &matrix)
  }

  func setSource(_ color: Color, alpha: Double = 1) {
    cairo_set_source_rgba(handle, color.red, color.green, color.blue, color.alpha * alpha)
  }

  /// Replaces the current path with `path`.
  func setPath(_ path: Path) {
    cairo_new_path(handle)
    for element in path.elements {
      switch element {
      case .move(let p): cairo_move_to(handle, p.x, p.y)
      case .line(let p): cairo_line_to(handle, p.x, p.y)
      case .quadCurve(let c, let p):
        var x0 = 0.0
        var y0 = 0.0
        if cairo_has_current_point(handle) != 0 {
          cairo_get_current_point(handle, &x0, &y0)
        } else {
          (x0, y0) = (c.x, c.y)
        }
        cairo_curve_to(
          handle, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0), p.x + 2 / 3 * (c.x - p.x),
          p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
      case .cubicCurve(let c1, let c2, let p):
        cairo_curve_to(handle, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
      case .arc(let center, let radius, let start, let end):
        // Dial angles (clockwise from 12) to Cairo's (clockwise from 3 o'clock, y down).
        if end >= start {
          cairo_arc(handle, center.x, center.y, radius, start - .pi / 2, end - .pi / 2)
        } else {
          cairo_arc_negative(handle, center.x, center.y, radius, start - .pi / 2, end - .pi / 2)
        }
      case .close: cairo_close_path(handle)
      }
    }
  }
}

/// Owns a `cairo_pattern_t`.
final class CairoPattern {
  let handle: OpaquePointer

  init(_ handle: OpaquePointer, operation: String) throws(CairoError) {
    let status = cairo_pattern_status(handle)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_pattern_destroy(handle)
      throw CairoError(status, operation)
    }
    self.handle = handle
  }

  deinit { cairo_pattern_destroy(handle) }

  /// Ends the innermost `cairo_push_group` and owns what was drawn.
  static func popGroup(_ cr: OpaquePointer, _ operation: String) throws(CairoError) -> CairoPattern
  {
    guard let pattern = cairo_pop_group(cr) else {
      throw CairoError(CAIRO_STATUS_NO_MEMORY, operation)
    }
    return try CairoPattern(pattern, operation: operation)
  }
}
