import CCairo
import ClockworkScene
import Foundation

extension Renderer {
  /// Cairo has no blur: draw the layer's silhouette into an offscreen alpha image in device
  /// space, blur it (three box passes ≈ a Gaussian), and paint it tinted at the offset. The
  /// offset is not turned by the layer's rotation: light comes from one direction.
  func drawShadow(_ shadow: Shadow, of layer: Layer, in context: CairoContext) throws(CairoError) {
    let cr = context.handle
    // Device pixels per user unit, and extra resolution for vector surfaces.
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    let userScale = sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx))
    let oversample = context.surface.kind == .image ? 1.0 : 2.0
    let blur = shadow.radius * userScale * oversample
    let margin = (blur * 1.5).rounded(.up) + 2
    // Device bounding box of the layer's bounds.
    let b = layer.bounds
    var xs: [Double] = []
    var ys: [Double] = []
    for (x0, y0) in [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)] {
      var (x, y) = (x0, y0)
      cairo_user_to_device(cr, &x, &y)
      xs.append(x * oversample)
      ys.append(y * oversample)
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
    let originX = (minX - margin).rounded(.down)
    let originY = (minY - margin).rounded(.down)
    let width = Int(min(4096, (maxX + margin).rounded(.up) - originX))
    let height = Int(min(4096, (maxY + margin).rounded(.up) - originY))
    guard width > 0, height > 0 else { return }

    let silhouette = try CairoSurface(
      handle: cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)), kind: .image,
      width: width, height: height, operation: "shadow surface")
    let offscreen = try CairoContext(surface: silhouette)
    cairo_translate(offscreen.handle, -originX, -originY)
    cairo_scale(offscreen.handle, oversample, oversample)
    cairo_transform(offscreen.handle, &matrix)
    try drawComposited(layer, in: offscreen)
    cairo_surface_flush(silhouette.handle)
    Self.boxBlurAlpha(silhouette, radius: blur / 2)
    cairo_surface_mark_dirty(silhouette.handle)

    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_scale(cr, 1 / oversample, 1 / oversample)
    context.setSource(shadow.color, alpha: shadow.opacity)
    let dx = shadow.offset.width * userScale * oversample
    let dy = shadow.offset.height * userScale * oversample
    cairo_mask_surface(cr, silhouette.handle, originX + dx, originY + dy)
    cairo_restore(cr)
  }

  /// Three passes of a box blur on an A8 surface; `radius` is about the Gaussian's sigma × 2.
  static func boxBlurAlpha(_ surface: CairoSurface, radius: Double) {
    let r = Int((radius * 0.9).rounded())
    guard r > 0, let data = cairo_image_surface_get_data(surface.handle) else { return }
    let width = surface.width
    let height = surface.height
    let stride = surface.stride
    var line = [UInt16](repeating: 0, count: max(width, height))
    var out = [UInt16](repeating: 0, count: max(width, height))
    func blurLine(count: Int) {
      let window = 2 * r + 1
      var sum = 0
      for k in -r...r { sum += Int(line[min(max(k, 0), count - 1)]) }
      for i in 0..<count {
        out[i] = UInt16(sum / window)
        let add = Int(line[min(i + r + 1, count - 1)])
        let drop = Int(line[max(i - r, 0)])
        sum += add - drop
      }
    }
    for _ in 0..<3 {
      for y in 0..<height {
        let row = data + y * stride
        for x in 0..<width { line[x] = UInt16(row[x]) }
        blurLine(count: width)
        for x in 0..<width { row[x] = UInt8(out[x]) }
      }
      for x in 0..<width {
        for y in 0..<height { line[y] = UInt16(data[y * stride + x]) }
        blurLine(count: height)
        for y in 0..<height { data[y * stride + x] = UInt8(out[y]) }
      }
    }
  }
}
