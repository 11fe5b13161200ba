import ClockworkCore
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import Foundation
import Testing

/// In 16 colours a blended edge is a colour of its own: a numeral's anti-aliased stroke came
/// out as a third grey between dial and ink, and the digits broke into fragments.
@Suite struct FewColoursTests {
  func colours(_ colorMode: ColorMode, graphics: Graphics) throws -> [Int: Int] {
    let face = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
    face.show(date: Date(timeIntervalSince1970: 1_800_000_000), zone: .utc)
    let presenter = BlockPresenter(graphics: graphics, colorMode: colorMode)
    let grid = try presenter.cells(for: face.layer, columns: 60, rows: 28, cell: CellShape())
    var entries: [Int: Int] = [:]
    for cell in grid.cells where cell.glyph != " " || cell.background != nil {
      for colour in [cell.foreground, cell.background].compactMap({ $0 }) {
        entries[Palette.index16(colour), default: 0] += 1
      }
    }
    return entries
  }

  /// The classic face's ink (numerals, ticks, hands) is black on a white dial: drawn with hard
  /// edges it stays black (entry 0), where blended it was mostly dark grey (8), a stroke's
  /// edges a lighter grey (7) beside it.
  @Test(arguments: [Graphics.half, .sextant])
  func inkStaysInkInSixteenColours(graphics: Graphics) throws {
    let hard = try colours(.palette16, graphics: graphics)
    #expect(hard[8, default: 0] * 5 < hard[0, default: 0], "\(hard.sorted { $0.key < $1.key })")
    // the check can fail: blended, it does
    let blended = try colours(.truecolor, graphics: graphics)
    #expect(
      blended[8, default: 0] * 5 > blended[0, default: 0], "\(blended.sorted { $0.key < $1.key })")
  }
}
