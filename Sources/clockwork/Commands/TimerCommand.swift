import ArgumentParser
import ClockworkCore
import ClockworkTerminal
import Foundation

struct TimerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Count down a duration or to a time of day.",
    discussion: """
      In a terminal: a ring fills with its gradient while a pulse beats around it over a cycling
      backdrop, the time left in the middle (tenths in the last minute). Space pauses and
      resumes, r restarts, + and - add or remove a minute, q quits (exit 130 before the end).
      At zero: the bell, a desktop notification (OSC 777 and OSC 9), --exec run once, then
      exit 0 (or stay with --wait).

      Plain mode (--plain, or output not a terminal) prints the remaining time once a second,
      rings the bell at zero and exits 0; Ctrl-C exits 130.

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

  @OptionGroup var live: LiveOptions

  @Flag(inversion: .prefixedNo, help: "Pulse around the ring while it runs.")
  var pulse = true

  @Flag(inversion: .prefixedNo, help: "Cycle a gradient behind the ring.")
  var backdrop = true

  @Flag(help: "Stay on screen after the end (until q) instead of exiting.")
  var wait = false

  @Option(name: .customLong("exec"), help: ArgumentHelp("A shell command to run once when the timer ends.", valueName: "command"))
  var command: String?

  // 15 a second keeps a 1 s pulse smooth at about half the CPU and bytes of 30 (BENCHMARKS.md).
  @Option(help: ArgumentHelp("Frames per second while the pulse or backdrop moves (1 to 60).", valueName: "n"))
  var fps: Double = 15

  func validate() throws {
    guard fps.isFinite, (1...60).contains(fps) else { throw ValidationError("--fps must be from 1 to 60, got \(fps)") }
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
    guard live.wantsLiveView else {
      throw ExitCode(await PlainTimer(duration: length, exec: command).run())
    }
    let session = try TerminalSession()
    let mode = try LiveTimer(
      duration: length, pulse: pulse, backdrop: backdrop, fps: fps, wait: wait, exec: command, glyphs: live.graphics)
    throw ExitCode(await LiveLoop(session: session, colorMode: live.colorMode).run(mode))
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
