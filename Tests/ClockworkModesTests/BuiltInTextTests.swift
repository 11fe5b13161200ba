import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkTerminal
import ClockworkWidgets
import Foundation
import Testing

@testable import ClockworkCairo
@testable import ClockworkModes
@testable import ClockworkTerminal

/// Every terminal mode draws its text from the glyphs the binary keeps: none of them loads
/// fontconfig or opens a font (a megabyte of a start's memory: BENCHMARKS.md). A theme or a
/// character the glyphs lack fails here first.
@Suite struct BuiltInTextTests {
  let start = ContinuousClock.now
  let wall = Date(timeIntervalSince1970: 1_795_618_325.25)  // 14:52:05 UTC, a two-digit hour
  let size = TerminalSize(columns: 100, rows: 40)
  var moment: Moment<ContinuousClock.Instant> { Moment(instant: start, wall: wall) }

  @Test(
    arguments: ClockTheme.builtIn.flatMap { theme in
      [ColorMode.truecolor, .none].map { (theme.name, $0) }
    })
  func aClocksDial(theme name: String, colors: ColorMode) throws {
    let theme = try #require(ClockTheme.builtIn.first { $0.name == name })
    for hours in [HourCycle.twentyFour, .twelve] {
      let control = ClockControl(
        zones: [.utc], theme: theme, oscillator: .quartz, digital: true, hours: hours)
      let screen = ClockScreen(
        control: control, graphics: .sextant, rasterStore: nil, colorMode: colors)
      _ = try screen.frame(at: moment, on: size)
      #expect(screen.presenters.map(\.renderer.fontReaders) == [0], "\(name), \(hours)")
    }
  }

  @Test func aTimersRing() throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(600))
    countdown.start(at: start)
    let control = TimerControl(
      countdown: countdown, at: moment, persistence: nil, pulse: true, backdrop: true, fps: 15,
      wait: false, alert: TimerAlert(name: "tea", exec: nil),
      ringStyle: TimerScreen.ringStyle(monochrome: false), alertsTerminal: false)
    let screen = TimerScreen(control: control, graphics: .sextant)
    for seconds in [0.0, 61.5, 599.0] {
      let later = Moment(instant: start.advanced(by: .seconds(seconds)), wall: wall)
      _ = try screen.frame(at: later, on: size)
    }
    #expect(screen.presenter.renderer.fontReaders == 0)
  }

  @Test func aStopwatchsDigits() throws {
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: start)
    let screen = StopwatchScreen(
      control: StopwatchControl(watch: watch, store: nil, notes: []), fps: 30, graphics: .sextant)
    for seconds in [0.0, 3.21, 4_000.5] {
      let later = Moment(instant: start.advanced(by: .seconds(seconds)), wall: wall)
      _ = try screen.frame(at: later, on: size)
    }
    #expect(screen.digits.presenter.renderer.fontReaders == 0)
  }

  @Test(arguments: [HourCycle.twentyFour, .twelve])
  func theDigitalFace(hours: HourCycle) throws {
    let screen = DigitalClockScreen(
      zones: [.utc], look: .init(hours: hours), graphics: .sextant, color: .white)
    _ = try screen.frame(at: moment, on: size)
    #expect(screen.digits.presenter.renderer.fontReaders == 0)
  }
}
