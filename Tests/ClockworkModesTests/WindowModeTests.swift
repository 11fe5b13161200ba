import ClockworkAlerts
import ClockworkCairo
import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkTerminal
import ClockworkWindow
import Foundation
import Testing

@testable import ClockworkModes
@testable import ClockworkWidgets

/// A sweeping second hand in a window is drawn when its tip has moved a pixel, not at every
/// refresh of the display: at 480×480 that is some 20 frames a second, not 60.
@Suite struct ClockWindowPaceTests {
  @Test func aSweepingHandIsDrawnAPixelAtATime() {
    let control = ClockControl(zones: [.utc], theme: .classic, oscillator: .sweep, digital: true)
    let window = ClockWindow(control: control)
    let start = ContinuousClock.now
    let canvas = Window.Canvas(width: 480, height: 480, scale: 1, refreshRate: 60)
    var instant = start
    var frames = 0
    while start.duration(to: instant) < .seconds(3) {
      let moment = Moment(
        instant: instant,
        wall: Date(
          timeIntervalSince1970: 1_800_000_000.2 + start.duration(to: instant) / .seconds(1)))
      guard let next = window.frame(at: moment, on: canvas).next else { break }
      instant = next
      frames += 1
    }
    #expect((45...75).contains(frames), "\(frames) frames in 3 s")
  }
}

/// The window's timer says what the terminal's does: its name above the time left, and when
/// it ends below.
@Suite struct TimerWindowTextTests {
  let start = ContinuousClock.now
  let wall = Date(timeIntervalSince1970: 1_800_000_000)

  /// The window of a timer of `seconds` named pasta, started at `start`.
  func window(seconds: Int64) throws -> TimerWindow {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(seconds))
    countdown.start(at: start)
    let control = TimerControl(
      countdown: countdown, at: Moment(instant: start, wall: wall), persistence: nil, pulse: true,
      backdrop: true, fps: 15, wait: false, alert: TimerAlert(name: "pasta", exec: nil),
      ringStyle: TimerWindow.ringStyle(), alertsTerminal: false)
    return TimerWindow(control: control, fps: nil, stays: false) {}
  }

  @Test func theNameAndTheEndAreShown() throws {
    let window = try window(seconds: 300)
    let frame = window.frame(
      at: Moment(instant: start.advanced(by: .seconds(8)), wall: wall.addingTimeInterval(8)),
      on: Window.Canvas(width: 480, height: 480))
    let shown = texts(in: frame.frame.tree)
    let end = ClockText.when(
      wall.addingTimeInterval(300), seenAt: wall.addingTimeInterval(8), in: .local)
    #expect(shown.contains("pasta") && shown.contains("ends \(end)"), "\(shown)")
    #expect(shown.contains("4:52"), "tenths only in the last minute: \(shown)")
  }

  /// A note wider than the ring's inside goes under the ring, above the keys.
  @Test func aLongNoteGoesUnderTheRing() throws {
    let window = try window(seconds: 50)
    let at = Moment(instant: start.advanced(by: .seconds(1)), wall: wall.addingTimeInterval(1))
    _ = window.handle(.character("-"), at: at)
    let tree = window.frame(at: at, on: Window.Canvas(width: 480, height: 480)).frame.tree
    func layers(_ layer: Layer) -> [TextLayer] {
      (layer as? TextLayer).map { [$0] } ?? [] + layer.sublayers.flatMap(layers)
    }
    let note = try #require(layers(tree).first { $0.string.contains("never ends") })
    #expect(note.frame.minY > 400, "under the ring: \(note.frame)")
  }
}

/// The digital face in a terminal and a window shows each zone's time, once a second.
@Suite struct DigitalFaceTests {
  let start = ContinuousClock.now
  let wall = Date(timeIntervalSince1970: 1_795_618_325.25)  // 2026-11-25 14:52:05.25 UTC

