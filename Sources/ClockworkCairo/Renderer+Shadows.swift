import CCairo
import ClockworkScene
import FoundationEssentials
import Glibc

extension Renderer {
  /// Cairo has no blur: draw the layer's silhouette into an offscreen alpha image in device
  /// space, blur it (three box passes ≈ a Gaussian), and paint it tinted at the offset. The
  /// offset is not turned by the layer's rotation: light comes from one direction.
  ///
  /// A blur of several pixels loses nothing when the silhouette is drawn at a fraction of the
  /// resolution and scaled back up smoothly, and the blur then touches a quarter of the pixels
  /// or fewer: blurring is the costliest part of a frame.
  func drawShadow(_ shadow: Shadow, of layer: Layer, in context: CairoContext) throws(CairoError) {
    let cr = context.handle
    // Device pixels per user unit, and extra resolution for vector surfaces.
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    let userScale = sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx))
    let deviceBlur = shadow.radius * userScale
    if let shape = Self.sharpShadowShape(shadow, of: layer, in: context, userScale: userScale) {
      return try drawSharpShadow(shadow, of: shape, in: context, userScale: userScale)
    }
    let downsample = max(1, min(2, (deviceBlur / 1.5).rounded(.down)))
    let oversample = (context.surface.kind == .image ? 1.0 : 2.0) / downsample
    let blur = deviceBlur * oversample
    let margin = (blur * 1.5).rounded(.up) + 2
    let device = Self.deviceBounds(of: layer, in: cr)
    let (minX, minY) = (device.minX * oversample, device.minY * oversample)
    let (maxX, maxY) = (device.maxX * oversample, device.maxY * oversample)
    let originX = (minX - margin).rounded(.down)
    let originY = (minY - margin).rounded(.down)
    let width = Int(min(4096, (maxX + margin).rounded(.up) - originX))
    let height = Int(min(4096, (maxY + margin).rounded(.up) - originY))
    guard width > 0, height > 0 else { return }

    let silhouette = try CairoSurface(
      handle: cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
      kind: .image,
      width: width, height: height, operation: "shadow surface")
    let offscreen = try CairoContext(surface: silhouette)
    cairo_translate(offscreen.handle, -originX, -originY)
    cairo_scale(offscreen.handle, oversample, oversample)
    cairo_transform(offscreen.handle, &matrix)
    try drawComposited(layer, in: offscreen)
    cairo_surface_flush(silhouette.handle)
    Self.boxBlurAlpha(silhouette, radius: blur / 2)
    cairo_surface_mark_dirty(silhouette.handle)

    // Tint into a premultiplied colour image: Cairo's bilinear scaling has fast paths for
    // colour images, not for alpha masks.
    let tinted = try Self.tint(silhouette, color: shadow.color, opacity: shadow.opacity)
    cairo_save(cr)
    cairo_identity_matrix(cr)
    let dx = shadow.offset.width * userScale
    let dy = shadow.offset.height * userScale
    let pattern = try CairoPattern(
      cairo_pattern_create_for_surface(tinted.handle), operation: "shadow")
    var placement = cairo_matrix_t()
    cairo_matrix_init_scale(&placement, oversample, oversample)
    cairo_matrix_translate(&placement, -dx, -dy)
    var shift = cairo_matrix_t()
    cairo_matrix_init_translate(&shift, -originX, -originY)
    var combined = cairo_matrix_t()
    cairo_matrix_multiply(&combined, &placement, &shift)
    cairo_pattern_set_matrix(pattern.handle, &combined)
    cairo_pattern_set_filter(
      pattern.handle, oversample < 1 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_FAST)
    cairo_set_source(cr, pattern.handle)
    let left = (originX / oversample) + dx
    let top = (originY / oversample) + dy
    cairo_rectangle(cr, left, top, Double(width) / oversample, Double(height) / oversample)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// A blur of under a pixel is lost in anti-aliasing (and in a terminal cell's 2×3
  /// samples): a plain shape's shadow is its path filled in the shadow's colour at the offset,
  /// with no offscreen image. Anything else takes the blurred path.
  func drawSharpShadow(
    _ shadow: Shadow, of shape: ShapeLayer, in context: CairoContext, userScale: Double
  ) throws(CairoError) {
    let cr = context.handle
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_identity_matrix(cr)
    cairo_translate(cr, shadow.offset.width * userScale, shadow.offset.height * userScale)
    cairo_transform(cr, &matrix)
    let color = shadow.color
    let tint = try CairoPattern(
      cairo_pattern_create_rgba(color.red, color.green, color.blue, color.alpha * shadow.opacity),
      operation: "shadow colour")
    drawShape(shape, in: context, source: tint)
  }

  /// `layer` when its shadow is drawn sharp: a plain shape of one paint, opaque and unmasked,
  /// drawn into an image, its shadow blurred under a pixel (`userScale` device pixels a unit).
  static func sharpShadowShape(
    _ shadow: Shadow, of layer: Layer, in context: CairoContext, userScale: Double
  ) -> ShapeLayer? {
    guard context.surface.kind == .image, shadow.radius * userScale < 1,
      let shape = layer as? ShapeLayer, isSinglePaint(shape), shape.opacity == 1,
      shape.mask == nil
    else { return nil }
    return shape
  }

  /// A plain shape and its sharp shadow (see ``drawSharpShadow(_:of:in:userScale:)``) from one
  /// rasterization: the shape's coverage is drawn once into an alpha image of the box it covers
  /// within the clip, then painted through twice, in the shadow's colour at the offset (rounded
  /// to whole pixels, so the image is not resampled) and in the shape's colour. Two fills scanned
  /// the path twice: a terminal clock's second hand and its shadow were a third of its frame.
  /// False when the layer is not such a shape (nothing is drawn).
  func drawWithSharpShadow(_ shadow: Shadow, of layer: Layer, in context: CairoContext)
    throws(CairoError) -> Bool
  {
    let cr = context.handle
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    let userScale = sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx))
    guard let shape = Self.sharpShadowShape(shadow, of: layer, in: context, userScale: userScale),
      let paint = shape.fillColor ?? shape.strokeColor
    else { return false }
    let dx = (shadow.offset.width * userScale).rounded()
    let dy = (shadow.offset.height * userScale).rounded()
    cairo_save(cr)
    defer { cairo_restore(cr) }
    let box = Self.deviceBounds(of: shape, in: cr)
    cairo_identity_matrix(cr)
    let kept = keptCoverage(of: shape, matrix: matrix, box: box)
    let coverage: CairoSurface
    let (left, top): (Double, Double)
    if let kept, let surface = kept.surface {
      (coverage, left, top) = (surface, kept.left, kept.top)
    } else {
      // The shape's box, less what falls outside the clip both in place and at the offset; all
      // of it when it is to be kept.
      var clip = (
        x0: -Double.infinity, y0: -Double.infinity, x1: Double.infinity, y1: Double.infinity
      )
      if kept == nil { cairo_clip_extents(cr, &clip.x0, &clip.y0, &clip.x1, &clip.y1) }
      (left, top) = (
        max(box.minX, clip.x0 - max(dx, 0)).rounded(.down),
        max(box.minY, clip.y0 - max(dy, 0)).rounded(.down)
      )
      let right = min(box.maxX, clip.x1 - min(dx, 0)).rounded(.up)
      let bottom = min(box.maxY, clip.y1 - min(dy, 0)).rounded(.up)
      guard right > left, bottom > top else { return true }
      let (width, height) = (Int(min(4096, right - left)), Int(min(4096, bottom - top)))
      coverage = try CairoSurface(
        handle: cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
        kind: .image, width: width, height: height, operation: "shape coverage")
      let offscreen = try CairoContext(surface: coverage, antialiased: antialiased)
      cairo_translate(offscreen.handle, -left, -top)
      cairo_transform(offscreen.handle, &matrix)
      drawShape(
        shape, in: offscreen,
        source: try CairoPattern(
          cairo_pattern_create_rgba(1, 1, 1, 1), operation: "coverage"))
      cairo_surface_flush(coverage.handle)
      if let kept { keptCoverages[kept.layer]?.surface = coverage }
    }
    let color = shadow.color
    cairo_set_source_rgba(
      cr, color.red, color.green, color.blue, color.alpha * shadow.opacity)
    cairo_mask_surface(cr, coverage.handle, left + dx, top + dy)
    context.setSource(paint)
    cairo_mask_surface(cr, coverage.handle, left, top)
    return true
  }

  /// The device-space box of what `layer` draws (a plain shape's path, else its bounds).
  static func deviceBounds(of layer: Layer, in cr: OpaquePointer) -> Rect {
    var b = layer.bounds
    if let shape = layer as? ShapeLayer, shape.sublayers.isEmpty, let box = shape.path.boundingBox {
      let pad = shape.strokeColor == nil ? 1 : shape.lineWidth / 2 + 1
      b = Rect(
        x: box.minX - pad, y: box.minY - pad, width: box.width + 2 * pad,
        height: box.height + 2 * pad)
    }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)  // what cairo_user_to_device applies
    return b.applying(AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
  }

  /// An ARGB32 image of `color` at `opacity` wherever the A8 `alpha` image is opaque.
  static func tint(_ alpha: CairoSurface, color: Color, opacity: Double) throws(CairoError)
    -> CairoSurface
  {
    let image = try CairoSurface.image(width: alpha.width, height: alpha.height)
    guard let source = cairo_image_surface_get_data(alpha.handle),
      let target = cairo_image_surface_get_data(image.handle)
    else {
      return image
    }
    let a = color.alpha * opacity
    let (r, g, b) = (
      UInt32(color.red * a * 255), UInt32(color.green * a * 255), UInt32(color.blue * a * 255)
    )
    let scale = UInt32(a * 256)
    let sourceStride = alpha.stride
    let targetStride = image.stride
    for y in 0..<alpha.height {
      let row = source + y * sourceStride
      let out = UnsafeMutableRawPointer(target + y * targetStride).assumingMemoryBound(
        to: UInt32.self)
      for x in 0..<alpha.width {
        let coverage = UInt32(row[x])
        guard coverage > 0 else { continue }
        out[x] =
          ((coverage * scale) >> 8) << 24 | ((r * coverage) / 255) << 16 | ((g * coverage) / 255)
          << 8 | ((b * coverage) / 255)
      }
    }
    cairo_surface_mark_dirty(image.handle)
    return image
  }

  /// Three passes of a box blur on an A8 surface; `radius` is about the Gaussian's sigma × 2.
  /// Each line is blurred only where it is not zero, widened by the radius: a hand's
  /// silhouette is a thin stroke across a box mostly empty, and beyond that span the line is
  /// zero before and after.
  static func boxBlurAlpha(_ surface: CairoSurface, radius: Double) {
    let r = Int((radius * 0.9).rounded())
    guard r > 0, let data = cairo_image_surface_get_data(surface.handle) else { return }
    let width = surface.width
    let height = surface.height
    let stride = surface.stride
    let longest = max(width, height)
    let line = UnsafeMutablePointer<Int32>.allocate(capacity: longest + 2 * r + 1)
    defer { line.deallocate() }
    // sum / window as a multiply and a shift: exact while 255 × window² < 2⁴⁰.
    let window = UInt64(2 * r + 1)
    let reciprocal = ((1 << 40) + window - 1) / window
    // Blurs `count` samples `step` bytes apart starting at `start`, edges extended.
    func blur(_ whole: UnsafeMutablePointer<UInt8>, count total: Int, step: Int) {
      var first = 0
      while first < total && whole[first * step] == 0 { first += 1 }
      guard first < total else { return }
      var last = total - 1
      while whole[last * step] == 0 { last -= 1 }
      let lo = max(0, first - r)
      let start = whole + lo * step
      let count = min(total - 1, last + r) - lo + 1
      for i in 0..<r { line[i] = Int32(start[0]) }
      for i in 0..<count { line[r + i] = Int32(start[i * step]) }
      let end = Int32(start[(count - 1) * step])
      for i in 0...r { line[r + count + i] = end }
      var sum: Int32 = 0
      for k in 0..<(2 * r + 1) { sum += line[k] }
      for i in 0..<count {
        start[i * step] = UInt8(truncatingIfNeeded: (UInt64(sum) &* reciprocal) >> 40)
        sum += line[i + 2 * r + 1] - line[i]
      }
    }
    for _ in 0..<3 {
      for y in 0..<height { blur(data + y * stride, count: width, step: 1) }
      for x in 0..<width { blur(data + x, count: height, step: stride) }
    }
  }
}
