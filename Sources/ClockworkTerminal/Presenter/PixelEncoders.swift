import CChafa
import ClockworkCairo
import Foundation

/// Turns a rendered frame into a picture in a pixel protocol (`--graphics sixel|kitty`).
protocol PixelEncoder: AnyObject {
  var kind: PixelProtocol { get }
  /// The picture of `surface` covering `columns`×`rows` cells.
  func image(of surface: CairoSurface, columns: Int, rows: Int) throws(CairoError) -> PixelImage?
}

extension PixelProtocol {
  func makeEncoder() -> PixelEncoder {
    switch self {
    case .sixel: SixelEncoder()
    case .kitty: KittyEncoder()
    }
  }
}

/// Sixels, encoded by libchafa (palette and dithering included).
final class SixelEncoder: PixelEncoder {
  let kind = PixelProtocol.sixel
  private let termInfo: OpaquePointer
  private var canvas: OpaquePointer?
  private var geometry = (columns: 0, rows: 0, width: 0, height: 0)

  init() {
    // The fallback description knows the sixel sequences; the user chose the protocol.
    termInfo = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
  }

  deinit {
    if let canvas { chafa_canvas_unref(canvas) }
    chafa_term_info_unref(termInfo)
  }

  func image(of surface: CairoSurface, columns: Int, rows: Int) -> PixelImage? {
    let (width, height) = (surface.width, surface.height)
    guard columns > 0, rows > 0, width > 0, height > 0, let canvas = canvasFor(columns: columns, rows: rows, width: width, height: height)
    else { return nil }
    let drawn: Bool = surface.withPixels { pixels, stride in
      guard let base = pixels.baseAddress else { return false }
      base.withMemoryRebound(to: UInt8.self, capacity: stride * 4 * height) { bytes in
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_BGRA8_PREMULTIPLIED, bytes, Int32(width), Int32(height), Int32(stride * 4))
      }
      return true
    }
    guard drawn, let printed = chafa_canvas_print(canvas, termInfo) else { return nil }
    let payload = String(cString: printed.pointee.str)
    g_string_free(printed, 1)
    return PixelImage(columns: columns, rows: rows, kind: kind, payload: payload)
  }

  func canvasFor(columns: Int, rows: Int, width: Int, height: Int) -> OpaquePointer? {
    if let canvas, geometry == (columns, rows, width, height) { return canvas }
    if let canvas { chafa_canvas_unref(canvas) }
    let config = chafa_canvas_config_new()
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_cell_geometry(config, Int32(max(1, width / columns)), Int32(max(1, height / rows)))
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
    let made = chafa_canvas_new(config)
    chafa_canvas_config_unref(config)
    canvas = made
    geometry = (columns, rows, width, height)
    return made
  }
}

/// The kitty graphics protocol with the picture as PNG. Written here rather than by chafa:
/// chafa 1.12 sends raw RGBA, 3.9 MB a frame for a 100×37-cell clock against about 60 KB as
/// PNG (BENCHMARKS.md).
final class KittyEncoder: PixelEncoder {
  let kind = PixelProtocol.kitty
  /// Base64 characters an escape may carry (the protocol's limit).
  static let chunk = 4096

  func image(of surface: CairoSurface, columns: Int, rows: Int) throws(CairoError) -> PixelImage? {
    guard columns > 0, rows > 0 else { return nil }
    let base64 = Data(try surface.pngData()).base64EncodedString()
    // Placed at the cursor, scaled to the cells; no reply (it would arrive as keys); under the
    // text (z < 0) so overlays stay readable; the cursor stays where it was.
    var payload = ""
    var start = base64.startIndex
    var first = true
    repeat {
      let end = base64.index(start, offsetBy: Self.chunk, limitedBy: base64.endIndex) ?? base64.endIndex
      let more = end < base64.endIndex ? 1 : 0
      let control = first ? "a=T,f=100,q=2,z=-1,C=1,c=\(columns),r=\(rows),m=\(more)" : "m=\(more)"
      payload += "\u{1B}_G\(control);\(base64[start..<end])\u{1B}\\"
      start = end
      first = false
    } while start < base64.endIndex
    return PixelImage(columns: columns, rows: rows, kind: kind, payload: payload)
  }
}
