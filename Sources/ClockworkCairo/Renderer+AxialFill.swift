import CCairo
import ClockworkScene

/// An axial gradient as device pixels see it: each pixel's colour from a table, found by
/// stepping a fixed-point position along the row. Pixman's gradients go through its general
/// compositing path, which walks the stops and clears a buffer at every row: drawing a
/// window's backdrop, or a pulse that fades as it grows, that way was most of a frame.
struct AxialRamp {
  /// Premultiplied ARGB32 colours along the gradient, first to last.
  let colors: [UInt32]
  /// The table position at device (0, 0)'s pixel centre and its change a pixel across and down,
  /// in 16.16 fixed point.
  let origin: Double
  let perColumn: Double
  let perRow: Double
  static let steps = 4096

  /// The ramp of `gradient` (a linear one, with stops) whose space maps to the device by
  /// `matrix`; faded by `alpha`. Nil when it has no length or no stops, or cannot be inverted.
  init?(_ gradient: Gradient, in rect: Rect, matrix: cairo_matrix_t, alpha: Double = 1) {
    guard case .linear(let start, let end) = gradient.kind, !gradient.stops.isEmpty else {
      return nil
    }
    var inverse = matrix
    guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return nil }
    let p0 = Point(x: rect.minX + start.x * rect.width, y: rect.minY + start.y * rect.height)
    let p1 = Point(x: rect.minX + end.x * rect.width, y: rect.minY + end.y * rect.height)
    let (dx, dy) = (p1.x - p0.x, p1.y - p0.y)
    let length = dx * dx + dy * dy
    guard length > 0 else { return nil }
    // t = ((p − p0) · (p1 − p0)) / |p1 − p0|², p the pixel's centre in the gradient's space.
    func t(_ x: Double, _ y: Double) -> Double {
      var (u, v) = (x, y)
      cairo_matrix_transform_point(&inverse, &u, &v)
      return ((u - p0.x) * dx + (v - p0.y) * dy) / length
    }
    let scale = Double(Self.steps) * 65536
    origin = t(0.5, 0.5) * scale
    perColumn = (t(1.5, 0.5) - t(0.5, 0.5)) * scale
    perRow = (t(0.5, 1.5) - t(0.5, 0.5)) * scale
    colors = Self.table(gradient.stops, alpha: alpha)
  }

  /// The colours at `steps + 1` even places from 0 to 1, as Cairo spreads them between stops:
  /// each stretch between two stops is a run of entries whose channels step by a constant.
  static func table(_ stops: [Gradient.Stop], alpha: Double) -> [UInt32] {
    let fade = min(max(alpha, 0), 1)
    /// Premultiplied channels, 0…255, of a colour at the fade.
    func channels(_ color: Color) -> (Double, Double, Double, Double) {
      func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
      let a = unit(color.alpha) * fade
      return (
        unit(color.red) * a * 255, unit(color.green) * a * 255, unit(color.blue) * a * 255, a * 255
      )
    }
    return [UInt32](unsafeUninitializedCapacity: steps + 1) { table, count in
      var index = 0
      // Entries up to `place` (0…1), stepping from `a` at `place − spanning` towards `b`.
      func run(
        to place: Double, from a: (Double, Double, Double, Double),
        to b: (Double, Double, Double, Double), spanning: Double
      ) {
        let end = min(steps, Int(min(max(place, 0), 1) * Double(steps)))
        guard index <= end else { return }
        let perEntry = spanning > 0 ? 1 / (spanning * Double(steps)) : 0
        var amount =
          spanning > 0 ? (Double(index) / Double(steps) - place + spanning) / spanning : 1
        while index <= end {
          func channel(_ x: Double, _ y: Double) -> UInt32 {
            UInt32(min(max(x + (y - x) * amount, 0), 255) + 0.5)
          }
          table[index] =
            channel(a.3, b.3) << 24 | channel(a.0, b.0) << 16 | channel(a.1, b.1) << 8
            | channel(a.2, b.2)
          amount += perEntry
          index += 1
        }
      }
      let first = channels(stops[0].color)
      run(to: stops[0].location, from: first, to: first, spanning: 0)
      for (lower, upper) in zip(stops, stops.dropFirst()) {
        run(
          to: upper.location, from: channels(lower.color), to: channels(upper.color),
          spanning: upper.location - lower.location)
      }
      let last = channels(stops[stops.count - 1].color)
      run(to: 1, from: last, to: last, spanning: 0)
      count = steps + 1
    }
  }

  /// Whether every position in the device box stays near 0…1, where fixed point cannot overflow.
  func isBounded(_ box: PixelBox) -> Bool {
    let corners =
      [(box.left, box.top), (box.right, box.top), (box.left, box.bottom)]
      + [(box.right, box.bottom)]
    let limit = 1e4 * Double(Self.steps) * 65536
    return corners.allSatisfy {
      abs(origin + Double($0.0) * perColumn + Double($0.1) * perRow) < limit
    }
  }

  /// Writes the device box's pixels into `pixels`, whose first word is device pixel
  /// (`offset.x`, `offset.y`) and whose rows are `rowWords` apart.
  func write(
    _ box: PixelBox, into pixels: UnsafeMutablePointer<UInt32>, rowWords: Int,
    offset: (x: Int, y: Int)
  ) {
    let step = Int(perColumn.rounded())
    let last = Self.steps
    let end = (last + 1) << 16
    colors.withUnsafeBufferPointer { table in
      guard let table = table.baseAddress else { return }
      let (low, high) = (table[0], table[last])
      for row in box.top..<box.bottom {
        // The position rounded to the nearest entry: its whole part is the entry.
        var q =
          Int((origin + Double(box.left) * perColumn + Double(row) * perRow).rounded()) + 0x8000
        let line = pixels + (row - offset.y) * rowWords - offset.x
        var column = box.left
        while column < box.right, q < 0 || q >= end {
          line[column] = q < 0 ? low : high
          q &+= step
          column += 1
        }
        let left = box.right - column
        let inside = step > 0 ? (end - 1 - q) / step + 1 : step < 0 ? q / -step + 1 : left
        for _ in 0..<max(0, min(left, inside)) {
          line[column] = table[q >> 16]
          q &+= step
          column += 1
        }
        while column < box.right {
          line[column] = q < 0 ? low : high
          q &+= step
          column += 1
        }
      }
    }
  }

}

