import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkScene
import ClockworkWindow
import ClockworkWidgets
import Foundation
import Testing

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
      let moment = Moment(instant: instant, wall: Date(timeIntervalSince1970: 1_800_000_000.2 + start.duration(to: instant) / .seconds(1)))
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
  @Test func theNameAndTheEndAreShown() throws {
    let start = ContinuousClock.now
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(300))
    countdown.start(at: start)
    let wall = Date(timeIntervalSince1970: 1_800_000_000)
    let control = TimerControl(
      countdown: countdown, at: Moment(instant: start, wall: wall), persistence: nil, pulse: true, backdrop: true, fps: 15,
      wait: false, alert: TimerAlert(name: "pasta", exec: nil), ringStyle: .init(), alertsTerminal: false)
    let window = TimerWindow(control: control, fps: nil, stays: false) {}
    let frame = window.frame(at: Moment(instant: start.advanced(by: .seconds(8)), wall: wall.addingTimeInterval(8)), on: Window.Canvas(width: 480, height: 480))
    func texts(_ layer: Layer) -> [String] { ((layer as? TextLayer).map { [$0.string] } ?? []) + layer.sublayers.flatMap(texts) }
    let shown = texts(frame.frame.tree)
    let end = ClockText.when(wall.addingTimeInterval(300), seenAt: wall.addingTimeInterval(8), in: .local)
    #expect(shown.contains("pasta") && shown.contains("ends \(end)"), "\(shown)")
  }
}
