import Testing

@testable import ClockworkTerminal

/// libchafa's cells, loaded with dlopen: its constants (pixel order, canvas mode, symbol tags)
/// are spelled out in CChafa, so a picture's colours and shapes must come back as drawn.
@Suite struct ChafaCellsTests {
  /// What a cell shows where it is all one colour: a space's background, a full block's ink,
  /// or any glyph in one colour on the same.
  func shown(_ cell: Cell) -> RGB? {
    if cell.glyph == " " { return cell.background }
    if cell.glyph == "█" || cell.foreground == cell.background { return cell.foreground }
    return nil
  }

  @Test(
    arguments: [
      (0xFFFF_0000, RGB(255, 0, 0)), (0xFF00_FF00, RGB(0, 255, 0)), (0xFF00_00FF, RGB(0, 0, 255)),
    ] as [(UInt32, RGB)])
  func aPictureOfOneColourIsCellsOfThatColour(pixel: UInt32, colour: RGB) throws {
    let chafa = try #require(ChafaCells())
    let (width, height) = (2 * 4, 8)  // two cells of 4×8 samples
    let pixels = [UInt32](repeating: pixel, count: width * height)
    let grid = pixels.withUnsafeBufferPointer {
      chafa.cells(from: $0, width: width, height: height, stride: width, columns: 2, rows: 1)
    }
    #expect(shown(grid[0, 0]) == colour, "got \(grid[0, 0])")
    #expect(shown(grid[1, 0]) == colour, "got \(grid[1, 0])")
  }

  @Test func aCellHalfLightHalfDarkIsAHalfBlock() throws {
    let chafa = try #require(ChafaCells())
    // White over black: the top four rows of the cell light.
    let pixels = (0..<4 * 8).map { $0 < 16 ? UInt32(0xFFFF_FFFF) : UInt32(0xFF00_0000) }
    let grid = pixels.withUnsafeBufferPointer {
      chafa.cells(from: $0, width: 4, height: 8, stride: 4, columns: 1, rows: 1)
    }
    let cell = grid[0, 0]
    let upper = cell.glyph == "▀" && cell.foreground == RGB(255, 255, 255)
    let lower = cell.glyph == "▄" && cell.background == RGB(255, 255, 255)
    #expect(upper || lower, "got \(cell)")
  }
}
