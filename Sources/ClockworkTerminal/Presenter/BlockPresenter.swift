import ClockworkCairo
import ClockworkScene

/// Draws a scene into a block of cells: renders it with Cairo at the block's sample size (2×3
/// samples a cell for sextants, the cell's pixels for the pixel protocols), scaled so that
/// circles stay round on cells that are taller than wide, then turns the samples into cells
/// (two colours a cell) or into one picture.
///
/// ```swift
/// let presenter = BlockPresenter(glyphs: .sextant)
/// let cells = try presenter.cells(for: face.layer, columns: 60, rows: 30, cell: CellShape())
/// ```
public final class BlockPresenter {
  /// How pictures become cells: glyphs, chafa, or a pixel protocol.
  public let graphics: Graphics
  let blitter: CellBlitter?
  let chafa: ChafaCells?
  let pixels: PixelProtocol?
  let renderer = Renderer()
  var surface: CairoSurface?
  /// The last frame's cells, for the blitter to keep those not drawn again.
  var lastFrame: CellGrid?
  /// The last frame's presentation, to find what the next one changes.
  var lastTree: Layer?

  /// - Parameter graphics: block glyphs (and which), chafa's cells, or a picture protocol.
  /// - Parameter rasterStore: where the scene's rasterized parts (a dial) are kept between runs.
  /// - Parameter background: the terminal's background, if known: anti-aliased edges are
  ///   blended over it (else over black).
  /// - Parameter ink: with glyphs, draw everything in this one colour (see ``CellBlitter/ink``).
  /// - Parameter colorMode: the terminal's colours; with few, edges are drawn hard
  ///   (``ColorMode/blendsEdges``).
  public init(
    graphics: Graphics, rasterStore: RasterStore? = nil, background: RGB? = nil, ink: RGB? = nil,
    colorMode: ColorMode = .truecolor
  ) {
    self.graphics = graphics
    renderer.rasterStore = rasterStore
    renderer.antialiased = colorMode.blendsEdges
    renderer.drawsTextAsPaths = true
    if graphics.glyphSet != nil { renderer.curveTolerance = 0.5 }
    blitter = graphics.glyphSet.map {
      var blitter = CellBlitter(glyphs: $0)
      if let background { blitter.backdrop = background }
      blitter.ink = ink
      return blitter
    }
    chafa = graphics == .chafa ? ChafaCells() : nil
    pixels = graphics.pixelProtocol
  }

  /// A presenter that draws with block glyphs of `glyphs`.
  public convenience init(glyphs: GlyphSet) { self.init(graphics: Graphics(glyphs)) }

  /// Samples a cell across and down.
  func samples(_ cell: CellShape) -> (x: Int, y: Int) {
    if let glyphs = graphics.glyphSet { return glyphs.samples }
    if pixels != nil { return cell.imagePixels }
    return ChafaCells.samples
  }

  /// Samples across and down for a block of cells.
  public func pixelSize(columns: Int, rows: Int, cell: CellShape) -> (width: Int, height: Int) {
    let (x, y) = samples(cell)
    return (columns * x, rows * y)
  }

  /// A sample's width over its height.
  public func sampleAspect(cell: CellShape) -> Double {
    let (x, y) = samples(cell)
    return cell.aspect * Double(y) / Double(x)
  }

  /// How many samples tall one scene unit is when `sceneSize` is fitted and centred.
  public func scale(for sceneSize: Size, columns: Int, rows: Int, cell: CellShape) -> Double {
    let (width, height) = pixelSize(columns: columns, rows: rows, cell: cell)
    let aspect = sampleAspect(cell: cell)
    return max(
      0.01,
      min(
        Double(height) / max(sceneSize.height, 1), Double(width) * aspect / max(sceneSize.width, 1))
    )
  }

