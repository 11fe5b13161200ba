import CCairo
import ClockworkScene

/// Where a gradient drawn through a shape may land: whole device pixels, and its colours there.
struct GradientCover {
  /// The gradient at full strength, and how much of it is drawn (0…1).
  let ramp: AxialRamp
  let stops: [Gradient.Stop]
  let fade: Double
  let box: PixelBox
  /// The shape's space to the device.
  let shapeSpace: cairo_matrix_t

  /// The device to the box's own pixels (its top left corner at 0, 0).
  var toBox: cairo_matrix_t {
    var shift = cairo_matrix_t()
    cairo_matrix_init_translate(&shift, Double(-box.left), Double(-box.top))
    return shift
  }
}

extension Renderer {
  /// Fills an opaque axial gradient over whole pixels of an image surface by writing them
  /// (``AxialRamp``). Returns false, drawing nothing, where Cairo must draw it: colours that
  /// are not opaque, rounded corners, a turned or skewed transform, edges between pixels, a
  /// clip that is not rectangles, or drawing inside a group.
  func fillAxialGradient(_ layer: GradientLayer, in context: CairoContext) -> Bool {
    let cr = context.handle
    let gradient = layer.gradient
    guard fillsAxialGradients, context.surface.kind == .image,
      cairo_get_group_target(cr) == cairo_get_target(cr), layer.cornerRadius == 0,
      gradient.stops.allSatisfy({ $0.color.alpha >= 1 })
    else { return false }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return false }
    let bounds = layer.bounds
    let edges = [
      m.xx * bounds.minX + m.x0, m.yy * bounds.minY + m.y0, m.xx * bounds.maxX + m.x0,
      m.yy * bounds.maxY + m.y0,
    ]
    guard edges.allSatisfy(Self.isWholePixel),
      let ramp = AxialRamp(
        gradient, in: bounds, matrix: m, colors: rampTable(gradient.stops)),
      let clip = Self.clipBoxes(cr)
    else { return false }
    let area = PixelBox(rounding: edges[0], edges[1], edges[2], edges[3]).intersection(
      PixelBox(width: context.surface.width, height: context.surface.height))
    guard ramp.isBounded(area) else { return false }
    context.surface.withMutablePixels { words, rowWords in
      guard let pixels = words.baseAddress else { return }
      for box in clip.map({ $0.intersection(area) }) where !box.isEmpty {
        ramp.write(box, into: pixels, rowWords: rowWords, offset: (0, 0))
      }
    }
    axialGradientsFilled += 1
    return true
  }

  /// Where a linear gradient drawn through `shape` may land: the device pixels the shape may
  /// cover within the clip, and the gradient's colours there, faded by `alpha`. The context's
  /// matrix is the gradient layer's space; nil where Cairo's own gradient must do.
  func axialGradientCover(
    _ gradient: GradientLayer, through shape: ShapeLayer, alpha: Double, in context: CairoContext
  ) -> GradientCover? {
    let cr = context.handle
    guard fillsAxialGradients, context.surface.kind == .image else { return nil }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let colors = gradient.gradient
    guard
      let ramp = AxialRamp(
        colors, in: gradient.bounds, matrix: m, colors: rampTable(colors.stops))
    else { return nil }
    // The shape's extents, fill and stroke, in device space.
    cairo_save(cr)
    context.concat(shape.transformToSuperlayer)
    var shapeSpace = cairo_matrix_t()
    cairo_get_matrix(cr, &shapeSpace)
    context.setPath(shape.path)
    cairo_set_line_width(cr, shape.lineWidth)
    cairo_set_line_cap(cr, Self.cap(shape.lineCap))
    cairo_set_line_join(cr, Self.join(shape.lineJoin))
    var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
    cairo_stroke_extents(cr, &x1, &y1, &x2, &y2)
    var (fx1, fy1, fx2, fy2) = (0.0, 0.0, 0.0, 0.0)
    cairo_fill_extents(cr, &fx1, &fy1, &fx2, &fy2)
    var corners = [(min(x1, fx1), min(y1, fy1)), (max(x2, fx2), min(y1, fy1))]
    corners += [(min(x1, fx1), max(y2, fy2)), (max(x2, fx2), max(y2, fy2))]
    corners = corners.map { corner in
      var (x, y) = corner
      cairo_user_to_device(cr, &x, &y)
      return (x, y)
    }
    cairo_identity_matrix(cr)
    var (cx1, cy1, cx2, cy2) = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2)
    cairo_restore(cr)
    let xs = corners.map(\.0)
    let ys = corners.map(\.1)
    let box = PixelBox(
      covering: (xs.min() ?? 0) - 1, (ys.min() ?? 0) - 1, (xs.max() ?? 0) + 1, (ys.max() ?? 0) + 1
    )
    .intersection(PixelBox(covering: cx1, cy1, cx2, cy2))
    .intersection(PixelBox(width: context.surface.width, height: context.surface.height))
    guard !box.isEmpty, ramp.isBounded(box) else { return nil }
    axialGradientsFilled += 1
    return GradientCover(
      ramp: ramp, stops: colors.stops, fade: alpha, box: box, shapeSpace: shapeSpace)
  }

  /// The cover's gradient (faded, or at full strength) as a picture of its box, as a source
  /// drawn from the shape's space: an image source takes pixman's fast paths where a gradient
  /// source takes its general one.
  func picture(of cover: GradientCover, faded: Bool = true) -> CairoPattern? {
    let box = cover.box
    guard
      let image = try? Self.scratch(
        &scratchPicture, width: box.right - box.left, height: box.bottom - box.top,
        format: CAIRO_FORMAT_ARGB32)
    else { return nil }
    image.withMutablePixels { words, rowWords in
      guard let pixels = words.baseAddress else { return }
      let ramp =
        faded && cover.fade < 1
        ? cover.ramp.with(colors: AxialRamp.table(cover.stops, alpha: cover.fade)) : cover.ramp
      ramp.write(box, into: pixels, rowWords: rowWords, offset: (box.left, box.top))
    }
    guard let handle = cairo_pattern_create_for_surface(image.handle),
      let pattern = try? CairoPattern(handle, operation: "gradient picture")
    else { return nil }
    var (toPicture, space) = (cairo_matrix_t(), cover.shapeSpace)
    var shift = cover.toBox
    cairo_matrix_multiply(&toPicture, &space, &shift)
    cairo_pattern_set_matrix(pattern.handle, &toPicture)
    return pattern
  }

  /// Fills `shape` (its fill alone) with the cover's gradient. The shape's coverage is drawn
  /// into a mask in one fill of a solid colour; then each covered pixel gets the gradient's
  /// colour over it, written straight into the target's pixels (or, where that cannot be,
  /// a picture of the gradient composited through the mask). Filling with a gradient or a
  /// picture directly composites a span at a time, each through pixman's general path.
  func fill(_ shape: ShapeLayer, with cover: GradientCover, in context: CairoContext)
    throws(CairoError)
  {
    let box = cover.box
    let (width, height) = (box.right - box.left, box.bottom - box.top)
    let mask = try Self.scratch(
      &scratchMask, width: width, height: height, format: CAIRO_FORMAT_A8)
    let maskContext = try CairoContext(surface: mask, antialiased: antialiased)
    let m = maskContext.handle
    cairo_set_operator(m, CAIRO_OPERATOR_SOURCE)
    cairo_rectangle(m, 0, 0, Double(width), Double(height))
    cairo_set_source_rgba(m, 0, 0, 0, 0)
    cairo_fill(m)
    var (space, shapeSpace, shift) = (cairo_matrix_t(), cover.shapeSpace, cover.toBox)
    cairo_matrix_multiply(&space, &shapeSpace, &shift)
    cairo_set_matrix(m, &space)
    maskContext.setPath(shape.path)
    cairo_set_fill_rule(
      m, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    // The fade is in the coverage: the gradient's own colours stay the same frame to frame.
    cairo_set_source_rgba(m, 1, 1, 1, cover.fade)
    cairo_fill(m)
    try maskContext.check("shape mask")
    cairo_surface_flush(mask.handle)
    let cr = context.handle
    if cairo_get_group_target(cr) == cairo_get_target(cr), let clip = Self.clipBoxes(cr),
      let maskBytes = cairo_image_surface_get_data(mask.handle)
    {
      let maskStride = Int(cairo_image_surface_get_stride(mask.handle))
      let coverage = (bytes: UnsafePointer(maskBytes), stride: maskStride)
      context.surface.withMutablePixels { words, rowWords in
        guard let pixels = words.baseAddress else { return }
        for part in clip.map({ $0.intersection(box) }) where !part.isEmpty {
          cover.ramp.blend(
            part, through: coverage, at: (box.left, box.top), into: pixels, rowWords: rowWords)
        }
      }
      return
    }
    guard let picture = picture(of: cover, faded: false) else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_identity_matrix(cr)
    cairo_rectangle(cr, Double(box.left), Double(box.top), Double(width), Double(height))
    cairo_clip(cr)
    // The picture from device space, as the mask (its pattern was placed for the shape's).
    var toBox = cover.toBox
    cairo_pattern_set_matrix(picture.handle, &toBox)
    cairo_set_source(cr, picture.handle)
    cairo_mask_surface(cr, mask.handle, Double(box.left), Double(box.top))
  }

  /// `kept`, or a larger image of `format` in its place, at least `width`×`height`: pictures
  /// and masks are drawn in one kept between frames (only its top left part is drawn and
  /// used; the rest is left from earlier frames).
  static func scratch(
    _ kept: inout CairoSurface?, width: Int, height: Int, format: cairo_format_t
  ) throws(CairoError) -> CairoSurface {
    if let kept, kept.width >= width, kept.height >= height { return kept }
    let grown = try CairoSurface.image(
      width: max(width, kept?.width ?? 0), height: max(height, kept?.height ?? 0), format: format)
    kept = grown
    return grown
  }

  /// The colours of a ramp through `stops` at full strength. The last two are kept: a
  /// pulse's gradient stays the same from frame to frame while a backdrop's changes.
  func rampTable(_ stops: [Gradient.Stop]) -> [UInt32] {
    if let index = rampTables.firstIndex(where: { $0.stops == stops }) {
      let found = rampTables.remove(at: index)
      rampTables.append(found)
      return found.table
    }
    let table = AxialRamp.table(stops, alpha: 1)
    rampTables = rampTables.suffix(1) + [(stops, table)]
    return table
  }

  /// The clip as whole-pixel boxes in device space; nil when it is not rectangles.
  static func clipBoxes(_ cr: OpaquePointer) -> [PixelBox]? {
    cairo_save(cr)
    cairo_identity_matrix(cr)
    defer { cairo_restore(cr) }
    guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
    var boxes: [PixelBox] = []
    for index in 0..<Int(list.pointee.num_rectangles) {
      let r = list.pointee.rectangles[index]
      let edges = [r.x, r.y, r.x + r.width, r.y + r.height]
      guard edges.allSatisfy(isWholePixel) else { return nil }
      boxes.append(PixelBox(rounding: edges[0], edges[1], edges[2], edges[3]))
    }
    return boxes
  }

  /// Whether a device coordinate is on a pixel's edge (and small enough to be one).
  static func isWholePixel(_ coordinate: Double) -> Bool {
    abs(coordinate) < 1e9 && abs(coordinate - coordinate.rounded()) < 1e-6
  }
}
