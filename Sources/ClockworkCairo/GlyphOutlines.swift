import CCairo
import CGlyphOutlines
import ClockworkScene

/// Text as outlines, read with FreeType from the face fontconfig picks, for a renderer that
/// fills text as paths (``Renderer/drawsTextAsPaths``). Cairo's fonts keep their faces, caches
/// and font files mapped for the rest of the run; a terminal draws its dial's text once, so the
/// renderer lets all of this go after a few passes that draw no text.
///
/// It lays text out as Cairo does with the context's unhinted font options: the face
/// fontconfig matches for the family, a roman slant and the weight, each glyph's unhinted
/// outline placed at the sum of the advances before it, with no kerning.
final class GlyphOutlines {
  private let handle: OpaquePointer

  /// A face opened for a family and weight.
  struct Face {
    var number: Int32
  }

  init?() {
    guard let handle = cw_outlines_create() else { return nil }
    self.handle = handle
  }

  deinit { cw_outlines_destroy(handle) }

  /// The face for `family` and `weight`, as Cairo's toy font face would pick it.
  func face(family: String, weight: TextLayer.Weight) -> Face? {
    let number = cw_outlines_face(handle, family, weight == .bold ? 1 : 0)
    return number < 0 ? nil : Face(number: number)
  }

  /// The font extents, advance and ink of a line of characters (Unicode scalars) at font size
  /// 1, y down from the baseline.
  func extents(of characters: [UInt32], in face: Face) -> cw_line_extents {
    cw_outlines_measure(handle, face.number, characters, characters.count)
  }

  /// Adds the line's outlines (its characters are Unicode scalars) to `cr`'s path at font size
  /// `size`, the first glyph's origin at `origin` (user space).
  func appendPath(
    of characters: [UInt32], in face: Face, size: Double, at origin: Point, to cr: OpaquePointer
  ) {
    cw_outlines_append_path(
      handle, face.number, characters, characters.count, size, origin.x, origin.y,
      UnsafeMutableRawPointer(cr))
  }
}
