import Testing

@testable import ClockworkTerminal

/// The blitter updating the last frame's cells where its samples changed, against fitting every
/// cell again.
@Suite struct BlitterUpdateTests {
  /// Cells updated from the last frame's samples, in a region or not, are the cells fitted
  /// from scratch wherever a change falls, and a cell whose samples did not change is copied (a
  /// stale cell stays).
  @Test func anUpdatedGridIsAFreshOneWhereverTheChangesFall() {
    let (width, height) = (40, 30)  // 20×10 sextant cells
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Int(seed % UInt64(bound))
    }
    let colours: [UInt32] = [0xFF10_2030, 0xFFC0_4020, 0x8040_1008, 0, 0xFFFF_FFFF]
    let first = (0..<width * height).map { _ in colours[random(colours.count)] }
    let blitter = CellBlitter(glyphs: .sextant)
    let firstCells = first.withUnsafeBufferPointer {
      blitter.cells(from: $0, width: width, height: height, stride: width)
    }
    /// Whether the cell's six samples are the same in both frames.
    func unchanged(_ second: [UInt32], _ column: Int, _ row: Int) -> Bool {
      (0..<3).allSatisfy { y in
        (0..<2).allSatisfy { x in
          let at = (row * 3 + y) * width + column * 2 + x
          return first[at] == second[at]
        }
      }
    }
    for trial in 0..<200 {  // a changed sample in every cell in turn, and up to five anywhere
      var second = first
      let at = (trial / 20 * 3 + random(3)) * width + trial % 20 * 2 + random(2)
      second[at] = colours.first { $0 != first[at] }!
      for _ in 0..<random(6) { second[random(second.count)] = colours[random(colours.count)] }
      let fresh = second.withUnsafeBufferPointer {
        blitter.cells(from: $0, width: width, height: height, stride: width)
      }
      var stale = firstCells
      let untouched = (0..<stale.rows).lazy.flatMap { row in (0..<stale.columns).map { ($0, row) } }
        .first { unchanged(second, $0, $1) }
      if let (column, row) = untouched { stale[column, row] = Cell(glyph: "x") }
      for region in [nil, CellRect(column: 0, row: 0, columns: 20, rows: 10)] {
        var updated = second.withUnsafeBufferPointer {
          blitter.cells(
            from: $0, width: width, height: height, stride: width, previous: (first, stale),
            region: region)
        }
        if let (column, row) = untouched {
          #expect(updated[column, row].glyph == "x", "trial \(trial): an unchanged cell is copied")
          updated[column, row] = fresh[column, row]
        }
        #expect(updated == fresh, "trial \(trial)")
      }
    }
  }
}
