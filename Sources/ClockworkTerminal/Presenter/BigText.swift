import ClockworkCairo
import ClockworkScene

/// Large text drawn with a monospaced font, a character at a time: each character is rendered
/// into cells once, at a width of whole cells, and frames are put together from those blocks.
/// A stopwatch at 30 frames a second then renders nothing after its first second.
///
/// ```swift
/// let big = BigText(graphics: .sextant)
/// let cells = try big.cells("01:02.34", columns: 100, rows: 12, cell: CellShape())
/// ```
public final class BigText {
  let presenter: BlockPresenter
  let layer = TextLayer()
  /// A character's box: its advance over the font size is DejaVu Sans Mono's 0.602, with a
  /// little room either side.
  static let box = Size(width: 36, height: 60)
  var cache: [Character: CellGrid] = [:]
  var cacheShape: (columns: Int, rows: Int, cell: CellShape)?

  /// Large text drawn with `graphics`, in `color` over `background` (`nil`: the terminal's own).
  public init(graphics: Graphics, color: Color = .white, background: RGB? = nil) {
    presenter = BlockPresenter(graphics: graphics, background: background, ink: RGB(color))
    layer.frame = Rect(origin: .zero, size: Self.box)
    layer.fontFamily = "DejaVu Sans Mono"
    layer.fontWeight = .bold
    layer.fontSize = 56
    layer.alignment = .center
    layer.verticalAlignment = .baseline  // a lone '.' stays on the line
    layer.foregroundColor = color
  }

  /// Cells across and down for one character when `count` of them share a block.
  public func characterSize(count: Int, columns: Int, rows: Int, cell: CellShape) -> (
    columns: Int, rows: Int
  ) {
    let aspect = Self.box.width / Self.box.height  // width over height
    // As tall as the block allows, then narrowed to fit `count` across.
    let widest = Int((Double(rows) * aspect / cell.aspect).rounded(.down))
    let across = max(1, min(widest, columns / max(count, 1)))
    let down = max(1, min(rows, Int((Double(across) * cell.aspect / aspect).rounded())))
    return (across, down)
  }

  /// `text` centred in a block of `columns`×`rows` cells.
  public func cells(_ text: String, columns: Int, rows: Int, cell: CellShape) throws(CairoError)
    -> CellGrid
  {
    var grid = CellGrid(columns: columns, rows: rows)
    let size = characterSize(count: text.count, columns: columns, rows: rows, cell: cell)
    if cacheShape.map({ $0 != (size.columns, size.rows, cell) }) ?? true {
      cache = [:]
      cacheShape = (size.columns, size.rows, cell)
    }
    var column = (columns - size.columns * text.count) / 2
    let row = (rows - size.rows) / 2
    for character in text {
      let cells: CellGrid
      if let cached = cache[character] {
        cells = cached
      } else {
        layer.string = String(character)
        cells = try presenter.cells(for: layer, columns: size.columns, rows: size.rows, cell: cell)
        cache[character] = cells
      }
      grid.place(cells, column: column, row: row)
      column += size.columns
    }
    return grid
  }
}

extension RGB {
  /// A scene colour on a terminal (alpha dropped).
  public init(_ color: Color) {
    func channel(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    self.init(channel(color.red), channel(color.green), channel(color.blue))
  }
}
