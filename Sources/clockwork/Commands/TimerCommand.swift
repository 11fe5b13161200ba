import ArgumentParser
import ClockworkCore
import Foundation

struct TimerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Count down a duration or to a time of day.",
    discussion: """
      Plain mode prints the remaining time once a second, rings the bell at zero and exits 0;
      Ctrl-C exits 130.

        $ clockwork timer 25m --plain
        $ clockwork timer 1h30m --plain
        $ clockwork timer --until 5:30pm --plain

      Durations: \(DurationParser.acceptedForms).
      Times: \(TargetTimeParser.acceptedForms).
      """
  )

  @Argument(help: ArgumentHelp("How long to count down, e.g. 90s, 25m, 1h 30m, 1:30.", valueName: "duration"))
  var duration: String?

  @Option(help: ArgumentHelp("Count down to this time instead, e.g. 17:30, 5pm, 2026-12-31T23:59:59Z.", valueName: "time"))
  var until: String?

  @Option(name: .customLong("zone"), help: "The time zone that --until is read in (default: local).",
    transform: TimeZoneArgument.parse)
  var zone: TimeZone?

  @Flag(help: "Print plain text lines instead of drawing (the only mode so far).")
  var plain = false

  func validate() throws {
    switch (duration, until) {
    case (nil, nil): throw ValidationError("give a duration (e.g. 25m) or --until TIME")
    case (.some, .some): throw ValidationError("give either a duration or --until, not both")
    case (let text?, nil):
      do { _ = try DurationParser.parse(text) } catch { throw ValidationError(error.description) }
    case (nil, let text?):
      do { _ = try TargetTimeParser.parse(text, timeZone: zone ?? .current) } catch {
        throw ValidationError(error.description)
      }
    }
  }

  func run() async throws {
    let length = try resolvedDuration(now: Date())
    let status = await PlainTimer(duration: length).run()
    throw ExitCode(status)
  }

  func resolvedDuration(now: Date) throws -> Duration {
    if let duration { return try DurationParser.parse(duration) }
    guard let until else { throw ValidationError("give a duration or --until TIME") }
    let end = try TargetTimeParser.nextOccurrence(of: until, after: now, in: zone ?? .current)
    let seconds = end.timeIntervalSince(now)
    guard seconds > 0 else {
      throw ValidationError("--until \(until) is in the past")
    }
    guard seconds <= DurationParser.maximum / .seconds(1) else {
      throw ValidationError("--until \(until) is more than 100 days away")
    }
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }
}
