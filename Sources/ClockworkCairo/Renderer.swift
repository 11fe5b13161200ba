import CCairo
import ClockworkScene
import FoundationEssentials

/// Draws a layer tree (usually a presentation) onto a Cairo surface.
///
/// ```swift
/// let renderer = Renderer()
/// let image = try renderer.renderImage(tree.presentation(at: t), width: 480, height: 480)
/// try renderer.write(tree.presentation(at: t), width: 480, height: 480, to: url, format: .svg)
/// ```
///
/// Anti-aliased; opacity, masks and shadows composite through offscreen groups. A renderer
/// caches decoded images; use one from one task at a time.
public final class Renderer {
  var imageCache: [ObjectIdentifier: (source: ImageData, image: DecodedImage)] = [:]
  var conicCache: [ConicKey: CairoSurface] = [:]
  var fontFaces: [FontKey: FontFace] = [:]
  /// Text as outlines (``drawsTextAsPaths``), let go after a few passes that draw none outside
  /// a raster: text inside one (a dial's numbers) is drawn again only with the raster, and the
  /// font's reader is a large part of a first start's heap.
  var glyphOutlines: GlyphOutlines?
  /// How many times text sent the renderer to fontconfig and a font (``GlyphOutlines``): none
  /// for text the binary keeps (``BuiltInGlyphs``).
  var fontReaders = 0
  /// The last pass that drew text as outlines outside a raster.
  var lastTextPass: Int?
  static let glyphOutlinesPassesKept = 4
  /// Whether outlines are read with FreeType (tests compare them with Cairo's text path by
  /// turning this off).
  var readsGlyphOutlines = true
  /// Whether the outlines kept in the binary (``BuiltInGlyphs``) are drawn when they have
  /// every character (tests compare them with FreeType's by turning this off).
  var usesBuiltInGlyphs = true
  /// Small shapes' coverage kept while they stay put (``keptCoverage(of:matrix:box:)``), by
  /// model layer; those a pass did not draw are let go at its end.
  var keptCoverages: [ObjectIdentifier: KeptCoverage] = [:]
  /// Rasterized subtrees (``CachedRaster``), the least recently drawn evicted first.
  var rasterCache: [RasterKey: CachedRaster] = [:]
  /// Calls of ``render(_:on:clip:)`` so far: when each raster was last drawn.
  var renderPasses = 0
  /// While a raster is drawn, the rasters drawn into it.
  var rastersInside: [RasterKey]?
  /// At most this many rasters and bytes (a picture for a pixel protocol is large); the newest
  /// is kept whatever its size.
  static let rasterCacheCapacity = (count: 4, bytes: 8 << 20)
  /// A raster not drawn in this many passes is dropped: a key that changes by the minute (a
  /// clock's hands) leaves its old rasters unused, while a few trees drawn in turn by one
  /// renderer each find theirs.
  static let rasterPassesKept = 4
  /// Where rasterized subtrees are kept between runs, if anywhere.
  public var rasterStore: RasterStore?
  /// `false` draws hard edges, for a surface shown in few colours (16 in a terminal), where a
  /// blended edge would be a colour of its own.
  public var antialiased = true
  /// How far, in pixels, a curve drawn by ``render(_:on:clip:background:)`` may stray from
  /// its flattened lines (Cairo's default is a tenth; kept rasters keep it). Half a pixel for
  /// samples that become a terminal's cells, two or three a cell's side: a finer one changes
  /// few cells, each by a shade, and gives each circle and rounded end more segments to fill.
  public var curveTolerance = 0.1
  /// Text filled as outlines read with FreeType rather than through Cairo's fonts, which keep
  /// their faces, caches and font files for the process: for small images whose text is drawn
  /// once, into a raster (a terminal's dial). The fonts are let go after a few passes that draw
  /// no text. Unhinted either way, so it looks the same.
  public var drawsTextAsPaths = false
  /// Whether opaque axial gradients are written straight into image pixels (tests compare
  /// them with Cairo's by turning this off), and how many were.
  var fillsAxialGradients = true
  var axialGradientsFilled = 0
  /// Whether SVG pictures are drawn as pixels even where librsvg could draw them as paths
  /// (tests compare the two; ``SVGDocument``).
  var drawsSVGAsPixels = false
  /// Where gradient pictures and the shapes they fill are drawn, kept between frames
  /// (``axialGradientCover(_:through:alpha:in:)``).
  var scratchPicture: CairoSurface?
  var scratchMask: CairoSurface?
  var rampTables: [(stops: [Gradient.Stop], table: [UInt32])] = []

