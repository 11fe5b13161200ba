import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkTerminal
import Foundation
import Testing

@testable import ClockworkModes
@testable import ClockworkTerminal

/// The terminal timer over a terminal that lets it set palette entries: what moves is the
/// entries' colours; cells change only where the pulse's edge steps.
@Suite struct TimerScreenTests {
  let start = ContinuousClock.now
  let size = TerminalSize(columns: 100, rows: 40)

  func screen(
    graphics: Graphics = .sextant, entries: ClosedRange<UInt8>? = BackdropPalette.entries,
    fpsAsked: Bool = false
  ) throws -> TimerScreen {
    // An hour: its arc's tip moves a sample in some 13 s, not between the frames compared.
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(3600))
    countdown.start(at: start)
    let control = TimerControl(
      countdown: countdown,
      at: Moment(instant: start, wall: Date(timeIntervalSince1970: 1_000_000)), persistence: nil,
      pulse: true, backdrop: true,
      fps: 15, wait: false, alert: TimerAlert(name: "test", exec: nil),
      ringStyle: TimerScreen.ringStyle(monochrome: false), alertsTerminal: false)
    return TimerScreen(
      control: control, graphics: graphics, backdropEntries: entries, fpsAsked: fpsAsked)
  }

  func frame(_ screen: TimerScreen, at seconds: Double) throws -> CellGrid {
    try screen.frame(
      at: Moment(
        instant: start.advanced(by: .seconds(seconds)),
        wall: Date(timeIntervalSince1970: 1_000_000 + seconds)), on: size
    ).frame
  }

  /// Cells that look different in two frames (to the writer: a shade or two is the same), as
  /// (column, row).
  func changed(_ a: CellGrid, _ b: CellGrid) -> [(Int, Int)] {
    let rules = DamageWriter.Rules(
      colorMode: .truecolor, tolerance: DamageWriter(colorMode: .truecolor).colorTolerance)
    return (0..<a.rows).flatMap { row in
      (0..<a.columns).filter { !rules.looksSame(a[$0, row], b[$0, row]) }.map { ($0, row) }
    }
  }

  func rowText(_ grid: CellGrid, _ row: Int) -> String {
    String((0..<grid.columns).map { Character(grid[$0, row].glyph) })
  }

  /// A note wider than the ring's inside goes under the ring; "paused" stays in it.
  @Test func aLongNoteGoesUnderTheRingAndAShortOneStaysInIt() throws {
    let timer = try screen()
    let at = Moment(
      instant: start.advanced(by: .seconds(3570)), wall: Date(timeIntervalSince1970: 1_003_570))
    _ = timer.handle(.character("-"), at: at)
    let refused = try timer.frame(at: at, on: size).frame
    let note = "a minute or less left: - never ends a timer (q stops it)"
    #expect(rowText(refused, size.rows - 2).contains(note))
    #expect(!(0..<(size.rows - 2)).contains { rowText(refused, $0).contains("never ends") })
    _ = timer.handle(.space, at: at)
    let paused = try timer.frame(at: at, on: size).frame
    let inRing = (0..<(size.rows - 2)).filter { rowText(paused, $0).contains(" paused ") }
    #expect(inRing.count == 1, "\(inRing)")
  }

  @Test func theBackdropsDriftAndThePulsesFadeAreThePalettesAlone() throws {
    let timer = try screen()
    let first = try frame(timer, at: 10.02)
    let later = try frame(timer, at: 10.1)  // the same step of the pulse's growth
    #expect(changed(first, later).isEmpty)
    #expect(first.palette != later.palette)
    #expect(
      first.palette.keys.contains { $0 < 224 } && first.palette.keys.contains { $0 >= 224 },
      "the pulse's entries and the backdrop's")
    #expect(
      first.cells.contains {
        $0.background == .paletteEntry(240) || $0.foreground == .paletteEntry(240)
      })
  }

  @Test func aStepOfThePulseChangesOnlyCellsOnItsPath() throws {
    let timer = try screen()
    let first = try frame(timer, at: 10.02)
    let step = try frame(timer, at: 10.5)
    let moved = changed(first, step)
    #expect(moved.count > 100)
    // Not the middle (the time left, unchanged) nor the corners, far from the ring.
    #expect(!moved.contains { (35..<65).contains($0.0) && (12..<26).contains($0.1) })
    #expect(!moved.contains { ($0.0 < 12 || $0.0 >= 88) && ($0.1 < 6 || $0.1 >= 32) })
  }

  /// Where no entry can be set, every drift of the backdrop is every cell rewritten: it keeps
  /// its colours through a 2 s step (the pulse's path alone changes), then moves, and frames
  /// come at 4 a second unless the user asked for a rate.
  @Test func withoutPaletteEntriesTheBackdropStepsAndFramesAreFewer() throws {
    let timer = try screen(entries: nil)
    let first = try frame(timer, at: 10.02)
    #expect(
      first.palette.isEmpty && !first.cells.contains { $0.background?.isPaletteEntry == true })
    let within = changed(first, try frame(timer, at: 10.5))
    #expect(
      !within.contains { ($0.0 < 12 || $0.0 >= 88) && ($0.1 < 6 || $0.1 >= 32) },
      "the corners keep their colour")
    let stepped = changed(first, try frame(timer, at: 12.02))
    #expect(stepped.contains { $0.0 < 12 && $0.1 < 6 }, "the next step moves the backdrop")
    let next = try timer.frame(
      at: Moment(instant: start.advanced(by: .seconds(10.02)), wall: Date()), on: size
    ).next
    #expect(next == start.advanced(by: .seconds(10.25)))
    let asked = try screen(entries: nil, fpsAsked: true).frame(
      at: Moment(instant: start.advanced(by: .seconds(10.02)), wall: Date()), on: size
    ).next
    let gap = asked.map {
      start.advanced(by: .seconds(10 + 1.0 / 15)).duration(to: $0) / .seconds(1)
    }
    #expect(gap.map { abs($0) < 1e-6 } == true, "15 a second, as asked")
  }

  /// A picture (kitty's here) has no cells to put entries under: the backdrop is in it, as ever.
  @Test func aPictureKeepsItsBackdrop() throws {
    let timer = try screen(graphics: .kitty)
    let picture = try #require(try frame(timer, at: 10.02).images.first)
    #expect(
      picture.pixels[0] >> 24 == 0xFF, "the top left corner is the backdrop's, not the terminal's")
    #expect(picture.pixels.last! >> 24 == 0xFF)
  }
}
