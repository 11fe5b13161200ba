import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import Testing

@testable import ClockworkModes

@Suite struct BackdropPaletteTests {
  let first = Color(hex: 0x3DACF7)
  let last = Color(hex: 0xCE0755)
  let bands = BackdropPalette(entries: 192...255)
  /// 40×10 sextant cells showing a 400×200 scene: 80×30 samples, 0.15 of them a unit down.
  let mapping = BlockPresenter(graphics: .sextant).mapping(
    for: Size(width: 400, height: 200), columns: 40, rows: 10, cell: CellShape())

  /// The band (0…31) of the diagonal gradient at a cell's centre, as Cairo projects it.
  func band(_ column: Int, _ row: Int) -> Int {
    let centre = mapping.scenePoint(column: column, row: row)
    #expect(
      abs(centre.x - (Double(column) + 0.5) * 10) < 1e-9
        && abs(centre.y - (Double(row) + 0.5) * 20) < 1e-9)
    return min(31, Int((centre.x * 400 + centre.y * 200) / (400 * 400 + 200 * 200) * 32))
  }

  @Test func theBackdropIsItsBandsEntriesUnderEveryCell() throws {
    let painted = bands.paint(
      columns: 40, rows: 10, mapping: mapping, sceneSize: Size(width: 400, height: 200),
      colors: [first, last], pulse: nil, ringOrigin: .zero)
    #expect(painted.palette.count == 32, "no pulse: the backdrop's entries only")
    #expect(painted.palette[224] == RGB(first.interpolated(to: last, amount: 0.5 / 32)))
    #expect(painted.palette[255] == RGB(first.interpolated(to: last, amount: 31.5 / 32)))
    #expect(painted.underlay.count == 400)
    for row in 0..<10 {
      for column in 0..<40 {
        #expect(
          painted.underlay[row * 40 + column]
            == CellUnderlay(color: .paletteEntry(UInt8(224 + band(column, row)))),
          "\(column), \(row)")
      }
    }
  }

  /// A pulse around the scene's middle: its cells show it in the samples it covers, in an entry
  /// of their band of two, whose colour is the pulse's over that band's backdrop.
  @Test func thePulseIsItsSamplesInTheEntryOfItsBandPair() throws {
    let pulse = CountdownRing.PulseLook(
      center: Point(x: 200, y: 100), radius: 60, lineWidth: 20, opacity: 0.5,
      colors: [Color(hex: 0x820B36), Color(hex: 0x7F5E1D)],
      square: Rect(x: 100, y: 0, width: 200, height: 200), sweep: 40...90)
    let painted = bands.paint(
      columns: 40, rows: 10, mapping: mapping, sceneSize: Size(width: 400, height: 200),
      colors: [first, last], pulse: pulse, ringOrigin: .zero)
    var covered = 0
    for row in 0..<10 {
      for column in 0..<40 {
        let under = painted.underlay[row * 40 + column]
        var mask: UInt8 = 0
        for k in 0..<6
        where pulse.covers(mapping.scenePoint(x: column * 2 + k % 2, y: row * 3 + k / 2)) {
          mask |= 1 << k
        }
        #expect(under.overlayMask == mask, "\(column), \(row)")
        let distance = mapping.scenePoint(column: column, row: row).distance(to: pulse.center)
        let pair = band(column, row) & ~1
        if mask != 0 {
          covered += 1
          #expect(under.overlay == .paletteEntry(UInt8(192 + pair)))
          #expect(under.color == .paletteEntry(UInt8(224 + pair)))
          // the sweep and a cell's reach (3 samples)
        } else if distance < 40 - 20 || distance > 90 + 20 {
          #expect(
            under.color == .paletteEntry(UInt8(224 + band(column, row))),
            "away from the sweep, the cell's own band")
        }
      }
    }
    #expect(covered > 40)
    // The pulse's entries: half way (its opacity) from the backdrop to the pulse's colour.
    let entries = painted.palette.keys.filter { $0 < 224 }
    #expect(!entries.isEmpty && entries.allSatisfy { ($0 - 192) % 2 == 0 })
    for entry in entries {
      let backdrop = try #require(painted.palette[entry + 32])
      let pulseColor = try #require(painted.palette[entry])
      // The pulse is darker than this backdrop in every channel but the blue-to-pink one.
      #expect(Int(pulseColor.r) < Int(backdrop.r) || Int(pulseColor.g) < Int(backdrop.g))
      #expect(abs(Int(pulseColor.g) - (Int(backdrop.g) + Int(RGB(pulse.colors[0]).g)) / 2) <= 40)
    }
  }
}
