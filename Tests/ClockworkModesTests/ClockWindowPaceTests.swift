import ClockworkCore
import ClockworkLive
import ClockworkModes
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
