import ClockworkScene
import ClockworkTerminal
import Testing

@testable import ClockworkModes

@Suite struct BackdropPaletteTests {
  let first = Color(hex: 0x3DACF7)
  let last = Color(hex: 0xCE0755)

  /// A 40×10 grid coloured as the diagonal gradient, with a white block (the ring) in the middle.
  func gradientGrid() -> CellGrid {
    var grid = CellGrid(columns: 40, rows: 10)
    for row in 0..<10 {
      for column in 0..<40 {
        let along = ((Double(column) + 0.5) / 40 * 400 * 400 + (Double(row) + 0.5) / 10 * 200 * 200) / (400 * 400 + 200 * 200)
        grid[column, row] = Cell(glyph: " ", background: RGB(first.interpolated(to: last, amount: along)))
      }
    }
    for column in 18..<22 { grid[column, 5] = Cell(glyph: "█", foreground: RGB(255, 255, 255)) }
    return grid
  }

  @Test func theBackdropsCellsBecomeTheirBandsEntries() {
    var grid = gradientGrid()
    let bands = BackdropPalette(entries: 224...255)
    bands.apply(to: &grid, rows: 10, colors: [first, last], sceneSize: Size(width: 400, height: 200))
    #expect(grid.palette.count == 32)
    #expect(grid.palette[224] == RGB(first.interpolated(to: last, amount: 0.5 / 32)))
    #expect(grid.palette[255] == RGB(first.interpolated(to: last, amount: 31.5 / 32)))
    // Every backdrop cell is an entry, along the diagonal from the first to the last.
    #expect(grid[0, 0].background == .paletteEntry(224))
    #expect(grid[39, 9].background == .paletteEntry(255))
    #expect(grid[20, 0].background == .paletteEntry(UInt8(224 + Int(((20.5 / 40) * 4 + 0.5 / 10) / 5 * 32))))
    for row in 0..<10 {
      for column in 0..<40 where !(row == 5 && (18..<22).contains(column)) {
        #expect(grid[column, row].background?.isPaletteEntry == true, "\(column), \(row)")
      }
    }
    // The ring keeps its colour.
    #expect(grid[20, 5].foreground == RGB(255, 255, 255))
  }

  @Test func colorsOfAnotherMomentAreNotTheBackdrop() {
    var grid = gradientGrid()
    // The backdrop has moved on to other colours: these cells are drawn with old ones.
    BackdropPalette(entries: 224...255).apply(to: &grid, rows: 10, colors: [last, first], sceneSize: Size(width: 400, height: 200))
    #expect(grid[0, 0].background == RGB(first.interpolated(to: last, amount: (0.5 / 40 * 4 + 0.5 / 10) / 5)))
  }
}