  /// Where a scene of `sceneSize` lands in a block's samples: fitted and centred.
  public func mapping(for sceneSize: Size, columns: Int, rows: Int, cell: CellShape)
    -> SampleMapping
  {
    let (width, height) = pixelSize(columns: columns, rows: rows, cell: cell)
    let aspect = sampleAspect(cell: cell)
    let k = scale(for: sceneSize, columns: columns, rows: rows, cell: cell)
    let origin = Point(
      x: (Double(width) - sceneSize.width * k / aspect) / 2,
      y: (Double(height) - sceneSize.height * k) / 2)
    return SampleMapping(samples: samples(cell), scale: k, aspect: aspect, origin: origin)
  }

  /// The cells showing `layer` (a widget's root, its bounds the scene) fitted into the block.
  /// `layer` is presented at time `t`; the model is not changed.
  ///
  /// With glyphs, only what changed since the last call is drawn: the presentation is compared
  /// with the last one (`Damage`), the renderer is clipped to the cells it can touch, and
  /// only those cells are fitted again: for a clock second, the box the hands sweep.
  ///
  /// With `underlay` (one a cell, row by row), the scene's transparent samples show it (see
  /// ``CellBlitter/cells(from:width:height:stride:underlay:)``), and every cell is fitted.
  public func cells(
    for layer: Layer, at t: Double = 0, columns: Int, rows: Int, cell: CellShape,
    underlay: [CellUnderlay]? = nil
  ) throws(CairoError) -> CellGrid {
    let (width, height) = pixelSize(columns: columns, rows: rows, cell: cell)
    guard width > 0, height > 0 else {
      return CellGrid(columns: max(columns, 0), rows: max(rows, 0))
    }
    let image: CairoSurface
    if let surface, surface.width == width, surface.height == height {
      image = surface
    } else {
      image = try CairoSurface.image(width: width, height: height)
      surface = image
      lastFrame = nil
      lastTree = nil
    }
    let size = layer.bounds.size
    let mapping = mapping(for: size, columns: columns, rows: rows, cell: cell)
    let frame = layer.presentation(at: t)
    frame.anchorPoint = .zero
    frame.position = mapping.origin
    frame.transform = AffineTransform(scaleX: mapping.scale / mapping.aspect, y: mapping.scale)
      .concatenating(frame.transform)
    let (sx, sy) = mapping.samples
    let underlay = blitter == nil ? nil : underlay.flatMap { $0.count == columns * rows ? $0 : nil }
    // What the surface holds already: the last frame, if this one is of the same scene.
    var region: CellRect?
    var unchanged = false
    if let lastTree, blitter != nil, underlay != nil || lastFrame != nil {
      switch Damage(from: lastTree, to: frame) {
      case .none: unchanged = true
      case .area(let box):
        if let cells = Self.cells(covering: box, samples: (sx, sy), columns: columns, rows: rows) {
          region = cells
        } else {
          unchanged = true
        }
      case .everything: break
      }
      if unchanged, underlay == nil, let lastFrame { return lastFrame }
    }
    // The samples of the cells about to be drawn again, as the last frame left them: those
    // that come out the same are not fitted again.
    var earlier: CellBlitter.EarlierSamples?
    if !unchanged, let region, blitter != nil, underlay == nil, lastFrame != nil {
      earlier = image.withPixels { Self.samples(of: region, in: $0, stride: $1, cell: (sx, sy)) }
    }
    if !unchanged {
      let clip = region.map {
        Rect(
          x: Double($0.column * sx), y: Double($0.row * sy), width: Double($0.columns * sx),
          height: Double($0.rows * sy))
      }
      // A sixel's transparent pixels keep whatever the last picture left there: paint them.
      try renderer.render(
        frame, on: image, clip: clip, background: pixels == .sixel ? .black : .clear)
    }
    lastTree = frame
    if let pixels {
      var grid = CellGrid(columns: columns, rows: rows)
      grid.images = [
        PixelImage(
          columns: columns, rows: rows, kind: pixels, cellWidth: sx, cellHeight: sy,
          pixels: image.withPixels { Self.packed($0, width: width, height: height, stride: $1) })
      ]
      return grid
    }
    return image.withPixels { samples, stride in
      if let blitter, let underlay {
        lastFrame = nil
        return blitter.cells(
          from: samples, width: width, height: height, stride: stride, underlay: underlay)
      }
      if let blitter {
        // Taken out of `lastFrame`, the grid has no other reference here: the cells that
        // changed are written over it. Every cell is fitted again when all was redrawn.
        if var grid = lastFrame.take(), blitter.fits(grid, width: width, height: height) {
          blitter.update(
            &grid, from: samples, width: width, height: height, stride: stride,
            earlier: earlier, region: region)
          lastFrame = grid
          return grid
        }
        let grid = blitter.cells(from: samples, width: width, height: height, stride: stride)
        lastFrame = grid
        return grid
      }
      return chafa?.cells(
        from: samples, width: width, height: height, stride: stride, columns: columns, rows: rows)
        ?? CellGrid(columns: columns, rows: rows)
    }
  }

