import ArgumentParser
import ClockworkCore

/// `--sequence`, `--repeat`, `--long-break`, `--manual`: phases one after another.
struct SequenceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Phases one after another, each a name and a duration: \"work 25m, break 5m\".",
      valueName: "phases"))
  var sequence: String?

  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp("Run the sequence's phases this many rounds (1 to 100).", valueName: "n"))
  var rounds: Int?

  @Option(
    help: ArgumentHelp(
      "The last round's last phase becomes a long break of this length (a pomodoro's).",
      valueName: "duration"), transform: DurationArgument.parse)
  var longBreak: Duration?

  @Flag(
    help:
      "Each next phase waits to be started (n in the window, or `timer --next`) instead of starting by itself."
  )
  var manual = false

  func validate() throws {
    if sequence == nil && (rounds != nil || longBreak != nil || manual) {
      throw ValidationError("--repeat, --long-break and --manual go with --sequence")
    }
    _ = try resolved()
  }

  func resolved() throws -> PhaseSequence? {
    guard let text = sequence else { return nil }
    var parsed: PhaseSequence
    do { parsed = try PhaseSequence(parsing: text, rounds: rounds ?? 1) } catch {
      throw ValidationError(error.description)
    }
    if let longBreak { parsed.finale = .init(name: "long-break", seconds: longBreak / .seconds(1)) }
    return parsed
  }
}
