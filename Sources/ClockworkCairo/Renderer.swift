import CCairo
import ClockworkScene
import Foundation

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
  var imageCache: [ObjectIdentifier: (source: ImageData, surface: CairoSurface)] = [:]

  public init() {}

  /// Draws `layer` (in the surface's coordinate space) onto `surface`.
  public func render(_ layer: Layer, on surface: CairoSurface) throws(CairoError) {
    let context = try CairoContext(surface: surface)
    try draw(layer, in: context)
    try context.check("render")
  }

  /// A new image surface of `width`×`height` pixels with `layer` drawn on it.
  public func renderImage(_ layer: Layer, width: Int, height: Int) throws(CairoError) -> CairoSurface {
    let surface = try CairoSurface.image(width: width, height: height)
    try render(layer, on: surface)
    return surface
  }

  func draw(_ layer: Layer, in context: CairoContext) throws(CairoError) {
    guard !layer.isHidden, layer.opacity > 0 else { return }
    let cr = context.handle
    cairo_save(cr)
    defer { cairo_restore(cr) }
    context.concat(layer.transformToSuperlayer)
    if let shadow = layer.shadow, shadow.opacity > 0, shadow.color.alpha > 0 {
      try drawShadow(shadow, of: layer, in: context)
    }
    try drawComposited(layer, in: context)
  }

  /// The layer with its opacity and mask, in the layer's own space.
  func drawComposited(_ layer: Layer, in context: CairoContext) throws(CairoError) {
    let cr = context.handle
    let mask = layer.mask.flatMap { $0.isHidden ? nil : $0 }
    guard layer.opacity < 1 || mask != nil else {
      try drawTree(layer, in: context)
      return
    }
    cairo_push_group(cr)
    try drawTree(layer, in: context)
    let content = try CairoPattern(cairo_pop_group(cr)!, operation: "layer group")
    if let mask {
      cairo_push_group(cr)
      try draw(mask, in: context)
      let maskPattern = try CairoPattern(cairo_pop_group(cr)!, operation: "mask group")
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
      let inner = Rect(x: layer.bounds.minX + w / 2, y: layer.bounds.minY + w / 2, width: layer.bounds.width - w, height: layer.bounds.height - w)
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
