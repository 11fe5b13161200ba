import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkModes
import ClockworkSystem
import FoundationEssentials

/// `--history`: what was timed, listed and exported.
struct TimerHistoryOptions: ParsableArguments {
  @Flag(
    help:
      "List each finished, cancelled or skipped timer and sequence phase, with a day's total of each sequence's phases, and exit."
  )
  var history = false

  @Option(
    help: ArgumentHelp(
      "Count up from this time past (09:00: its last occurrence; 2026-11-27T09:00Z); with --history, list from then on (2026-11-01).",
      valueName: "time"))
  var since: String?

  @Option(
    help: ArgumentHelp(
      "With --history: also write it to this file (.csv or .json).", valueName: "file"),
    completion: Completions.laps)
  var export: String?

  func validate() throws {
    if !history && export != nil { throw ValidationError("--export goes with --history") }
    if history, let since {
      do { _ = try start(since, now: Date()) } catch { throw ValidationError(error.description) }
    }
    if let export {
      do { _ = try LapExport.Format(path: export) } catch {
        throw ValidationError(error.description)
      }
      if let problem = StampFiles.problem(writing: export) {
        throw OutputOptions.failure("cannot write the history to \(export)", problem)
      }
    }
  }

  /// The instant `text` names, a time of day being today's.
  func start(_ text: String, now: Date) throws(TargetTimeParseError) -> Date {
    try TargetTimeParser.instant(at: text, on: nil, in: .local, now: now)
  }

  /// Lists the history (and writes it to `--export`).
  func run(_ timers: Timers, now: Date) throws {
    let records = timers.store.history.records(since: try since.map { try start($0, now: now) })
    StandardOutput.line(TimerHistoryTable.render(records, zone: .local))
    if let export {
      do { try TimerHistoryTable.write(records, zone: .local, to: export) } catch {
        throw RuntimeFailure(error.description)
      }
    }
  }
}
