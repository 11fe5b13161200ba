import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkTerminal
import Foundation
import Testing

@testable import ClockworkModes

/// The timer's keys, driven at chosen instants (no clock runs).
@Suite struct TimerControlTests {
  let start = ContinuousClock.now

  func control(_ seconds: Int64) throws -> TimerControl {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(seconds))
    countdown.start(at: start)
    return TimerControl(
      countdown: countdown, at: Moment(instant: start, wall: Date()), persistence: nil,
      pulse: false, backdrop: false,
      fps: 15, wait: false, alert: TimerAlert(name: "test", exec: nil), alertsTerminal: false)
  }

  func press(_ character: Character, on control: TimerControl, after seconds: Double) -> LiveAction
  {
    control.handle(
      .character(character),
      at: Moment(instant: start.advanced(by: .seconds(seconds)), wall: Date()))
  }

  /// 90 s, - twice: the first takes a minute, the second would end it and is refused, said on
  /// the status line until the next key.
  @Test func removingTimeNeverEndsATimer() throws {
    let timer = try control(90)
    #expect(press("-", on: timer, after: 0) == .redraw)
    #expect(timer.countdown.remaining(at: start) == .seconds(30))
    #expect(press("-", on: timer, after: 1) == .redraw)
    #expect(timer.countdown.remaining(at: start.advanced(by: .seconds(1))) == .seconds(29))
    #expect(!timer.countdown.isFinished(at: start.advanced(by: .seconds(1))))
    #expect(timer.status.contains("never ends a timer"))
    #expect(press("+", on: timer, after: 2) == .redraw)
    #expect(timer.countdown.remaining(at: start.advanced(by: .seconds(2))) == .seconds(88))
    #expect(timer.status == "")
  }

  /// Exactly a minute left is a minute or less: refused too.
  @Test func aMinuteLeftIsKept() throws {
    let timer = try control(60)
    _ = press("-", on: timer, after: 0)
    #expect(timer.countdown.remaining(at: start) == .seconds(60))
  }
}
