import ArgumentParser

/// The `clockwork` command: a live clock, a stopwatch with laps and a countdown timer.
@main
struct Clockwork: AsyncParsableCommand {
  /// Printed by `clockwork --version`.
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "clockwork",
    abstract: "Clocks, stopwatches and countdown timers for the terminal.",
    discussion: """
      With no subcommand, shows the clock. Every mode has a plain-text form for scripts and pipes (--plain).

      Exit codes: 0 success; 1 runtime failure (a file that cannot be written, a timer that is already running); 64 bad usage; 130 interrupted (Ctrl-C, or q before a timer's end); 128 + N ended by signal N (129 SIGHUP, 143 SIGTERM).
      """,
    version: version,
    subcommands: [ClockCommand.self, StopwatchCommand.self, TimerCommand.self, RenderCommand.self],
    defaultSubcommand: ClockCommand.self
  )
}