/// A gradient drawn over device pixels, to fill or stroke a shape with.
struct GradientPicture {
  /// The picture, its top left corner at the box's.
  let image: CairoSurface
  let box: PixelBox
  /// The picture as a source drawn from the shape's space.
  let pattern: CairoPattern
  /// The shape's space to the device, and the device to the picture.
  let shapeSpace: cairo_matrix_t
  let shift: cairo_matrix_t
}

/// Whole device pixels: columns `left..<right`, rows `top..<bottom`.
struct PixelBox: Equatable {
  var left, top, right, bottom: Int

  var isEmpty: Bool { left >= right || top >= bottom }

  func intersection(_ other: PixelBox) -> PixelBox {
    PixelBox(
      left: max(left, other.left), top: max(top, other.top), right: min(right, other.right),
      bottom: min(bottom, other.bottom))
  }

  /// The pixels that a device-space rectangle touches.
  init(covering x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    let limit = 1e9
    left = Int(max(-limit, min(limit, x1.rounded(.down))))
    top = Int(max(-limit, min(limit, y1.rounded(.down))))
    right = Int(max(-limit, min(limit, x2.rounded(.up))))
    bottom = Int(max(-limit, min(limit, y2.rounded(.up))))
  }

  /// The pixels between device-space edges that lie on pixel edges (``Renderer/isWholePixel(_:)``).
  init(rounding x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    (left, top) = (Int(x1.rounded()), Int(y1.rounded()))
    (right, bottom) = (Int(x2.rounded()), Int(y2.rounded()))
  }

