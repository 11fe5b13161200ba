import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkSystem
import FoundationEssentials

/// What the command says when the library refuses, or when a run ends with its timer left.
extension TimerCommand {
  /// Says what the library could not do, with this command's flags.
  func failure(_ error: AlertsError) -> Error {
    switch error {
    case .noSuchTimer where cancel: RuntimeFailure("no timer named '\(name)'")
    case .noSuchTimer:
      UsageFailure.exit(
        "no timer named '\(name)' is running\(othersRunning()); give a duration (e.g. 25m) or --until TIME",
        in: Self.self)
    case .timerRunning(_, let left, let paused):
      RuntimeFailure(
        "a timer named '\(name)' is \(paused ? "paused" : "running") (\(CountdownFormat.string(.milliseconds(Int64(left * 1000)))) left); "
          + "run `\(Self.resumeCommand(name))` to see it, --replace to start anew, or --name NAME for another"
      )
    case .cannotSave(let problem):
      RuntimeFailure("cannot \(cancel ? "cancel" : "change") timer '\(name)': \(problem)")
    case .notASequence:
      RuntimeFailure("timer '\(name)' has one phase: --next goes to a sequence's next phase")
    case .lastPhase:
      RuntimeFailure("timer '\(name)' is at its last phase (or over): --cancel stops it")
    default: RuntimeFailure("\(error)")
    }
  }

  /// The other timers that run or wait, to return to with --name: ", but tea (3:12 left) and
  /// soup (paused, 9:58 left) are (`clockwork timer --name NAME`)", or nothing.
  func othersRunning(now: Date = Date()) -> String {
    let others = Timers().list(now: now).timers.filter { !$0.isFinished(atWall: now) }
    guard !others.isEmpty else { return "" }
    let listed = others.map { timer in
      let left = CountdownFormat.string(.milliseconds(Int64(timer.remaining(atWall: now) * 1000)))
      return "\(timer.name) (\(timer.endsAt == nil ? "paused, " : "")\(left) left)"
    }
    return ", but \(listed.joined(separator: ", ")) \(others.count == 1 ? "is" : "are") "
      + "(`\(Self.resumeCommand(others.count == 1 ? others[0].name : "NAME"))` returns to \(others.count == 1 ? "it" : "one"))"
  }

  /// Says how to return to a timer left running; one counting past its end is ended.
  func keepsRunning(_ control: TimerControl, status: Int32, at now: ContinuousClock.Instant) throws
  {
    control.endOvertime()
    if control.cancelledElsewhere {
      return StandardOutput.error("clockwork: timer '\(name)' was cancelled by another clockwork")
    }
    guard status != ExitStatus.success, !control.countdown.isFinished(at: now) else { return }
    if let problem = control.saveError {
      return StandardOutput.error("timer '\(name)' ended with this run: \(problem)")
    }
    let left = CountdownFormat.string(control.countdown.remaining(at: now))
    StandardOutput.error(
      "timer '\(name)' \(control.countdown.isRunning ? "keeps running" : "stays paused") (\(left) left): `\(Self.resumeCommand(name))` returns to it, --cancel stops it"
    )
  }
}