  @Test func theTerminalDrawsEachZonesDigitsAndTheirDate() throws {
    let zones = [Zone.utc, Zone(identifier: "Pacific/Auckland")!]
    let screen = DigitalClockScreen(zones: zones, look: .init(), graphics: .sextant, color: .black)
    let size = TerminalSize(columns: 120, rows: 30)
    let planned = try screen.frame(at: Moment(instant: start, wall: wall), on: size)
    let text = (0..<size.rows).map { row in
      String((0..<size.columns).map { Character(planned.frame[$0, row].glyph) })
    }
    #expect(
      text.contains { $0.contains("Wed 2026-11-25") }
        && text.contains { $0.contains("Thu 2026-11-26") }, "\(text)")
    #expect(planned.frame.title == "14:52:05")
    // The digits are those BigText draws for each zone's time, at whatever size the layout
    // chose (one above the other at 120×30).
    func contains(_ text: String) throws -> Bool {
      try (1..<size.rows).contains { rows in
        let block = try BigText(graphics: .sextant, color: .white).cells(
          text, columns: size.columns, rows: rows, cell: size.cell)
        let inked = (0..<block.rows).flatMap { row in
          (0..<block.columns).map { (column: $0, row: row) }
        }.filter { block[$0.column, $0.row].glyph != " " }
        guard let first = inked.first else { return false }
        return (0..<size.rows).contains { top in
          (0..<size.columns).contains { left in
            inked.allSatisfy { cell in
              let (x, y) = (left + cell.column - first.column, top + cell.row - first.row)
              return x >= 0 && y >= 0 && x < size.columns && y < size.rows
                && planned.frame[x, y].glyph == block[cell.column, cell.row].glyph
            }
          }
        }
      }
    }
    #expect(try contains("14:52:05") && contains("03:52:05"))
    #expect(try !contains("14:52:06"), "the check can fail")
    let next = try #require(planned.next)
    #expect(abs(start.duration(to: next) / .seconds(1) - 0.75) < 1e-6)
  }

  @Test func theWindowShowsEachZonesTime() {
    let window = DigitalClockWindow(
      zones: [.utc, Zone(identifier: "America/New_York")!], theme: .classic,
      look: .init(seconds: false))
    let planned = window.frame(
      at: Moment(instant: start, wall: wall), on: Window.Canvas(width: 900, height: 300))
    let shown = texts(in: planned.frame.tree)
    #expect(shown.contains("14:52") && shown.contains("09:52"), "\(shown)")
    #expect(planned.frame.title == "14:52 - clockwork")
    #expect(planned.next.map { abs(start.duration(to: $0) / .seconds(1) - 54.75) < 1e-6 } == true)
  }
}

/// The stopwatch design's buttons in the window: Start green while stopped, Stop red while
/// running, pressed by a click; and the terminal's key hint in the same colours.
@Suite struct StopwatchButtonsTests {
  let start = ContinuousClock.now

  /// The mean colour of the window's pixels in `box` (points, at scale 1).
  func colour(of frame: WindowFrame, in box: Rect, size: Size) throws -> (
    red: Double, green: Double, blue: Double
  ) {
    let image = try Renderer().renderImage(
      frame.tree, width: Int(size.width), height: Int(size.height))
    return image.withPixels { pixels, stride in
      var sum = (red: 0.0, green: 0.0, blue: 0.0)
      var count = 0.0
      for y in Int(box.minY)..<Int(box.maxY) {
        for x in Int(box.minX)..<Int(box.maxX) {
          let p = pixels[y * stride + x]
          sum.red += Double((p >> 16) & 0xFF)
          sum.green += Double((p >> 8) & 0xFF)
          sum.blue += Double(p & 0xFF)
          count += 1
        }
      }
      return (sum.red / count, sum.green / count, sum.blue / count)
    }
  }

  @Test func startIsGreenStopIsRedAndAClickPressesThem() throws {
    let control = StopwatchControl(
      watch: Stopwatch<ContinuousClock.Instant>(), store: nil, notes: [])
    let window = StopwatchWindow(control: control, fps: 30)
    let canvas = Window.Canvas(width: 480, height: 640)
    let size = Size(width: 480, height: 640)
    var moment = Moment(instant: start, wall: Date(timeIntervalSince1970: 1_800_000_000))
    var frame = window.frame(at: moment, on: canvas).frame
    // The Start/Stop button: the right-hand circle of the row under the laps.
    let row = window.buttons.layer.frame
    let circle = window.buttons.circle(.startStop)
    let label = Rect(
      x: row.minX + circle.minX + circle.width * 0.2,
      y: row.minY + circle.center.y - circle.height * 0.12, width: circle.width * 0.6,
      height: circle.height * 0.24)
    let idle = try colour(of: frame, in: label, size: size)
    #expect(idle.green > idle.red + 20, "Start is green: \(idle)")
    let press = Key.clickAt(x: row.minX + circle.center.x, y: row.minY + circle.center.y)
    #expect(window.handle(press, at: moment) == .redraw)
    #expect(control.watch.phase == .running)
    moment = Moment(
      instant: start.advanced(by: .seconds(1)), wall: moment.wall.addingTimeInterval(1))
    frame = window.frame(at: moment, on: canvas).frame
    let running = try colour(of: frame, in: label, size: size)
    #expect(running.red > running.green + 20, "Stop is red: \(running)")
    // Lap while running, from the left button; a click on neither does nothing.
    let left = window.buttons.circle(.lapReset)
    _ = window.handle(
      .clickAt(x: row.minX + left.center.x, y: row.minY + left.center.y), at: moment)
    #expect(control.watch.laps.count == 1)
    #expect(window.handle(.clickAt(x: 240, y: 5), at: moment) == .keepGoing)
  }

  @Test func theTerminalsStartStopHintHasTheButtonsColours() throws {
    let control = StopwatchControl(
      watch: Stopwatch<ContinuousClock.Instant>(), store: nil, notes: [])
    let screen = StopwatchScreen(control: control, fps: 30, graphics: .sextant)
    let size = TerminalSize(columns: 100, rows: 30)
    func hint() throws -> (text: String, color: RGB?) {
      let grid = try screen.frame(at: Moment(instant: start, wall: Date()), on: size).frame
      let line = (0..<size.columns).map { grid[$0, size.rows - 1] }
      guard let first = line.firstIndex(where: { $0.glyph == "S" }) else { return ("", nil) }
      return (
        String(line[first..<(first + 11)].map { Character($0.glyph) }), line[first].foreground
      )
    }
    #expect(try hint() == ("Space start", RGB(StopwatchDisplay.Style().start)))
    _ = control.handle(.space, at: Moment(instant: start, wall: Date()))
    #expect(try hint() == ("Space stop ", RGB(StopwatchDisplay.Style().stop)))
  }
}

