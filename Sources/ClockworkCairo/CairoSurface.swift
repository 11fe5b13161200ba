import CCairo
import ClockworkScene
import FoundationEssentials

/// Owns a `cairo_surface_t`: an image in memory, or an SVG or PDF document being written.
///
/// ```swift
/// let image = try CairoSurface.image(width: 480, height: 480)
/// try Renderer().render(tree, size: Size(width: 480, height: 480), on: image)
/// try image.writePNG(to: URL(fileURLWithPath: "clock.png"))
/// ```
public final class CairoSurface {
  /// Pixels in memory, or a vector file.
  public enum Kind: Sendable { case image, svg, pdf }

  let handle: OpaquePointer
  /// What the surface draws into.
  public let kind: Kind
  /// In pixels (points for SVG and PDF).
  public let width: Int
  /// In pixels (points for SVG and PDF).
  public let height: Int
  /// The surface whose pixels this one shows, kept while it does (``opaqueView()``).
  private var pixelOwner: CairoSurface?

  init(handle: OpaquePointer, kind: Kind, width: Int, height: Int, operation: String)
    throws(CairoError)
  {
    let status = cairo_surface_status(handle)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(handle)
      throw CairoError(status, operation)
    }
    self.handle = handle
    self.kind = kind
    self.width = width
    self.height = height
  }

  deinit { cairo_surface_destroy(handle) }

  /// The `cairo_surface_t`, for a toolkit that draws with the same libcairo (GTK's drawing
  /// area paints it onto its own context). Valid while this object lives.
  public var cairoSurface: OpaquePointer { handle }

  /// A premultiplied ARGB32 image, cleared to transparent.
  public static func image(width: Int, height: Int) throws(CairoError) -> CairoSurface {
    try image(width: width, height: height, format: CAIRO_FORMAT_ARGB32)
  }

  /// An image of `format` (an A8 mask, say), cleared.
  static func image(width: Int, height: Int, format: cairo_format_t) throws(CairoError)
    -> CairoSurface
  {
    try CairoSurface(
      handle: cairo_image_surface_create(format, Int32(width), Int32(height)),
      kind: .image, width: width, height: height, operation: "create \(width)×\(height) image")
  }

  /// An SVG document at `url`, `width`×`height` pixels. Call ``finish()`` to complete it.
  public static func svg(at url: URL, width: Int, height: Int) throws(CairoError) -> CairoSurface {
    let surface = try CairoSurface(
      handle: cairo_svg_surface_create(url.path, Double(width), Double(height)),
      kind: .svg, width: width, height: height, operation: "create SVG \(url.path)")
    cairo_svg_surface_restrict_to_version(surface.handle, CAIRO_SVG_VERSION_1_1)
    cairo_svg_surface_set_document_unit(surface.handle, CAIRO_SVG_UNIT_PX)  // pixels, not points
    return surface
  }

  /// A one-page PDF document at `url`, `width`×`height` points. Call ``finish()`` to complete it.
  public static func pdf(at url: URL, width: Int, height: Int) throws(CairoError) -> CairoSurface {
    try CairoSurface(
      handle: cairo_pdf_surface_create(url.path, Double(width), Double(height)),
      kind: .pdf, width: width, height: height, operation: "create PDF \(url.path)")
  }

  /// Reads a PNG file into an image surface.
  public static func png(contentsOf url: URL) throws -> CairoSurface {
    try Renderer.decodePNG(try Data(contentsOf: url))
  }

  /// Writes out and closes a document surface (SVG, PDF); flushes an image.
  public func finish() throws(CairoError) {
    cairo_surface_finish(handle)
    try CairoError.check(cairo_surface_status(handle), "finish surface")
  }

  /// Makes every pixel transparent, or `color`.
  public func clear(to color: Color? = nil, in box: Rect? = nil) {
    guard let cr = cairo_create(handle) else { return }
    if let box {
      cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
      cairo_clip(cr)
    }
    if let color {
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    } else {
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
    }
    cairo_paint(cr)
    cairo_destroy(cr)
  }

  /// Writes an image surface as PNG.
  public func writePNG(to url: URL) throws(CairoError) {
    try CairoError.check(cairo_surface_write_to_png(handle, url.path), "write PNG \(url.path)")
  }

  /// An image surface as PNG bytes in memory.
  public func pngData() throws(CairoError) -> [UInt8] {
    var bytes: [UInt8] = []
    let status = withUnsafeMutablePointer(to: &bytes) { sink in
      cairo_surface_write_to_png_stream(
        handle,
        { sink, data, length in
          guard let sink, let data else { return CAIRO_STATUS_WRITE_ERROR }
          sink.assumingMemoryBound(to: [UInt8].self).pointee.append(
            contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, sink)
    }
    try CairoError.check(status, "encode PNG")
    return bytes
  }

  /// Bytes per row of an image surface.
  public var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

  /// Reads the premultiplied ARGB32 pixels of an image surface (native-endian 32-bit words,
  /// alpha in the high byte).
  public func withPixels<R>(_ body: (UnsafeBufferPointer<UInt32>, _ stride: Int) throws -> R)
    rethrows -> R
  {
    let (words, rowWords) = pixelWords()
    return try body(UnsafeBufferPointer(words), rowWords)
  }

  /// Writes the pixels of an image surface (same layout as `withPixels`), then marks it dirty.
  public func withMutablePixels<R>(
    _ body: (UnsafeMutableBufferPointer<UInt32>, _ stride: Int) throws -> R
  ) rethrows -> R {
    defer { cairo_surface_mark_dirty(handle) }
    let (words, rowWords) = pixelWords()
    return try body(words, rowWords)
  }

  /// The image's words after pending drawing is flushed, and 32-bit words a row (empty for a
  /// surface without pixel data).
  private func pixelWords() -> (UnsafeMutableBufferPointer<UInt32>, Int) {
    cairo_surface_flush(handle)
    let rowWords = stride / 4
    guard let data = cairo_image_surface_get_data(handle) else {
      return (UnsafeMutableBufferPointer(start: nil, count: 0), rowWords)
    }
    return (
      UnsafeMutableBufferPointer(
        start: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
        count: rowWords * height), rowWords
    )
  }

  /// The same pixels as an image without alpha when every pixel is opaque, else `nil`. Cairo
  /// copies an opaque image where it blends one with alpha, in a few instructions a pixel
  /// fewer.
  func opaqueView() -> CairoSurface? {
    guard cairo_image_surface_get_format(handle) == CAIRO_FORMAT_ARGB32 else { return nil }
    let opaque = withPixels { words, rowWords in
      guard !words.isEmpty else { return false }
      for row in 0..<height {
        let start = row * rowWords
        if words[start..<start + width].reduce(0xFF00_0000, &) != 0xFF00_0000 { return false }
      }
      return true
    }
    guard opaque, let data = cairo_image_surface_get_data(handle),
      let view = try? CairoSurface(
        handle: cairo_image_surface_create_for_data(
          data, CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride)),
        kind: .image, width: width, height: height, operation: "view \(width)×\(height) image")
    else { return nil }
    view.pixelOwner = self
    return view
  }

  /// The pixel at (x, y), un-premultiplied, as a colour with 8-bit precision.
  public func pixel(x: Int, y: Int) -> PixelColor {
    withPixels { words, rowWords in
      guard x >= 0, y >= 0, x < width, y < height, !words.isEmpty else {
        return PixelColor(r: 0, g: 0, b: 0, a: 0)
      }
      return PixelColor(premultipliedARGB: words[y * rowWords + x])
    }
  }
}

/// An 8-bit straight-alpha colour read from a surface.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
  public var r, g, b, a: UInt8

  /// A colour of straight (not premultiplied) channels.
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }

  /// The colour of a premultiplied ARGB32 pixel, as Cairo stores it.
  public init(premultipliedARGB word: UInt32) {
    let a = UInt8(word >> 24)
    func channel(_ shift: UInt32) -> UInt8 {
      let v = (word >> shift) & 0xFF
      guard a > 0 else { return 0 }
      return UInt8(min(255, (v * 255 + UInt32(a) / 2) / UInt32(a)))
    }
    self.init(r: channel(16), g: channel(8), b: channel(0), a: a)
  }

  /// The largest difference in any channel.
  public func difference(from other: PixelColor) -> Int {
    max(
      abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)),
      abs(Int(a) - Int(other.a)))
  }

  /// As CSS writes it: `rgba(255, 0, 0, 255)`.
  public var description: String {
    "rgba(\(r), \(g), \(b), \(a))"
  }
}
