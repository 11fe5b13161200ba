import ClockworkTerminal
import Testing

/// Text written into a grid: ASCII a cell a byte, other text a cell or two a character, both cut
/// at the grid's edges alike.
@Suite struct WrittenTextTests {
  let white = RGB(255, 255, 255)

  /// `text` written at `column` of row 1 of a 10×3 grid, and the cells it says it took.
  func written(_ text: String, column: Int) -> (grid: CellGrid, width: Int) {
    var grid = CellGrid(columns: 10, rows: 3)
    let width = grid.write(text, column: column, row: 1, foreground: white)
    return (grid, width)
  }

  @Test(arguments: [-3, 0, 4, 8, 12])
  func asciiIsWrittenAsTheSameTextWithACharacterPastTheEdge(column: Int) {
    let ascii = "12:00 tea" + String(repeating: " ", count: 20)
    // "é" lands past the right edge: the text is no longer ASCII, and nothing else changes.
    let mixed = ascii + "é"
    let (plain, plainWidth) = written(ascii, column: column)
    let (other, _) = written(mixed, column: column)
    #expect(plain.cells == other.cells)
    #expect(plainWidth == max(0, min(TextWidth.columns(ascii), 10 - column)))
  }

  @Test func aWideCharacterTakesTwoCellsAndOneThatWouldBeCutIsASpace() {
    let (grid, width) = written("a時", column: 0)
    #expect(width == 3)
    #expect(grid[1, 1].glyph == "時" && grid[2, 1].glyph == Cell.wideRightHalf)
    let (edge, _) = written("時", column: 9)
    #expect(edge[9, 1].glyph == " ")
  }
}
