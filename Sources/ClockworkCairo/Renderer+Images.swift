import CCairo
import ClockworkScene
import FoundationEssentials

extension Renderer {
  func drawImage(_ layer: ImageLayer, in context: CairoContext) throws(CairoError) {
    guard let data = layer.image else { return }
    let image = try decoded(data)
    guard image.width > 0, image.height > 0 else { return }
    let cr = context.handle
    let bounds = layer.bounds
    let sx = bounds.width / Double(image.width)
    let sy = bounds.height / Double(image.height)
    let (scaleX, scaleY): (Double, Double)
    switch layer.contentsGravity {
    case .resize: (scaleX, scaleY) = (sx, sy)
    case .resizeAspect: (scaleX, scaleY) = (min(sx, sy), min(sx, sy))
    case .resizeAspectFill: (scaleX, scaleY) = (max(sx, sy), max(sx, sy))
    case .center: (scaleX, scaleY) = (1, 1)
    }
    let drawnWidth = Double(image.width) * scaleX
    let drawnHeight = Double(image.height) * scaleY
    cairo_save(cr)
    defer { cairo_restore(cr) }
    context.setPath(Path.roundedRect(bounds, radius: layer.cornerRadius))
    cairo_clip(cr)
    cairo_translate(cr, bounds.midX - drawnWidth / 2, bounds.midY - drawnHeight / 2)
    cairo_scale(cr, scaleX, scaleY)
    cairo_set_source_surface(cr, image.handle, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
  }

  /// Decodes PNG bytes once per `ImageData` object.
  func decoded(_ data: ImageData) throws(CairoError) -> CairoSurface {
    let key = ObjectIdentifier(data)
    if let cached = imageCache[key], cached.source === data { return cached.surface }
    let surface = try Self.decodePNG(data.png)
    imageCache[key] = (data, surface)
    return surface
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
            if let start = source.baseAddress { buffer.update(from: start + reader.offset, count: wanted) }
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
