import ClockworkCore
import ClockworkState
import FoundationEssentials
import Glibc

/// `clockwork stopwatch --plain`: elapsed time each second, a lap per input line, a lap table at
/// the end.
struct PlainStopwatch {
  var watch: Stopwatch<ContinuousClock.Instant>
  var store: StopwatchStore?
  var export: String?

  /// Runs until end of input (0) or a signal (128 + signal number); returns the exit status.
  func run() async -> Int32 {
    let clock = ContinuousClock()
    let events = EventSource(signals: [SIGINT, SIGTERM, SIGHUP])
    var watch = self.watch
    let start = clock.now
    switch watch.phase {
    case .idle: try? watch.start(at: start)
    case .paused: try? watch.resume(at: start)
    case .running: break
    }
    store?.save(watch, at: start)
    guard case .running(let since, let banked) = watch.state else { return 1 }
    // The reading at the start (saving, with its fsync, takes a moment that is not shown).
    Output.line(StopwatchFormat.string(watch.elapsed(at: start)))
    // Lines on the stopwatch's own whole seconds.
    let ticks = events.tick(on: clock) { now in
      since.advanced(by: WallSeconds.nextMultiple(of: .seconds(1), after: banked + since.duration(to: now)) - banked)
    }
    defer { ticks.cancel() }
    events.watchStandardInput()
    for await event in events.stream {
      switch event {
      case .tick:
        Output.line(StopwatchFormat.string(watch.elapsed(at: clock.now)))
      case .line:
        if let lap = try? watch.lap(at: clock.now) {
          store?.save(watch, at: clock.now)
          Output.line(
            "lap \(lap.number)  \(StopwatchFormat.string(lap.split))  total \(StopwatchFormat.string(lap.total))")
        }
      case .endOfInput:
        return finish(watch, total: watch.elapsed(at: clock.now), status: 0)
      case .interrupt(let number):
        return finish(watch, total: watch.elapsed(at: clock.now), status: 128 + number)
      }
    }
    return 0
  }

  /// Prints the lap table (and exports it); a failed export turns success into 1.
  func finish(_ watch: Stopwatch<ContinuousClock.Instant>, total: Duration, status: Int32) -> Int32 {
    Output.line(LapTable.render(watch.laps, total: total))
    guard let export else { return status }
    do { try LapExport.write(watch.laps, total: total, to: export) } catch {
      Output.error("clockwork: \(error)")
      return status == 0 ? 1 : status
    }
    return status
  }
}