/// The strings of every text layer in a tree, in drawing order.
func texts(in layer: Layer) -> [String] {
  ((layer as? TextLayer).map { [$0.string] } ?? []) + layer.sublayers.flatMap { texts(in: $0) }
}

/// Every text the window's timer draws reads on what it is drawn on (WCAG AA, 4.5:1), over
/// each colour of the cycling backdrop and in the last seconds' red: measured from pixels, the
/// frame drawn with and without the text.
@Suite struct TimerWindowContrastTests {
  let start = ContinuousClock.now
  let wall = Date(timeIntervalSince1970: 1_800_000_000)
  let side = 360

  func rgb(_ pixel: UInt32) -> Color {
    Color(
      red: Double((pixel >> 16) & 0xFF) / 255, green: Double((pixel >> 8) & 0xFF) / 255,
      blue: Double(pixel & 0xFF) / 255)
  }

  /// Each text layer's string and its lowest contrast over the pixels its glyphs fill.
  func contrasts(in tree: Layer) throws -> [(text: String, ratio: Double)] {
    func texts(_ layer: Layer) -> [TextLayer] {
      (layer as? TextLayer).map { $0.isHidden || $0.string.isEmpty ? [] : [$0] }
        ?? layer.sublayers.flatMap(texts)
    }
    let renderer = Renderer()
    let shown = try renderer.renderImage(tree, width: side, height: side)
    return try texts(tree).map { text in
      text.isHidden = true
      defer { text.isHidden = false }
      let under = try renderer.renderImage(tree, width: side, height: side)
      let ink = text.foregroundColor
      var worst = Double.infinity
      shown.withPixels { drawn, stride in
        under.withPixels { behind, _ in
          for index in 0..<(side * stride) {
            let back = rgb(behind[index])
            let inked = Color(
              red: ink.red * ink.alpha + back.red * (1 - ink.alpha),
              green: ink.green * ink.alpha + back.green * (1 - ink.alpha),
              blue: ink.blue * ink.alpha + back.blue * (1 - ink.alpha))
            let seen = rgb(drawn[index])
            // A pixel the glyph covers whole: the ink over what is behind it.
            guard back != seen,
              max(
                abs(seen.red - inked.red), abs(seen.green - inked.green),
                abs(seen.blue - inked.blue)) < 4 / 255
            else { continue }
            worst = min(worst, inked.contrastRatio(with: back))
          }
        }
      }
      return (text.string, worst)
    }
  }

  @Test func everyTextReadsOverTheBackdropAndInTheLastSeconds() throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(40))
    countdown.start(at: start)
    let control = TimerControl(
      countdown: countdown, at: Moment(instant: start, wall: wall), persistence: nil, pulse: true,
      backdrop: true, fps: 15, wait: false, alert: TimerAlert(name: "pasta", exec: nil),
      ringStyle: TimerWindow.ringStyle().critical(for: 10), alertsTerminal: false)
    let window = TimerWindow(control: control, fps: nil, stays: false) {}
    var measured: [(text: String, ratio: Double)] = []
    // Across the backdrop's whole cycle (three colours, 3 s each), and into the last ten seconds.
    for tenth in stride(from: 5, through: 375, by: 15) {
      let at = Duration.milliseconds(tenth * 100)
      let frame = window.frame(
        at: Moment(instant: start + at, wall: wall.addingTimeInterval(Double(tenth) / 10)),
        on: Window.Canvas(width: side, height: side)
      ).frame
      measured += try contrasts(in: frame.tree)
    }
    #expect(measured.contains { $0.text.hasPrefix("0:0") }, "the last seconds are measured")
    #expect(measured.allSatisfy { $0.ratio.isFinite }, "every text has pixels of its own ink")
    let poor = measured.filter { $0.ratio < 4.5 }.prefix(6).map { "\($0.text): \($0.ratio)" }
    #expect(poor == [])
  }
}

extension TimerWindowContrastTests {
  /// A stamp of the ring over the backdrop, at each of its colours.
  @Test func theStampsLabelReadsOverTheBackdrop() throws {
    let stamp = TimerStamp(
      size: Double(side), remaining: .seconds(30), total: .seconds(60), pulsePhase: 0.2,
      backdrop: true)
    let measured = try stride(from: 0.0, through: 9, by: 1.5).flatMap {
      try contrasts(in: stamp.frame(at: $0))
    }
    #expect(measured.count == 7 && measured.allSatisfy { $0.ratio.isFinite })
    #expect(measured.filter { $0.ratio < 4.5 }.map(\.text) == [])
  }
}
