import CCairo
import ClockworkScene
import FoundationEssentials
import Glibc

extension Renderer {
  /// Fills the layer's rounded bounds with its gradient.
  func drawGradient(_ layer: GradientLayer, in context: CairoContext) throws(CairoError) {
    guard !layer.colors.isEmpty, !fillAxialGradient(layer, in: context) else { return }
    let pattern = try makePattern(layer.gradient, in: layer.bounds, context: context)
    let cr = context.handle
    context.setPath(Path.roundedRect(layer.bounds, radius: layer.cornerRadius))
    cairo_set_source(cr, pattern.handle)
    cairo_fill(cr)
  }

  /// A Cairo pattern painting `gradient` over `rect` (whose unit coordinates the gradient uses).
  func makePattern(_ gradient: Gradient, in rect: Rect, context: CairoContext) throws(CairoError)
    -> CairoPattern
  {
    func point(_ unit: Point) -> Point {
      Point(x: rect.minX + unit.x * rect.width, y: rect.minY + unit.y * rect.height)
    }
    let pattern: CairoPattern
    switch gradient.kind {
    case .linear(let start, let end):
      let (p0, p1) = (point(start), point(end))
      pattern = try CairoPattern(
        cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y), operation: "linear gradient")
    case .radial(let center, let radius):
      let c = point(center)
      let r = radius * max(rect.width, rect.height)
      pattern = try CairoPattern(
        cairo_pattern_create_radial(c.x, c.y, 0, c.x, c.y, r), operation: "radial gradient")
    case .conic(let center):
      return try conicPattern(gradient, center: point(center), rect: rect, in: context)
    }
    for stop in gradient.stops {
      cairo_pattern_add_color_stop_rgba(
        pattern.handle, stop.location, stop.color.red, stop.color.green, stop.color.blue,
        stop.color.alpha)
    }
    cairo_pattern_set_extend(pattern.handle, CAIRO_EXTEND_PAD)
    return pattern
  }

  /// A conic gradient. Mesh patterns are slow to rasterize (most of a frame), so on image
  /// surfaces the mesh is drawn once into an image at device resolution and reused.
  func conicPattern(_ gradient: Gradient, center: Point, rect: Rect, in context: CairoContext)
    throws(CairoError) -> CairoPattern
  {
    guard context.surface.kind == .image else {
      return try conicMesh(gradient, center: center, rect: rect)
    }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context.handle, &matrix)
    let scale = max(1e-3, sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx)))
    let key = ConicKey(gradient: gradient, center: center, rect: rect, scale: scale)
    let image: CairoSurface
    if let cached = conicCache[key] {
      image = cached
    } else {
      let width = max(1, Int((rect.width * scale).rounded(.up)))
      let height = max(1, Int((rect.height * scale).rounded(.up)))
      image = try CairoSurface.image(width: width, height: height)
      let offscreen = try CairoContext(surface: image)
      cairo_scale(offscreen.handle, scale, scale)
      cairo_translate(offscreen.handle, -rect.minX, -rect.minY)
      let mesh = try conicMesh(gradient, center: center, rect: rect)
      cairo_set_source(offscreen.handle, mesh.handle)
      cairo_paint(offscreen.handle)
      try offscreen.check("conic gradient image")
      if conicCache.count >= 8 { conicCache.removeAll() }
      conicCache[key] = image
    }
    let pattern = try CairoPattern(
      cairo_pattern_create_for_surface(image.handle), operation: "conic pattern")
    var toImage = cairo_matrix_t()
    cairo_matrix_init_scale(&toImage, scale, scale)
    cairo_matrix_translate(&toImage, -rect.minX, -rect.minY)
    cairo_pattern_set_matrix(pattern.handle, &toImage)
    cairo_pattern_set_extend(pattern.handle, CAIRO_EXTEND_PAD)
    return pattern
  }

  /// Cairo 1.16 has no conic gradient: build one from mesh patches, one thin sector each,
  /// clockwise from 12 o'clock, coloured by angle.
  func conicMesh(_ gradient: Gradient, center: Point, rect: Rect) throws(CairoError) -> CairoPattern
  {
    let corners = [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
      Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
    ]
    let radius = (corners.map { $0.distance(to: center) }.max() ?? 1) + 1
    let pattern = try CairoPattern(cairo_pattern_create_mesh(), operation: "conic gradient")
    let mesh = pattern.handle
    let sectors = 96
    let step = 2 * Double.pi / Double(sectors)
    let handle = 4.0 / 3.0 * tan(step / 4) * radius
    for sector in 0..<sectors {
      let a0 = Double(sector) * step
      let a1 = a0 + step
      let p0 = Point(onCircleAround: center, radius: radius, angle: a0)
      let p1 = Point(onCircleAround: center, radius: radius, angle: a1)
      let c0 = gradient.color(at: Double(sector) / Double(sectors))
      let c1 = gradient.color(at: Double(sector + 1) / Double(sectors))
      cairo_mesh_pattern_begin_patch(mesh)
      cairo_mesh_pattern_move_to(mesh, center.x, center.y)
      cairo_mesh_pattern_line_to(mesh, p0.x, p0.y)
      cairo_mesh_pattern_curve_to(
        mesh, p0.x + handle * cos(a0), p0.y + handle * sin(a0), p1.x - handle * cos(a1),
        p1.y - handle * sin(a1), p1.x, p1.y)
      cairo_mesh_pattern_line_to(mesh, center.x, center.y)
      for (corner, color) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
        cairo_mesh_pattern_set_corner_color_rgba(
          mesh, UInt32(corner), color.red, color.green, color.blue, color.alpha)
      }
      cairo_mesh_pattern_end_patch(mesh)
    }
    try CairoError.check(cairo_pattern_status(mesh), "conic gradient")
    return pattern
  }
}

/// What a rasterized conic gradient depends on.
struct ConicKey: Hashable {
  var gradient: Gradient
  var center: Point
  var rect: Rect
  var scale: Double
}
