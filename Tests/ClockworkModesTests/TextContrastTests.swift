import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkState
import ClockworkTerminal
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkModes

/// Text the terminal screens write reads on what it is written on: at least 4.5:1 (WCAG AA)
/// against its cell's background, or the terminal's own where the cell has none.
@Suite struct TextContrastTests {
  let start = ContinuousClock.now
  let size = TerminalSize(columns: 100, rows: 40)
  static let terminals = [RGB(0, 0, 0), RGB(255, 255, 255)]

  func color(_ rgb: RGB) -> Color {
    Color(red: Double(rgb.r) / 255, green: Double(rgb.g) / 255, blue: Double(rgb.b) / 255)
  }

  /// The contrast of each letter on the screen's rows `rows`, with the row's text.
  func letters(_ grid: CellGrid, rows: Range<Int>, on terminal: RGB) -> [(Double, String)] {
    rows.flatMap { row in
      let text = String((0..<grid.columns).map { Character(grid[$0, row].glyph) })
      return (0..<grid.columns).compactMap { column -> (Double, String)? in
        let cell = grid[column, row]
        guard let scalar = Optional(cell.glyph), scalar.properties.isAlphabetic,
          let ink = cell.foreground
        else { return nil }
        return (color(ink).contrastRatio(with: color(cell.background ?? terminal)), text)
      }
    }
  }

  @Test(arguments: terminals, [false, true])
  func theStopwatchsHintsAndLapsRead(terminal: RGB, running: Bool) throws {
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: start)
    for second in 1...3 { try watch.lap(at: start.advanced(by: .seconds(second * second))) }
    if !running { try watch.pause(at: start.advanced(by: .seconds(12))) }
    let control = StopwatchControl(watch: watch, store: nil, notes: [])
    let screen = StopwatchScreen(
      control: control, fps: 30, graphics: .sextant, background: terminal)
    let grid = try screen.frame(
      at: Moment(instant: start.advanced(by: .seconds(12)), wall: Date()), on: size
    ).frame
    let poor = letters(grid, rows: 0..<size.rows, on: terminal).filter { $0.0 < 4.5 }
    #expect(poor.isEmpty, "\(poor.prefix(3))")
    #expect(letters(grid, rows: size.rows - 1..<size.rows, on: terminal).count > 20)
  }

  /// A view of a stopwatch another clockwork owns lists only the key that does something.
  @Test func aReadOnlyStopwatchListsOnlyQ() throws {
    let dir = try TemporaryDirectory()
    let owner = StopwatchStore(directory: StateDirectory(url: dir.url))
    _ = owner.claim(take: false)
    let viewer = StopwatchStore(directory: StateDirectory(url: dir.url))
    _ = viewer.claim(take: false)
    #expect(viewer.readOnly)
    let control = StopwatchControl(
      watch: Stopwatch<ContinuousClock.Instant>(), store: viewer, notes: [])
    let grid = try StopwatchScreen(control: control, fps: 30, graphics: .sextant).frame(
      at: Moment(instant: start, wall: Date()), on: size
    ).frame
    let bottom = String((0..<grid.columns).map { Character(grid[$0, size.rows - 1].glyph) })
    #expect(bottom.contains("q quit") && !bottom.contains("Space"), "\(bottom)")
    withExtendedLifetime(owner) {}
  }
}
