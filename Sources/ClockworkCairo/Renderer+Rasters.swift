import CCairo
import ClockworkScene

/// Subtrees drawn once into an image (`Layer.rasterizationKey`) and reused while their key and
/// transform stay; kept on disk too when the layer asks (``RasterStore``).
extension Renderer {
  /// Draws the layer once into a surface-sized image and reuses it while the key and the
  /// device transform stay the same.
  func drawRasterized(_ layer: Layer, key: String, in context: CairoContext) throws(CairoError) {
    let cr = context.handle
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let rasterKey = rasterKey(key, in: context)
    rastersInside?.append(rasterKey)
    var image: CairoSurface
    if let cached = rasterCache[rasterKey] {
      image = cached.opaqueView ?? cached.surface
      markDrawn(rasterKey)
    } else {
      dropRasters(replacedBy: layer)
      let store = layer.rasterizationLasts ? rasterStore : nil
      let outer = rastersInside
      rastersInside = []
      defer { rastersInside = outer }
      if let stored = store?.load(rasterKey) {
        image = stored
      } else {
        image = try CairoSurface.image(width: rasterKey.width, height: rasterKey.height)
        let offscreen = try CairoContext(surface: image, antialiased: antialiased)
        cairo_set_matrix(offscreen.handle, &m)
        try drawComposited(layer, in: offscreen)
        try offscreen.check("rasterize \(key)")
        store?.save(image, for: rasterKey)
      }
      let inside = (rastersInside ?? []).filter { $0 != rasterKey }  // a key nested in itself
      var bytes = rasterCache.values.reduce(image.width * image.height * 4) {
        $0 + $1.surface.width * $1.surface.height * 4
      }
      while !rasterCache.isEmpty,
        rasterCache.count >= Self.rasterCacheCapacity.count
          || bytes > Self.rasterCacheCapacity.bytes,
        let oldest = rasterCache.min(by: { $0.value.drawn < $1.value.drawn })
      {
        rasterCache[oldest.key] = nil
        bytes -= oldest.value.surface.width * oldest.value.surface.height * 4
      }
      let opaqueView = image.opaqueView()
      rasterCache[rasterKey] = CachedRaster(
        surface: image, opaqueView: opaqueView, drawn: renderPasses, inside: inside,
        owner: layer.modelLayer ?? layer)
      image = opaqueView ?? image
    }
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_set_source_surface(cr, image.handle, 0, 0)
    cairo_paint(cr)
    cairo_restore(cr)
  }

  /// The cache's key for a layer's raster drawn in the context's current space.
  func rasterKey(_ key: String, in context: CairoContext) -> RasterKey {
    var m = cairo_matrix_t()
    cairo_get_matrix(context.handle, &m)
    return RasterKey(
      key: key, matrix: [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0], width: context.surface.width,
      height: context.surface.height, antialiased: antialiased, textAsPaths: drawsTextAsPaths)
  }

  /// Whether the first thing `layer` draws is a kept raster with no transparent pixel, painted
  /// whole (no ancestor fading, masking or clipping it): it then covers whatever is under it.
  func startsWithOpaqueRaster(_ layer: Layer, in context: CairoContext) -> Bool {
    guard context.surface.kind == .image, !layer.isHidden, layer.opacity >= 1 else { return false }
    let cr = context.handle
    cairo_save(cr)
    defer { cairo_restore(cr) }
    context.concat(layer.transformToSuperlayer)
    if let key = layer.rasterizationKey {
      return rasterCache[rasterKey(key, in: context)]?.opaqueView != nil
    }
    guard layer.mask == nil, layer.shadow == nil, !layer.masksToBounds,
      let own = layer.contentBox, own.width <= 0, own.height <= 0,
      let first = layer.sublayers.first(where: { !$0.isHidden && $0.opacity > 0 })
    else { return false }
    return startsWithOpaqueRaster(first, in: context)
  }

  /// A rasterized subtree, the pass it was last drawn in, and the rasters drawn into it: they
  /// count as drawn whenever it is (a dial under a clock's hands), so that they are still
  /// there when it is drawn again.
  struct CachedRaster {
    var surface: CairoSurface
    /// The surface as an opaque image, where every pixel is (a backdrop): painted as a copy.
    var opaqueView: CairoSurface?
    var drawn: Int
    var inside: [RasterKey]
    /// The model layer it was drawn for.
    weak var owner: Layer?
  }

  /// A layer with a new key (a clock's hands a minute on) will not draw its old raster again.
  /// Dropped before the new one is made, its memory is reused for it instead of the heap growing
  /// by a raster.
  func dropRasters(replacedBy layer: Layer) {
    let owner = layer.modelLayer ?? layer
    dropRasters { $0.owner === owner && $0.drawn < renderPasses }
  }

  func markDrawn(_ key: RasterKey) {
    guard let inside = rasterCache[key]?.inside else { return }
    rasterCache[key]?.drawn = renderPasses
    for nested in inside { markDrawn(nested) }
  }

  func dropUnusedRasters() {
    let oldest = renderPasses - Self.rasterPassesKept
    dropRasters { $0.drawn <= oldest }
  }

  /// Drops the rasters `unwanted` picks; the cache is not rebuilt when it picks none (most
  /// passes).
  func dropRasters(where unwanted: (CachedRaster) -> Bool) {
    if rasterCache.values.contains(where: unwanted) {
      rasterCache = rasterCache.filter { !unwanted($0.value) }
    }
  }

  struct RasterKey: Hashable {
    var key: String
    var matrix: [Double]
    var width: Int
    var height: Int
    var antialiased = true
    var textAsPaths = false
  }
}
