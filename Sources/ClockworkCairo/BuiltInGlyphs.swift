import CGlyphOutlines
import ClockworkScene

/// The few characters a terminal's faces draw (a dial's numerals, the large digits of a
/// stopwatch or a digital clock), in the faces they name, kept in the binary as FreeType reads
/// them unhinted (`scripts/fonts/builtin-glyphs`). A terminal then draws them with no
/// fontconfig, none of its configuration read and no font opened: that was a megabyte of a
/// start's memory and most of a first start's time. Text with any other character or face is
/// read with FreeType (``GlyphOutlines``), as before.
///
/// It lays text out as ``GlyphOutlines`` does, to the same numbers: each glyph's outline placed
/// at the sum of the advances before it, with no kerning, through the same C to Cairo's path.
enum BuiltInGlyphs {
  /// One family's weight: its metrics and glyphs in font units.
  struct Face {
    let family: String
    let bold: Bool
    let unitsPerEM: Int32
    let ascender: Int32
    let descender: Int32
    let glyphs: [UInt32: Glyph]

    /// Whether every one of `characters` is here.
    func covers(_ characters: [UInt32]) -> Bool {
      characters.allSatisfy { glyphs[$0] != nil }
    }
  }

  /// A glyph: its advance, its control box (if it has any ink) and its outline as
  /// `FT_Outline_Decompose` gave it: 0 x y moves, 1 x y draws a line, 2 cx cy x y a quadratic
  /// curve, 3 x1 y1 x2 y2 x y a cubic one.
  struct Glyph {
    let advance: Int32
    let inked: Bool
    let box: (xMin: Int32, yMin: Int32, xMax: Int32, yMax: Int32)
    let path: [Int32]
  }

  /// The face of `family` in `weight`, if it is kept here.
  static func face(family: String, weight: TextLayer.Weight) -> Face? {
    faces.first { $0.family == family && $0.bold == (weight == .bold) }
  }
}

extension BuiltInGlyphs.Face {
  /// The font extents, advance and ink of a line at font size 1, y down from the baseline
  /// (``GlyphOutlines/extents(of:in:)``).
  func extents(of characters: [UInt32]) -> cw_line_extents {
    let units = Double(unitsPerEM)
    var extents = cw_line_extents(
      ascent: Double(ascender) / units, descent: -Double(descender) / units, advance: 0,
      ink_top: 0, ink_bottom: 0)
    var (top, bottom) = (Double.infinity, -Double.infinity)
    for character in characters {
      guard let glyph = glyphs[character] else { continue }
      if glyph.inked {
        top = Swift.min(top, -Double(glyph.box.yMax) / units)
        bottom = Swift.max(bottom, -Double(glyph.box.yMin) / units)
      }
      extents.advance += Double(glyph.advance) / units
    }
    if top <= bottom { (extents.ink_top, extents.ink_bottom) = (top, bottom) }
    return extents
  }

  /// Adds the line's outlines to `cr`'s path at font size `size`, the first glyph's origin at
  /// `origin` (``GlyphOutlines/appendPath(of:in:size:at:to:)``, through the same C).
  func appendPath(of characters: [UInt32], size: Double, at origin: Point, to cr: OpaquePointer) {
    let scale = size / Double(unitsPerEM)
    var x = origin.x
    for character in characters {
      guard let glyph = glyphs[character] else { continue }
      cw_outlines_append_steps(
        glyph.path, glyph.path.count, scale, x, origin.y, UnsafeMutableRawPointer(cr))
      x += Double(glyph.advance) * scale
    }
  }
}
