import ClockworkCairo
import ClockworkScene

/// Draws a scene into a block of cells: renders it with Cairo at the cells' sample size (2×3
/// samples a cell for sextants), scaled so that circles stay round on cells that are taller than
/// wide, and fits two colours a cell.
///
/// ```swift
/// let presenter = BlockPresenter(glyphs: .sextant)
/// let cells = try presenter.cells(for: face.layer, columns: 60, rows: 30, cellAspect: 0.5)
/// ```
public final class BlockPresenter {
  public let graphics: Graphics
  let blitter: CellBlitter?
  let chafa: ChafaCells?
  let renderer = Renderer()
  var surface: CairoSurface?

  public init(graphics: Graphics) {
    self.graphics = graphics
    if let glyphs = graphics.glyphSet {
      blitter = CellBlitter(glyphs: glyphs)
      chafa = nil
    } else {
      blitter = nil
      chafa = ChafaCells()
    }
  }

  public convenience init(glyphs: GlyphSet) { self.init(graphics: Graphics(glyphs)) }

  var samples: (x: Int, y: Int) { graphics.glyphSet?.samples ?? ChafaCells.samples }

  /// Samples across and down for a block of cells.
  public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
    (columns * samples.x, rows * samples.y)
  }

  /// A sample's width over its height, for cells of `cellAspect` (width over height).
  public func sampleAspect(cellAspect: Double) -> Double {
    cellAspect * Double(samples.y) / Double(samples.x)
  }

  /// How many samples tall one scene unit is when `sceneSize` is fitted and centred.
  public func scale(for sceneSize: Size, columns: Int, rows: Int, cellAspect: Double) -> Double {
    let (width, height) = pixelSize(columns: columns, rows: rows)
    let aspect = sampleAspect(cellAspect: cellAspect)
    return max(0.01, min(Double(height) / max(sceneSize.height, 1), Double(width) * aspect / max(sceneSize.width, 1)))
  }

  /// The cells showing `layer` (a widget's root, its bounds the scene) fitted into the block.
  /// `layer` is presented at time `t`; the model is not changed.
  public func cells(for layer: Layer, at t: Double = 0, columns: Int, rows: Int, cellAspect: Double) throws(CairoError) -> CellGrid {
    let (width, height) = pixelSize(columns: columns, rows: rows)
    guard width > 0, height > 0 else { return CellGrid(columns: max(columns, 0), rows: max(rows, 0)) }
    let image: CairoSurface
    if let surface, surface.width == width, surface.height == height {
      image = surface
      image.clear()
    } else {
      image = try CairoSurface.image(width: width, height: height)
      surface = image
    }
    let aspect = sampleAspect(cellAspect: cellAspect)
    let size = layer.bounds.size
    let k = scale(for: size, columns: columns, rows: rows, cellAspect: cellAspect)
    let frame = layer.presentation(at: t)
    frame.anchorPoint = .zero
    frame.position = Point(x: (Double(width) - size.width * k / aspect) / 2, y: (Double(height) - size.height * k) / 2)
    frame.transform = AffineTransform(scaleX: k / aspect, y: k).concatenating(frame.transform)
    try renderer.render(frame, on: image)
    return image.withPixels { pixels, stride in
      if let blitter { return blitter.cells(from: pixels, width: width, height: height, stride: stride) }
      return chafa?.cells(from: pixels, width: width, height: height, stride: stride, columns: columns, rows: rows)
        ?? CellGrid(columns: columns, rows: rows)
    }
  }
}