  /// A renderer with empty caches and no raster store.
  public init() {}

  /// Draws `layer` (in the surface's coordinate space) onto `surface`; with `clip`, only inside
  /// that box. With `background`, what was there is first replaced by that colour, unless the
  /// first thing drawn is a kept raster with no transparent pixel (a backdrop), which covers it.
  public func render(
    _ layer: Layer, on surface: CairoSurface, clip: Rect? = nil, background: Color? = nil
  ) throws(CairoError) {
    let context = try CairoContext(surface: surface, antialiased: antialiased)
    renderPasses += 1
    defer {
      dropUnusedRasters()
      if keptCoverages.values.contains(where: { $0.pass != renderPasses }) {
        keptCoverages = keptCoverages.filter { $0.value.pass == renderPasses }
      }
      if renderPasses - (lastTextPass ?? .min / 2) >= Self.glyphOutlinesPassesKept {
        glyphOutlines = nil
      }
    }
    let cr = context.handle
    if curveTolerance != 0.1 { cairo_set_tolerance(cr, curveTolerance) }
    if let clip {
      cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
      cairo_clip(cr)
    }
    if let background, !startsWithOpaqueRaster(layer, in: context) {
      cairo_save(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      context.setSource(background)
      cairo_paint(cr)
      cairo_restore(cr)
    }
    try draw(layer, in: context)
    try context.check("render")
  }

  /// A new image surface of `width`×`height` pixels with `layer` drawn on it.
  public func renderImage(_ layer: Layer, width: Int, height: Int) throws(CairoError)
    -> CairoSurface
  {
    let surface = try CairoSurface.image(width: width, height: height)
    try render(layer, on: surface)
    return surface
  }

  func draw(_ layer: Layer, in context: CairoContext) throws(CairoError) {
    guard !layer.isHidden, layer.opacity > 0 else { return }
    if let replicator = layer as? ReplicatorLayer {
      if let flat = Self.flattened(replicator) { return try draw(flat, in: context) }
      if replicator.replicates { return try draw(replicator.instances(), in: context) }
    }
    let cr = context.handle
    cairo_save(cr)
    defer { cairo_restore(cr) }
    context.concat(layer.transformToSuperlayer)
    if let shadow = layer.shadow, shadow.opacity > 0, shadow.color.alpha > 0 {
      if layer.rasterizationKey == nil, try drawWithSharpShadow(shadow, of: layer, in: context) {
        return
      }
      try drawShadow(shadow, of: layer, in: context)
    }
    if let key = layer.rasterizationKey, context.surface.kind == .image {
      try drawRasterized(layer, key: key, in: context)
    } else {
      try drawComposited(layer, in: context)
    }
  }

  /// The layer with its opacity and mask, in the layer's own space.
  func drawComposited(_ layer: Layer, in context: CairoContext) throws(CairoError) {
    let cr = context.handle
    let mask = layer.mask.flatMap { $0.isHidden ? nil : $0 }
    guard layer.opacity < 1 || mask != nil else {
      try drawTree(layer, in: context)
      return
    }
    if mask == nil, let shape = layer as? ShapeLayer, Self.isSinglePaint(shape) {
      drawShape(shape, in: context, alpha: layer.opacity)  // no group needed for one paint
      return
    }
    if let gradient = layer as? GradientLayer, let shape = mask as? ShapeLayer,
      try drawGradientThroughShape(gradient, shape, in: context)
    {
      return
    }
    cairo_push_group(cr)
    try drawTree(layer, in: context)
    let content = try CairoPattern.popGroup(cr, "layer group")
    if let mask {
      cairo_push_group(cr)
      try draw(mask, in: context)
      let maskPattern = try CairoPattern.popGroup(cr, "mask group")
      if layer.opacity < 1 { cairo_push_group(cr) }
      cairo_set_source(cr, content.handle)
      cairo_mask(cr, maskPattern.handle)
      if layer.opacity < 1 {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, layer.opacity)
      }
    } else {
      cairo_set_source(cr, content.handle)
      cairo_paint_with_alpha(cr, layer.opacity)
    }
  }

