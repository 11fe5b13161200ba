import ClockworkScene
import ClockworkTerminal

/// The timer's cycling backdrop drawn with palette entries: the diagonal is cut into bands,
/// each band's cells use one entry of the terminal's palette, and each frame sets the entries'
/// colours (one OSC 4 of a few hundred bytes) instead of rewriting thousands of cells.
///
/// ```swift
/// let bands = BackdropPalette(entries: BackdropPalette.entries)
/// bands.apply(to: &grid, rows: 38, colors: [c1, c2], sceneSize: scene.bounds.size)   // after drawing
/// ```
///
/// The frame is drawn as before; afterwards a cell colour that is the backdrop's where the
/// cell stands (within ``tolerance``) becomes its band's entry. The ring, the digits and the
/// pulse keep their colours, and so does the blend of an edge with the backdrop.
public struct BackdropPalette {
  /// The entries used: the top of the 256-colour palette, which a truecolor screen never
  /// uses for its own colours.
  public static let entries: ClosedRange<UInt8> = 224...255
  /// How far a cell's colour may be from the backdrop's at its centre and still be backdrop:
  /// a cell spans about 1/140 of the diagonal, and Cairo's gradient rounds.
  static let tolerance = 10

  let entries: ClosedRange<UInt8>

  /// Marks the backdrop's cells in the first `rows` rows of `grid` (the scene, which fills them
  /// and runs its gradient from the top left corner to the bottom right one, `colors` at this
  /// moment), and sets the bands' colours in `grid.palette`.
  func apply(to grid: inout CellGrid, rows: Int, colors: [Color], sceneSize: Size) {
    guard colors.count == 2, grid.columns > 0, rows > 0 else { return }
    let (first, last) = (colors[0], colors[1])
    let bands = entries.count
    for band in 0..<bands {
      grid.palette[entries.lowerBound + UInt8(band)] = RGB(first.interpolated(to: last, amount: (Double(band) + 0.5) / Double(bands)))
    }
    // Where a point falls along the gradient: its projection on the diagonal (as Cairo does).
    let (width, height) = (sceneSize.width, sceneSize.height)
    let length = width * width + height * height
    for row in 0..<min(rows, grid.rows) {
      let y = (Double(row) + 0.5) / Double(rows) * height
      for column in 0..<grid.columns {
        let x = (Double(column) + 0.5) / Double(grid.columns) * width
        let along = min(max((x * width + y * height) / length, 0), 1)
        let here = RGB(first.interpolated(to: last, amount: along))
        let entry = RGB.paletteEntry(entries.lowerBound + UInt8(min(bands - 1, Int(along * Double(bands)))))
        var cell = grid[column, row]
        var changed = false
        if let color = cell.foreground, Self.near(color, here) {
          cell.foreground = entry
          changed = true
        }
        if let color = cell.background, Self.near(color, here) {
          cell.background = entry
          changed = true
        }
        if changed { grid[column, row] = cell }
      }
    }
  }

  static func near(_ a: RGB, _ b: RGB) -> Bool {
    !a.isPaletteEntry && abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
  }
}