  init(left: Int, top: Int, right: Int, bottom: Int) {
    (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
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
      let ramp = AxialRamp(gradient, in: bounds, matrix: m),
      let clip = Self.clipBoxes(cr)
    else { return false }
    let area = PixelBox(rounding: edges[0], edges[1], edges[2], edges[3]).intersection(
      PixelBox(left: 0, top: 0, right: context.surface.width, bottom: context.surface.height))
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

  /// A picture of a linear gradient over the device pixels that `shape` may cover (within the
  /// clip), faded by `alpha`: an image source takes pixman's fast paths where a gradient source
  /// takes its general one. The context's matrix is the gradient layer's space; nil where
  /// Cairo's own pattern must do.
  func axialGradientPicture(
    _ gradient: GradientLayer, through shape: ShapeLayer, alpha: Double, in context: CairoContext
  ) -> GradientPicture? {
    let cr = context.handle
    guard fillsAxialGradients, context.surface.kind == .image else { return nil }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard let ramp = AxialRamp(gradient.gradient, in: gradient.bounds, matrix: m, alpha: alpha)
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
    .intersection(
      PixelBox(left: 0, top: 0, right: context.surface.width, bottom: context.surface.height))
    guard !box.isEmpty, ramp.isBounded(box),
      let image = scratchImage(width: box.right - box.left, height: box.bottom - box.top)
    else { return nil }
    image.withMutablePixels { words, rowWords in
      guard let pixels = words.baseAddress else { return }
      ramp.write(box, into: pixels, rowWords: rowWords, offset: (box.left, box.top))
    }
    guard let handle = cairo_pattern_create_for_surface(image.handle),
      let pattern = try? CairoPattern(handle, operation: "gradient picture")
    else { return nil }
    // The picture sits at its box in device space, drawn from the shape's space.
    var shift = cairo_matrix_t()
    cairo_matrix_init_translate(&shift, Double(-box.left), Double(-box.top))
    var toPicture = cairo_matrix_t()
    cairo_matrix_multiply(&toPicture, &shapeSpace, &shift)
    cairo_pattern_set_matrix(pattern.handle, &toPicture)
    axialGradientsFilled += 1
    return GradientPicture(
      image: image, box: box, pattern: pattern, shapeSpace: shapeSpace, shift: shift)
  }

  /// Fills `shape` (its fill alone) with `picture`: the shape's coverage is drawn into a mask
  /// in one fill of a solid colour, then the picture is composited through it in one go.
  /// Filling with the picture directly composites it a span at a time, each through pixman's
  /// general path.
  func fill(_ shape: ShapeLayer, with picture: GradientPicture, in context: CairoContext)
    throws(CairoError)
  {
    let box = picture.box
    let (width, height) = (box.right - box.left, box.bottom - box.top)
    if scratchMask.map({ $0.width < width || $0.height < height }) ?? true {
      let handle = cairo_image_surface_create(
        CAIRO_FORMAT_A8, Int32(max(width, scratchMask?.width ?? 0)),
        Int32(max(height, scratchMask?.height ?? 0)))
      guard let handle else { throw CairoError(CAIRO_STATUS_NO_MEMORY, "shape mask") }
      scratchMask = try CairoSurface(
        handle: handle, kind: .image, width: Int(cairo_image_surface_get_width(handle)),
        height: Int(cairo_image_surface_get_height(handle)), operation: "shape mask")
    }
    guard let mask = scratchMask else { return }
    let coverage = try CairoContext(surface: mask, antialiased: antialiased)
    let m = coverage.handle
    cairo_set_operator(m, CAIRO_OPERATOR_SOURCE)
    cairo_rectangle(m, 0, 0, Double(width), Double(height))
    cairo_set_source_rgba(m, 0, 0, 0, 0)
    cairo_fill(m)
    var space = cairo_matrix_t()
    var (shapeSpace, shift) = (picture.shapeSpace, picture.shift)
    cairo_matrix_multiply(&space, &shapeSpace, &shift)
    cairo_set_matrix(m, &space)
    coverage.setPath(shape.path)
    cairo_set_fill_rule(
      m, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_set_source_rgba(m, 1, 1, 1, 1)
    cairo_fill(m)
    try coverage.check("shape mask")
    let cr = context.handle
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_identity_matrix(cr)
    cairo_rectangle(cr, Double(box.left), Double(box.top), Double(width), Double(height))
    cairo_clip(cr)
    cairo_set_source_surface(cr, picture.image.handle, Double(box.left), Double(box.top))
    cairo_mask_surface(cr, mask.handle, Double(box.left), Double(box.top))
  }

  /// An image at least `width`×`height` to draw gradient pictures in, kept between frames
  /// (only its top left part is drawn and used; the rest is left from earlier pictures).
  func scratchImage(width: Int, height: Int) -> CairoSurface? {
    if let scratchPicture, scratchPicture.width >= width, scratchPicture.height >= height {
      return scratchPicture
    }
    scratchPicture = try? CairoSurface.image(
      width: max(width, scratchPicture?.width ?? 0),
      height: max(height, scratchPicture?.height ?? 0))
    return scratchPicture
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