  /// The common "gradient through a shape mask" (a gradient stroke) without offscreen groups:
  /// fill and stroke the mask's path with the gradient as the source. Returns false, drawing
  /// nothing, when the layers need the general path.
  func drawGradientThroughShape(
    _ gradient: GradientLayer, _ shape: ShapeLayer, in context: CairoContext
  ) throws(CairoError) -> Bool {
    let plainGradient =
      gradient.sublayers.isEmpty && gradient.backgroundColor == nil && gradient.borderWidth == 0
    let plainShape =
      shape.sublayers.isEmpty && shape.mask == nil && shape.shadow == nil && shape.opacity == 1
      && shape.backgroundColor == nil && shape.borderWidth == 0
      && (shape.fillColor?.alpha ?? 1) == 1 && (shape.strokeColor?.alpha ?? 1) == 1
    guard plainGradient, plainShape, !gradient.colors.isEmpty else { return false }
    let cr = context.handle
    // One paint has no overlap to fade twice: the opacity goes into the gradient's colours,
    // and the paint needs no offscreen group the size of what it covers.
    let folds = gradient.opacity < 1 && Self.isSinglePaint(shape)
    let (fade, alpha) = folds ? (gradient.opacity, 1.0) : (1.0, gradient.opacity)
    cairo_save(cr)
    defer { cairo_restore(cr) }
    if gradient.cornerRadius > 0 || gradient.masksToBounds {
      context.setPath(Path.roundedRect(gradient.bounds, radius: gradient.cornerRadius))
      cairo_clip(cr)
    }
    let (fills, strokes) = Self.paints(shape)
    let cover = axialGradientCover(gradient, through: shape, alpha: fade, in: context)
    if let cover, alpha == 1, fills, !strokes {
      try fill(shape, with: cover, in: context)
      return true
    }
    let pattern: CairoPattern
    if let cover, let picture = picture(of: cover) {
      pattern = picture
    } else {
      var colors = gradient.gradient
      for index in colors.stops.indices { colors.stops[index].color.alpha *= fade }
      pattern = try makePattern(colors, in: gradient.bounds, context: context)
    }
    cairo_set_source(cr, pattern.handle)  // fixes the pattern in the gradient layer's space
    context.concat(shape.transformToSuperlayer)
    drawShape(shape, in: context, source: pattern, alpha: alpha)
    return true
  }

  /// Whether the shape's fill and its stroke show at all.
  static func paints(_ shape: ShapeLayer) -> (fills: Bool, strokes: Bool) {
    ((shape.fillColor?.alpha ?? 0) > 0, (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0)
  }

  /// A shape drawn by one fill or one stroke and nothing else: its opacity can go into the
  /// paint's alpha instead of an offscreen group.
  static func isSinglePaint(_ shape: ShapeLayer) -> Bool {
    let (fills, strokes) = paints(shape)
    return fills != strokes && shape.sublayers.isEmpty && shape.backgroundColor == nil
      && shape.borderWidth == 0
  }

  /// Background, contents, sublayers and border, in the layer's own space.
  func drawTree(_ layer: Layer, in context: CairoContext) throws(CairoError) {
    let cr = context.handle
    let outline = Path.roundedRect(layer.bounds, radius: layer.cornerRadius)
    if let background = layer.backgroundColor, background.alpha > 0 {
      context.setPath(outline)
      context.setSource(background)
      cairo_fill(cr)
    }
    try drawContents(of: layer, in: context)
    if !layer.sublayers.isEmpty {
      if layer.masksToBounds {
        cairo_save(cr)
        context.setPath(outline)
        cairo_clip(cr)
      }
      for sublayer in layer.sublayers { try draw(sublayer, in: context) }
      if layer.masksToBounds { cairo_restore(cr) }
    }
    if layer.borderWidth > 0, layer.borderColor.alpha > 0 {
      let w = layer.borderWidth
      let inner = Rect(
        x: layer.bounds.minX + w / 2, y: layer.bounds.minY + w / 2, width: layer.bounds.width - w,
        height: layer.bounds.height - w)
      context.setPath(Path.roundedRect(inner, radius: max(0, layer.cornerRadius - w / 2)))
      context.setSource(layer.borderColor)
      cairo_set_line_width(cr, w)
      cairo_stroke(cr)
    }
  }

  func drawContents(of layer: Layer, in context: CairoContext) throws(CairoError) {
    switch layer {
    case let shape as ShapeLayer: drawShape(shape, in: context)
    case let gradient as GradientLayer: try drawGradient(gradient, in: context)
    case let text as TextLayer: drawText(text, in: context)
    case let image as ImageLayer: try drawImage(image, in: context)
    default: break
    }
  }
}
