import CCairo
import ClockworkScene
import FoundationEssentials

extension Renderer {
  /// One line of text through Cairo's font API (fontconfig picks the face).
  func drawText(_ layer: TextLayer, in context: CairoContext) {
    guard !layer.string.isEmpty, layer.foregroundColor.alpha > 0 else { return }
    let cr = context.handle
    // Reusing one face object lets Cairo reuse its scaled fonts; selecting by name each frame
    // costs a fontconfig lookup every time.
    cairo_set_font_face(cr, fontFace(family: layer.fontFamily, weight: layer.fontWeight).handle)
    cairo_set_font_size(cr, layer.fontSize)
    var font = cairo_font_extents_t()
    cairo_font_extents(cr, &font)
    var text = cairo_text_extents_t()
    cairo_text_extents(cr, layer.string, &text)
    let bounds = layer.bounds
    let x: Double
    switch layer.alignment {
    case .left: x = bounds.minX
    case .center: x = bounds.midX - text.x_advance / 2
    case .right: x = bounds.maxX - text.x_advance
    }
    let baseline: Double
    switch layer.verticalAlignment {
    case .top: baseline = bounds.minY + font.ascent
    // Centre the ink of the digits and capitals: their height is about the ascent less the
    // internal leading, so centre on the text's own extents.
    case .center: baseline = bounds.midY - (text.y_bearing + text.height / 2)
    case .baseline: baseline = bounds.midY + (font.ascent - font.descent) / 2
    }
    context.setSource(layer.foregroundColor)
    cairo_new_path(cr)
    cairo_move_to(cr, x, baseline)
    if drawsTextAsPaths {
      cairo_text_path(cr, layer.string)
      cairo_fill(cr)
    } else {
      cairo_show_text(cr, layer.string)
    }
  }
}

extension Renderer {
  func fontFace(family: String, weight: TextLayer.Weight) -> FontFace {
    let key = FontKey(family: family, weight: weight)
    if let face = fontFaces[key] { return face }
    let face = FontFace(family: family, weight: weight)
    fontFaces[key] = face
    return face
  }
}

struct FontKey: Hashable {
  var family: String
  var weight: TextLayer.Weight
}

/// Owns a `cairo_font_face_t` (a fontconfig family and weight).
final class FontFace {
  let handle: OpaquePointer

  init(family: String, weight: TextLayer.Weight) {
    handle = cairo_toy_font_face_create(
      family, CAIRO_FONT_SLANT_NORMAL,
      weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
  }

  deinit { cairo_font_face_destroy(handle) }
}

extension Rect {
  var midX: Double { minX + width / 2 }
  var midY: Double { minY + height / 2 }
}
