import CCairo
import CGlyphOutlines
import ClockworkScene
import FoundationEssentials

extension Renderer {
  /// One line of text through Cairo's font API (fontconfig picks the face), or as FreeType's
  /// outlines (``drawsTextAsPaths``).
  func drawText(_ layer: TextLayer, in context: CairoContext) {
    guard !layer.string.isEmpty, layer.foregroundColor.alpha > 0 else { return }
    if drawsTextAsPaths, readsGlyphOutlines {
      let characters = layer.string.unicodeScalars.map(\.value)
      if usesBuiltInGlyphs,
        let face = BuiltInGlyphs.face(family: layer.fontFamily, weight: layer.fontWeight),
        face.covers(characters)
      {
        return fillOutlines(
          of: layer, extents: face.extents(of: characters), in: context
        ) { size, origin in
          face.appendPath(of: characters, size: size, at: origin, to: context.handle)
        }
      }
      if rastersInside == nil { lastTextPass = renderPasses }
      if glyphOutlines == nil {
        glyphOutlines = GlyphOutlines()
        fontReaders += 1
      }
      if let outlines = glyphOutlines,
        let face = outlines.face(family: layer.fontFamily, weight: layer.fontWeight)
      {
        return fillOutlines(
          of: layer, extents: outlines.extents(of: characters, in: face), in: context
        ) { size, origin in
          outlines.appendPath(of: characters, in: face, size: size, at: origin, to: context.handle)
        }
      }
    }
    let cr = context.handle
    // Reusing one face object lets Cairo reuse its scaled fonts; selecting by name each frame
    // costs a fontconfig lookup every time.
    cairo_set_font_face(cr, fontFace(family: layer.fontFamily, weight: layer.fontWeight).handle)
    cairo_set_font_size(cr, layer.fontSize)
    var font = cairo_font_extents_t()
    cairo_font_extents(cr, &font)
    var text = cairo_text_extents_t()
    cairo_text_extents(cr, layer.string, &text)
    let origin = Self.origin(
      of: layer, advance: text.x_advance, ascent: font.ascent, descent: font.descent,
      inkTop: text.y_bearing, inkHeight: text.height)
    context.setSource(layer.foregroundColor)
    cairo_new_path(cr)
    cairo_move_to(cr, origin.x, origin.y)
    if drawsTextAsPaths {
      cairo_text_path(cr, layer.string)
      cairo_fill(cr)
    } else {
      cairo_show_text(cr, layer.string)
    }
  }

  /// A line's outlines, built in or read with FreeType, filled: `appendPath` adds them at a
  /// font size and origin; `extents` are at font size 1.
  func fillOutlines(
    of layer: TextLayer, extents: cw_line_extents, in context: CairoContext,
    appendPath: (_ size: Double, _ origin: Point) -> Void
  ) {
    let size = layer.fontSize
    let origin = Self.origin(
      of: layer, advance: extents.advance * size, ascent: extents.ascent * size,
      descent: extents.descent * size, inkTop: extents.ink_top * size,
      inkHeight: (extents.ink_bottom - extents.ink_top) * size)
    context.setSource(layer.foregroundColor)
    cairo_new_path(context.handle)
    appendPath(size, origin)
    cairo_fill(context.handle)
  }

  /// Where the line's first glyph sits: its alignment in the layer's bounds.
  static func origin(
    of layer: TextLayer, advance: Double, ascent: Double, descent: Double, inkTop: Double,
    inkHeight: Double
  ) -> Point {
    let bounds = layer.bounds
    let x: Double
    switch layer.alignment {
    case .left: x = bounds.minX
    case .center: x = bounds.midX - advance / 2
    case .right: x = bounds.maxX - advance
    }
    let baseline: Double
    switch layer.verticalAlignment {
    case .top: baseline = bounds.minY + ascent
    // Centre the ink of the digits and capitals: their height is about the ascent less the
    // internal leading, so centre on the text's own extents.
    case .center: baseline = bounds.midY - (inkTop + inkHeight / 2)
    case .baseline: baseline = bounds.midY + (ascent - descent) / 2
    }
    return Point(x: x, y: baseline)
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
