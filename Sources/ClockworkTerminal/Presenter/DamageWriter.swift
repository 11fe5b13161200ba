/// Writes only what changed between frames: cursor moves and colour changes only where
/// needed, everything for one frame in one string (one `write`).
///
/// ```swift
/// var writer = DamageWriter(colorMode: .truecolor)
/// let bytes = writer.frame(grid)          // the first frame paints everything
/// let none = writer.frame(grid)           // "" — nothing changed
/// ```
public struct DamageWriter: Sendable {
  public var colorMode: ColorMode
  var previous: CellGrid?

  public init(colorMode: ColorMode) { self.colorMode = colorMode }

  /// Forgets the screen: the next frame repaints every cell (after a resize or a resume).
  public mutating func invalidate() { previous = nil }

  /// The bytes that turn the last frame into `grid`.
  public mutating func frame(_ grid: CellGrid) -> String {
    var out = ""
    let repaint = previous.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
    if repaint { out += Escape.resetStyle + Escape.clearScreen }
    var cursor: (column: Int, row: Int)? = nil
    var pen: (fg: RGB?, bg: RGB?, bold: Bool)? = repaint ? (nil, nil, false) : nil
    for row in 0..<grid.rows {
      for column in 0..<grid.columns {
        let cell = grid[column, row]
        if !repaint, let previous, previous[column, row] == cell { continue }
        if repaint && cell == .blank { continue }  // the clear already drew it
        if cursor == nil || cursor! != (column, row) {
          out += Escape.moveTo(column: column, row: row)
        }
        let style = styleFor(cell)
        if pen == nil || pen!.fg != style.fg || pen!.bg != style.bg || pen!.bold != style.bold {
          out += sgr(style, from: pen)
          pen = style
        }
        out.append(cell.glyph)
        cursor = (column + 1, row)
      }
    }
    previous = grid
    return out
  }

  /// In monochrome, block glyphs keep their shape and colours drop away.
  func styleFor(_ cell: Cell) -> (fg: RGB?, bg: RGB?, bold: Bool) {
    colorMode == .none ? (nil, nil, cell.bold) : (cell.foreground, cell.background, cell.bold)
  }

  func sgr(_ style: (fg: RGB?, bg: RGB?, bold: Bool), from pen: (fg: RGB?, bg: RGB?, bold: Bool)?) -> String {
    var parameters: [String] = []
    if pen == nil || pen!.bold != style.bold {
      if !style.bold, pen != nil { parameters.append("22") }
      if style.bold { parameters.append("1") }
    }
    if pen == nil || pen!.fg != style.fg { parameters.append(Escape.colorParameters(style.fg, background: false, mode: colorMode)) }
    if pen == nil || pen!.bg != style.bg { parameters.append(Escape.colorParameters(style.bg, background: true, mode: colorMode)) }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}
