import CChafa
import ClockworkCairo
import FoundationEssentials
import Glibc

/// The escapes that draw part of a picture (`--graphics sixel|kitty`) from the cursor.
enum PictureEscape {
  /// `part` of `image` in its protocol; kitty parts carry `id`, which replaces the earlier
  /// picture of that id and its placement.
  static func draw(_ part: CellRect, of image: PixelImage, id: Int) -> [UInt8] {
    switch image.kind {
    case .sixel: sixel(part, of: image)
    case .kitty: (try? kitty(part, of: image, id: id)) ?? []
    }
  }

  /// Sixels encoded by libchafa, in the fixed 240-colour palette (a palette chosen per picture
  /// made each part's white a slightly different white). A sixel band is six pixel rows and
  /// chafa scales a picture to whole bands, which moved everything by a pixel or two: the part
  /// is taken to whole bands — a few rows taller, from the picture's own pixels below it, or
  /// at the picture's foot a few rows shorter.
  static func sixel(_ part: CellRect, of image: PixelImage) -> [UInt8] {
    let left = part.column * image.cellWidth
    let top = part.row * image.cellHeight
    let width = part.columns * image.cellWidth
    let rows = part.rows * image.cellHeight
    let height = min((rows + 5) / 6, (image.height - top) / 6) * 6
    guard width > 0, height > 0, ChafaCells.isAvailable else { return [] }
    let config = cw_chafa_canvas_config_new()
    defer { cw_chafa_canvas_config_unref(config) }
    // One canvas cell a pixel: chafa then neither scales nor crops.
    cw_chafa_canvas_config_set_geometry(config, Int32(width), Int32(height))
    cw_chafa_canvas_config_set_cell_geometry(config, 1, 1)
    cw_chafa_canvas_config_set_canvas_mode(config, Int32(CW_CHAFA_CANVAS_MODE_INDEXED_240))
    cw_chafa_canvas_config_set_pixel_mode(config, Int32(CW_CHAFA_PIXEL_MODE_SIXELS))
    guard let canvas = cw_chafa_canvas_new(config) else { return [] }
    defer { cw_chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      let start = base.assumingMemoryBound(to: UInt8.self) + (top * image.width + left) * 4
      cw_chafa_canvas_draw_all_pixels(
        canvas, Int32(CW_CHAFA_PIXEL_BGRA8_PREMULTIPLIED), start, Int32(width), Int32(height),
        Int32(image.width * 4))
    }
    var length = 0
    guard let printed = cw_chafa_print_sixels(canvas, &length) else { return [] }
    defer { free(printed) }
    return Array(UnsafeBufferPointer(start: printed, count: length))
  }

  /// Base64 characters an escape may carry (the protocol's limit).
  static let kittyChunk = 4096

  /// The kitty graphics protocol with the part as PNG. Written here rather than by chafa:
  /// chafa sends raw RGBA, many times the bytes of PNG, and no image id, without which nothing
  /// can be replaced.
  static func kitty(_ part: CellRect, of image: PixelImage, id: Int) throws(CairoError) -> [UInt8] {
    let width = part.columns * image.cellWidth
    let height = part.rows * image.cellHeight
    guard width > 0, height > 0 else { return [] }
    let surface = try CairoSurface.image(width: width, height: height)
    surface.withMutablePixels { target, stride in
      image.pixels.withUnsafeBufferPointer { source in
        let start = part.row * image.cellHeight * image.width + part.column * image.cellWidth
        PixelRect.copy(
          source, from: start, stride: image.width, to: target, at: 0, stride: stride, width: width,
          rows: height)
      }
    }
    let base64 = Data(try surface.pngData()).base64EncodedString()
    // Placed at the cursor over the part's cells; no reply (it would arrive as keys); under the
    // text (z < 0) so overlays stay readable; the cursor stays where it was.
    var payload = ""
    var start = base64.startIndex
    var first = true
    repeat {
      let end =
        base64.index(start, offsetBy: kittyChunk, limitedBy: base64.endIndex) ?? base64.endIndex
      let more = end < base64.endIndex ? 1 : 0
      let control =
        first
        ? "a=T,i=\(id),f=100,q=2,z=-1,C=1,c=\(part.columns),r=\(part.rows),m=\(more)" : "m=\(more)"
      payload += "\u{1B}_G\(control);\(base64[start..<end])\u{1B}\\"
      start = end
      first = false
    } while start < base64.endIndex
    return Array(payload.utf8)
  }
}
