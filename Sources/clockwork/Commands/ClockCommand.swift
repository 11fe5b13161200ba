import ArgumentParser
import ClockworkCore
import Foundation

struct ClockCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clock",
    abstract: "Show the time.",
    discussion: """
      Prints the local time once a second, each line just after the second boundary:

        $ clockwork clock --plain --zone Asia/Kolkata --count 2
        2026-11-22 14:32:05 +05:30
        2026-11-22 14:32:06 +05:30

      Several --zone options print the zones side by side on each line.
      """
  )

  @Flag(help: "Print plain text lines instead of drawing (the only mode so far).")
  var plain = false

  @Option(
    name: .customLong("zone"),
    help: ArgumentHelp("An IANA time zone, e.g. Europe/London or UTC; repeat for several.", valueName: "tz"),
    transform: TimeZoneArgument.parse)
  var zones: [TimeZone] = []

  @Option(help: "Stop after this many lines (default: run until interrupted).")
  var count: Int?

  func validate() throws {
    if let count, count < 1 { throw ValidationError("--count must be at least 1, got \(count)") }
  }

  func run() async throws {
    let zones = zones.isEmpty ? [TimeZone.current] : zones
    let status = await PlainClock(zones: zones, count: count).run()
    throw ExitCode(status)
  }
}
