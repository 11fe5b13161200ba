import ArgumentParser
import ClockworkCore

/// `clockwork pomodoro`: a sequence of work and breaks, as `timer --sequence` runs it.
struct PomodoroCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pomodoro",
    abstract:
      "Work and breaks: 25 minutes of work, 5-minute breaks, a 15-minute long break after 4 rounds.",
    discussion: """
      A timer named 'pomodoro' with a sequence of phases: each phase's end rings (a \
      notification, the sound, the round as 2/4) and the next starts by itself, with no window \
      open too. In the window or terminal, n skips to the next phase. It also takes the timer's \
      options (--window, --plain, --no-sound, --exec, --name …; see `clockwork timer --help`).

        $ clockwork pomodoro
        $ clockwork pomodoro --work 50m --break 10m --rounds 3 --manual
        $ clockwork timer --name pomodoro --next
      """)

  @Option(help: "Each work phase.", transform: DurationArgument.parse) var work: Duration =
    .seconds(25 * 60)
  @Option(name: .customLong("break"), help: "Each short break.", transform: DurationArgument.parse)
  var rest: Duration = .seconds(5 * 60)
  @Option(help: "The break after the last round.", transform: DurationArgument.parse) var longBreak:
    Duration = .seconds(15 * 60)
  @Option(help: "Rounds of work and a break (1 to 100).") var rounds = 4
  @Flag(help: "Each next phase waits to be started (n, or `timer --next`).") var manual = false

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp("The timer's options.", valueName: "timer-options"))
  var timerOptions: [String] = []

  func validate() throws {
    guard (1...100).contains(rounds) else {
      throw ValidationError("--rounds must be from 1 to 100, got \(rounds)")
    }
  }

  func run() async throws {
    var timer = try TimerCommand.parse(timerOptions)
    guard timer.phases.sequence == nil, timer.duration == nil, timer.until == nil else {
      throw UsageFailure.exit(
        "a pomodoro's phases are --work, --break, --long-break and --rounds; for phases of your own use `clockwork timer --sequence`",
        in: Self.self)
    }
    if timer.nameOption == nil { timer.nameOption = "pomodoro" }
    timer.phases.manual = manual
    let phases = PhaseSequence.pomodoro(
      work: work, rest: rest, longBreak: longBreak, rounds: rounds)
    try await timer.run(given: .sequence(phases))
  }
}
