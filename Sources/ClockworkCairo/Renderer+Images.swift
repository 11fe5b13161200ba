import CCairo
import CSvg
import ClockworkScene
import FoundationEssentials

extension Renderer {
  func drawImage(_ layer: ImageLayer, in context: CairoContext) throws(CairoError) {
    guard let data = layer.image else { return }
    let image = try decoded(data)
    guard image.width > 0, image.height > 0 else { return }
    let cr = context.handle
    let bounds = layer.bounds
    let sx = bounds.width / image.width
    let sy = bounds.height / image.height
    let (scaleX, scaleY): (Double, Double)
    switch layer.contentsGravity {
    case .resize: (scaleX, scaleY) = (sx, sy)
    case .resizeAspect: (scaleX, scaleY) = (min(sx, sy), min(sx, sy))
    case .resizeAspectFill: (scaleX, scaleY) = (max(sx, sy), max(sx, sy))
    case .center: (scaleX, scaleY) = (1, 1)
    }
    let drawnWidth = image.width * scaleX
    let drawnHeight = image.height * scaleY
    cairo_save(cr)
    defer { cairo_restore(cr) }
    context.setPath(Path.roundedRect(bounds, radius: layer.cornerRadius))
    cairo_clip(cr)
    cairo_translate(cr, bounds.midX - drawnWidth / 2, bounds.midY - drawnHeight / 2)
    cairo_scale(cr, scaleX, scaleY)
    switch image.content {
    case .raster(let surface):
      cairo_set_source_surface(cr, surface.handle, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
    case .vector(let svg):
      // As paths (sharp at any scale, vector in SVG and PDF output) where librsvg's Cairo is
      // ours; as pixels at the target's resolution where ours is linked in (SVGDocument).
      try svg.render(in: cr, width: image.width, height: image.height, asPixels: drawsSVGAsPixels)
    }
  }

  /// Decodes a picture once per `ImageData` object.
  func decoded(_ data: ImageData) throws(CairoError) -> DecodedImage {
    let key = ObjectIdentifier(data)
    if let cached = imageCache[key], cached.source === data { return cached.image }
    let image = try Self.decode(data)
    imageCache[key] = (data, image)
    return image
  }

  /// The picture's size in pixels, or the reason it cannot be drawn (a damaged file, librsvg
  /// missing): for checking pictures when a theme is loaded rather than drawing a blank face.
  public static func measure(_ data: ImageData) throws(CairoError) -> Size {
    let image = try decode(data)
    return Size(width: image.width, height: image.height)
  }

  /// Reads a PNG or SVG file and checks that it can be drawn, measuring it.
  /// - Throws: `ImageDataError` naming the file and what is wrong with it.
  public static func loadPicture(contentsOf url: URL) throws(ImageDataError) -> ImageData {
    let read = try ImageData(contentsOf: url)
    do {
      let size = try measure(read)
      return ImageData(bytes: read.bytes, format: read.format, source: read.source, size: size)
    } catch {
      throw ImageDataError(source: url.path, problem: "cannot be drawn (\(error.message))")
    }
  }

  static func decode(_ data: ImageData) throws(CairoError) -> DecodedImage {
    switch data.format {
    case .png:
      let surface = try decodePNG(data.bytes)
      return DecodedImage(
        content: .raster(surface), width: Double(surface.width), height: Double(surface.height))
    case .svg:
      let svg = try SVGDocument(data.bytes)
      return DecodedImage(content: .vector(svg), width: svg.width, height: svg.height)
    }
  }

  static func decodePNG(_ png: Data) throws(CairoError) -> CairoSurface {
    final class Reader {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let reader = Reader(Array(png))
    let created = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(
        { closure, buffer, length in
          guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
          let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
          let wanted = Int(length)
          guard reader.offset + wanted <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
          reader.bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress {
              buffer.update(from: start + reader.offset, count: wanted)
            }
          }
          reader.offset += wanted
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())
    }
    guard let handle = created else { throw CairoError(CAIRO_STATUS_NO_MEMORY, "decode PNG image") }
    return try CairoSurface(
      handle: handle, kind: .image, width: Int(cairo_image_surface_get_width(handle)),
      height: Int(cairo_image_surface_get_height(handle)), operation: "decode PNG image")
  }
}

/// A picture ready to draw: pixels, or an SVG document drawn as paths each time.
struct DecodedImage {
  enum Content {
    case raster(CairoSurface)
    case vector(SVGDocument)
  }
  var content: Content
  var width: Double
  var height: Double
}

/// An SVG document parsed by librsvg, which draws with the shared libcairo. Where Cairo is linked
/// into the program (the release binary), a context of ours must not reach librsvg's copy, so the
/// document is drawn as pixels: at the image's resolution, or 288 dpi on a PDF or SVG page.
final class SVGDocument {
  private let handle: UnsafeMutableRawPointer
  let width: Double
  let height: Double

  init(_ bytes: Data) throws(CairoError) {
    var problem = [CChar](repeating: 0, count: 256)
    let opened = bytes.withUnsafeBytes { raw in
      cw_svg_open(
        raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &problem, problem.count)
    }
    guard let opened else { throw Self.failure(problem, "read SVG picture") }
    var (width, height) = (0.0, 0.0)
    guard cw_svg_size(opened, &width, &height) != 0 else {
      cw_svg_close(opened)
      throw Self.failure(
        Array("the SVG has no width, height or viewBox".utf8CString), "read SVG picture")
    }
    (self.handle, self.width, self.height) = (opened, width, height)
  }

  deinit { cw_svg_close(handle) }

  /// Whether documents are drawn as paths: librsvg's Cairo is ours.
  static var drawsAsPaths: Bool { cw_svg_draws_as_paths() != 0 }

  /// Draws the document into (0, 0, `width`, `height`) of `cr`; as pixels when it must be or
  /// when `asPixels` is set.
  func render(in cr: OpaquePointer, width: Double, height: Double, asPixels: Bool = false)
    throws(CairoError)
  {
    var problem = [CChar](repeating: 0, count: 256)
    guard
      cw_svg_render(
        handle, UnsafeMutableRawPointer(cr), 0, 0, width, height, asPixels ? 1 : 0, &problem,
        problem.count) == 0
    else {
      throw Self.failure(problem, "draw SVG picture")
    }
  }

  private static func failure(_ problem: [CChar], _ operation: String) -> CairoError {
    var error = CairoError(CAIRO_STATUS_READ_ERROR, operation)
    error.message = String(
      decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return error
  }
}
