import ClockworkCore
import FoundationEssentials
import Glibc

/// `clockwork timer --plain`: the remaining time each second, the bell at zero.
struct PlainTimer {
  var countdown: Countdown<ContinuousClock.Instant>
  var persistence: TimerPersistence?
  var exec: String?

  /// Runs to the end (0) or a signal (128 + signal number); returns the exit status.
  func run() async -> Int32 {
    let clock = ContinuousClock()
    let events = EventSource(signals: [SIGINT, SIGTERM, SIGHUP])
    let running = countdown
    Output.line(CountdownFormat.string(running.remaining(at: clock.now)))
    let ticks = events.tick(on: clock) { now in
      running.isFinished(at: now) ? nil : Self.nextWholeSecond(of: running, after: now)
    }
    defer { ticks.cancel() }
    for await event in events.stream {
      switch event {
      case .tick:
        let now = clock.now
        Output.line(CountdownFormat.string(running.remaining(at: now)))
        if running.isFinished(at: now) {
          Output.bell()
          persistence?.finished()
          if let exec { ExecHook.run(exec) }
          return 0
        }
      case .interrupt(let number):
        return 128 + number
      case .line, .endOfInput:
        continue
      }
    }
    return 0
  }

  /// The instant the reading next drops to a whole second (the finish, at the last).
  static func nextWholeSecond(
    of countdown: Countdown<ContinuousClock.Instant>, after now: ContinuousClock.Instant
  ) -> ContinuousClock.Instant? {
    guard let finish = countdown.finishInstant else { return nil }
    let left = countdown.remaining(at: now) / .seconds(1)
    let nextReading = max(0, left.rounded(.up) - 1)
    return finish.advanced(by: .seconds(-nextReading))
  }
}
