import ClockworkAlerts
import ClockworkCore
import Foundation

extension StoredTimer {
  /// A sequence as saved when it starts at `wall`: at its first phase, running.
  public static func startedSequence(
    _ name: String, _ text: String, rounds: Int = 1, manual: Bool = false, at wall: Date
  ) throws -> StoredTimer {
    let sequence = try PhaseSequence(parsing: text, rounds: rounds)
    var countdown = try Countdown<ContinuousClock.Instant>(duration: sequence.phases[0].duration)
    let now = ContinuousClock.now
    countdown.start(at: now)
    var timer = StoredTimer(countdown, name: name, at: now, wallNow: wall)
    (timer.sequence, timer.step, timer.manual) = (sequence, 0, manual ? true : nil)
    return timer
  }
}
