import ClockworkScene
import ClockworkTerminal
import Testing

@Suite struct BigTextTests {
  /// Rows of the block that hold any drawn cell.
  func inkRows(_ grid: CellGrid, columns: Range<Int>) -> [Int] {
    (0..<grid.rows).filter { row in columns.contains { grid[$0, row] != .blank } }
  }

  @Test func charactersTakeWholeCellsAndFitTheBlock() {
    let big = BigText(graphics: .sextant)
    // 1:2 cells: a 0.6-wide character 12 rows tall would be 14 columns; eight of them must fit 100.
    #expect(big.characterSize(count: 8, columns: 100, rows: 12, cell: CellShape()) == (12, 10))
    #expect(big.characterSize(count: 5, columns: 100, rows: 12, cell: CellShape()) == (14, 12))
    #expect(big.characterSize(count: 8, columns: 10, rows: 12, cell: CellShape()) == (1, 1))
  }

  @Test func equalCharactersDrawEqualBlocks() throws {
    let big = BigText(graphics: .sextant)
    let grid = try big.cells("00:00.00", columns: 100, rows: 12, cell: CellShape())
    let (width, height) = big.characterSize(count: 8, columns: 100, rows: 12, cell: CellShape())
    let left = (100 - 8 * width) / 2
    let top = (12 - height) / 2
    func block(_ index: Int) -> [Cell] {
      (top..<top + height).flatMap { row in (0..<width).map { grid[left + index * width + $0, row] }
      }
    }
    #expect(block(0) == block(1) && block(0) == block(3) && block(0) == block(7))
    #expect(block(0) != block(2), "a digit is not a colon")
    #expect(block(0).contains { $0 != .blank })
    #expect(
      (0..<left).allSatisfy { grid[$0, top + height / 2] == .blank }, "centred: the margin is empty"
    )
  }

  /// Each cell's colour would be one more escape sent: a running stopwatch's digits are one
  /// colour, their anti-aliased edges become shape, not shades.
  @Test func digitsAreOneColourOverTheTerminalsBackground() throws {
    let amber = Color(red: 1, green: 0.75, blue: 0.2)
    for background in [nil, RGB(255, 255, 255)] {
      let grid = try BigText(graphics: .sextant, color: amber, background: background).cells(
        "08:31.29", columns: 100, rows: 12, cell: CellShape())
      let drawn = grid.cells.filter { $0 != .blank }
      #expect(drawn.count > 100)
      #expect(Set(drawn.map(\.foreground)) == [RGB(255, 191, 51)])
      #expect(drawn.allSatisfy { $0.background == nil })
      #expect(Set(drawn.map(\.glyph)).count > 20, "edges keep their shape in the glyphs")
    }
  }

  @Test func aFullStopSitsOnTheLineNotInTheMiddle() throws {
    let big = BigText(graphics: .sextant)
    let grid = try big.cells("0.0", columns: 60, rows: 20, cell: CellShape())
    let width = big.characterSize(count: 3, columns: 60, rows: 20, cell: CellShape()).columns
    let left = (60 - 3 * width) / 2
    let digit = inkRows(grid, columns: left..<left + width)
    let stop = inkRows(grid, columns: left + width..<left + 2 * width)
    let digitBottom = try #require(digit.last)
    #expect(try #require(stop.last) >= digitBottom - 1, "the stop's bottom is the digits' baseline")
    #expect(
      try #require(stop.first) > (digit.first! + digitBottom) / 2, "and it is in the lower half")
  }
}