  /// The cells a box of samples touches, or `nil` when it is off the block.
  static func cells(covering box: Rect, samples: (x: Int, y: Int), columns: Int, rows: Int)
    -> CellRect?
  {
    let left = max(0, Int((box.minX / Double(samples.x)).rounded(.down)))
    let top = max(0, Int((box.minY / Double(samples.y)).rounded(.down)))
    let right = min(columns, Int((box.maxX / Double(samples.x)).rounded(.up)))
    let bottom = min(rows, Int((box.maxY / Double(samples.y)).rounded(.up)))
    guard left < right, top < bottom else { return nil }
    return CellRect(column: left, row: top, columns: right - left, rows: bottom - top)
  }

  /// The samples of a region of cells, row by row.
  static func samples(
    of region: CellRect, in samples: UnsafeBufferPointer<UInt32>, stride: Int,
    cell: (x: Int, y: Int)
  ) -> CellBlitter.EarlierSamples {
    let (left, top, width) = (region.column * cell.x, region.row * cell.y, region.columns * cell.x)
    let pixels = packed(
      samples, from: top * stride + left, width: width, height: region.rows * cell.y,
      stride: stride)
    return CellBlitter.EarlierSamples(pixels: pixels, left: left, top: top, width: width)
  }

  /// The `width`×`height` samples from `start` on, rows `stride` apart, packed row after row.
  static func packed(
    _ samples: UnsafeBufferPointer<UInt32>, from start: Int = 0, width: Int, height: Int,
    stride: Int
  ) -> [UInt32] {
    [UInt32](unsafeUninitializedCapacity: width * height) { packed, count in
      PixelRect.copy(
        samples, from: start, stride: stride, to: packed, at: 0, stride: width, width: width,
        rows: height)
      count = width * height
    }
  }
}

/// Where a scene lands in a block's samples (``BlockPresenter/mapping(for:columns:rows:cell:)``).
public struct SampleMapping: Sendable {
  /// Samples a cell across and down.
  public var samples: (x: Int, y: Int)
  /// Samples per scene unit, down; across it is `scale / aspect`.
  public var scale: Double
  /// A sample's width over its height.
  public var aspect: Double
  /// Where the scene's origin is, in samples.
  public var origin: Point

  /// The scene point at the centre of sample (`x`, `y`).
  public func scenePoint(x: Int, y: Int) -> Point {
    Point(x: (Double(x) + 0.5 - origin.x) * aspect / scale, y: (Double(y) + 0.5 - origin.y) / scale)
  }

  /// The scene point at the centre of cell (`column`, `row`).
  public func scenePoint(column: Int, row: Int) -> Point {
    Point(
      x: (Double(column * samples.x) + Double(samples.x) / 2 - origin.x) * aspect / scale,
      y: (Double(row * samples.y) + Double(samples.y) / 2 - origin.y) / scale)
  }
}
