import ClockworkTerminal
import Testing

/// A grid placed on another lands cell for cell where it was put, cut at the edges on every
/// side; a new grid is its fill everywhere.
@Suite struct PlacedGridTests {
  @Test func aNewGridIsItsFillEverywhere() {
    let fill = Cell(glyph: "x", foreground: RGB(1, 2, 3), bold: true)
    for count in [(0, 0), (1, 1), (3, 2), (7, 5), (100, 40)] {
      let grid = CellGrid(columns: count.0, rows: count.1, fill: fill)
      #expect(grid.cells.count == count.0 * count.1)
      #expect(grid.cells.allSatisfy { $0 == fill })
    }
  }

  @Test(arguments: [(-2, -1), (0, 0), (3, 2), (6, 4), (9, 6), (-5, 3)])
  func aPlacedGridLandsCellForCellCutAtTheEdges(column: Int, row: Int) {
    var small = CellGrid(columns: 4, rows: 3)
    for y in 0..<3 {
      for x in 0..<4 {
        small[x, y] = Cell(glyph: Unicode.Scalar(UInt8(65 + y * 4 + x)))
      }
    }
    var grid = CellGrid(columns: 8, rows: 5, fill: Cell(glyph: "."))
    grid.place(small, column: column, row: row)
    for y in 0..<5 {
      for x in 0..<8 {
        let (inX, inY) = (x - column, y - row)
        let inside = (0..<4).contains(inX) && (0..<3).contains(inY)
        #expect(grid[x, y] == (inside ? small[inX, inY] : Cell(glyph: ".")), "at \(x), \(y)")
      }
    }
  }
}
