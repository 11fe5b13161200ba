import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkSystem
import FoundationEssentials

/// `--pause`, `--resume`, `--toggle`, `--add`, `--subtract`, `--restart`: a running timer
/// changed from any process (a script, a panel's click, a key binding), as its window's keys
/// change it.
struct TimerControlOptions: ParsableArguments {
  @Flag(help: "Pause the timer (--name, or the only one there is), and exit.")
  var pause = false

  @Flag(help: "Resume a paused timer, and exit.")
  var resume = false

  @Flag(help: "Pause a running timer or resume a paused one, and exit.")
  var toggle = false

  @Option(
    help: ArgumentHelp(
      "Add this much time to the timer (e.g. 1m), and exit.", valueName: "duration"),
    transform: DurationArgument.parse)
  var add: Duration?

  @Option(
    help: ArgumentHelp(
      "Take this much time from the timer, never all it has left, and exit.",
      valueName: "duration"),
    transform: DurationArgument.parse)
  var subtract: Duration?

  @Flag(help: "Count down again the length the timer was started with, and exit.")
  var restart = false

  /// The changes asked for: one at most passes validation.
  var changes: [Timers.Change] {
    [
      pause ? .pause : nil, resume ? .resume : nil, toggle ? .toggle : nil,
      add.map { .add($0) }, subtract.map { .add(.zero - $0) }, restart ? .restart : nil,
    ].compactMap { $0 }
  }
}

extension TimerCommand {
  /// The timer a control changes: the one named, or else the only one not finished (or, to
  /// cancel, counting on past its end).
  func controlledName(_ timers: Timers, now: Date) throws -> String {
    if nameOption != nil || presetWord != nil { return name }
    let open = timers.list(now: now).timers.filter {
      !$0.isFinished(atWall: now) || (cancel && $0.overtime(atWall: now) != nil)
    }.map(\.name)
    guard open.count == 1, let only = open.first else {
      // A finished one is forgotten by its name; `timer` has its own.
      if cancel, open.isEmpty { return name }
      throw RuntimeFailure(
        open.isEmpty
          ? "no timer is running or paused"
          : "timers \(open.joined(separator: ", ")) are running or paused: give --name NAME")
    }
    return only
  }

  /// Changes the timer as `change` asks, and says how it is now.
  func control(_ change: Timers.Change, _ timers: Timers, now: Date, hours: HourCycle) throws {
    let target = try controlledName(timers, now: now)
    let timer: StoredTimer
    do { timer = try timers.change(target, change, now: now) } catch {
      switch error {
      case .noSuchTimer: throw RuntimeFailure("no timer named '\(target)'")
      case .timerFinished:
        throw RuntimeFailure("timer '\(target)' has finished: --restart starts it again")
      case .tooLittleLeft(_, let left):
        throw RuntimeFailure(
          "timer '\(target)' has \(CountdownFormat.string(.milliseconds(Int64(left * 1000)))) left: --subtract never ends a timer (--cancel does)"
        )
      default: throw failure(error)
      }
    }
    let left = CountdownFormat.string(.milliseconds(Int64(timer.remaining(atWall: now) * 1000)))
    let end = timer.endsAt.map {
      ", ends \(ClockText.when(Date(timeIntervalSince1970: $0), seenAt: now, in: .local, hours: hours))"
    }
    StandardOutput.line(
      "timer '\(target)' \(timer.endsAt == nil ? "paused" : "running"), \(left) left\(end ?? "")")
  }
}
