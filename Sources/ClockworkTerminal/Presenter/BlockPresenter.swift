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
  public let graphics: Graphics
  let blitter: CellBlitter?
  let chafa: ChafaCells?
  let pixels: PixelProtocol?
  let renderer = Renderer()
  var surface: CairoSurface?
  /// The last frame's samples (packed rows) and cells, for the blitter to copy unchanged cells.
  var lastFrame: (pixels: [UInt32], grid: CellGrid)?

  public init(graphics: Graphics) {
    self.graphics = graphics
    blitter = graphics.glyphSet.map(CellBlitter.init(glyphs:))
    chafa = graphics == .chafa ? ChafaCells() : nil
    pixels = graphics.pixelProtocol
  }

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
    return max(0.01, min(Double(height) / max(sceneSize.height, 1), Double(width) * aspect / max(sceneSize.width, 1)))
  }

  /// The cells showing `layer` (a widget's root, its bounds the scene) fitted into the block.
  /// `layer` is presented at time `t`; the model is not changed.
  public func cells(for layer: Layer, at t: Double = 0, columns: Int, rows: Int, cell: CellShape) throws(CairoError) -> CellGrid {
    let (width, height) = pixelSize(columns: columns, rows: rows, cell: cell)
    guard width > 0, height > 0 else { return CellGrid(columns: max(columns, 0), rows: max(rows, 0)) }
    let image: CairoSurface
    if let surface, surface.width == width, surface.height == height {
      image = surface
    } else {
      image = try CairoSurface.image(width: width, height: height)
      surface = image
    }
    // A sixel's transparent pixels keep whatever the last picture left there: paint them.
    image.clear(to: pixels == .sixel ? Color(red: 0, green: 0, blue: 0) : nil)
    let aspect = sampleAspect(cell: cell)
    let size = layer.bounds.size
    let k = scale(for: size, columns: columns, rows: rows, cell: cell)
    let frame = layer.presentation(at: t)
    frame.anchorPoint = .zero
    frame.position = Point(x: (Double(width) - size.width * k / aspect) / 2, y: (Double(height) - size.height * k) / 2)
    frame.transform = AffineTransform(scaleX: k / aspect, y: k).concatenating(frame.transform)
    try renderer.render(frame, on: image)
    if let pixels {
      var grid = CellGrid(columns: columns, rows: rows)
      let (cellWidth, cellHeight) = samples(cell)
      grid.images = [
        PixelImage(
          columns: columns, rows: rows, kind: pixels, cellWidth: cellWidth, cellHeight: cellHeight,
          pixels: image.withPixels { Self.packed($0, width: width, height: height, stride: $1) })
      ]
      return grid
    }
    return image.withPixels { samples, stride in
      if let blitter {
        let grid = blitter.cells(from: samples, width: width, height: height, stride: stride, previous: lastFrame)
        lastFrame = (Self.packed(samples, width: width, height: height, stride: stride), grid)
        return grid
      }
      return chafa?.cells(from: samples, width: width, height: height, stride: stride, columns: columns, rows: rows)
        ?? CellGrid(columns: columns, rows: rows)
    }
  }

  static func packed(_ samples: UnsafeBufferPointer<UInt32>, width: Int, height: Int, stride: Int) -> [UInt32] {
    [UInt32](unsafeUninitializedCapacity: width * height) { packed, count in
      PixelRect.copy(samples, from: 0, stride: stride, to: packed, at: 0, stride: width, width: width, rows: height)
      count = width * height
    }
  }
}
