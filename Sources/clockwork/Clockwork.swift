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

      Exit codes: 0 success, 1 runtime failure, 64 bad usage, 130 interrupted.
      """,
    version: version,
    subcommands: [ClockCommand.self, StopwatchCommand.self, TimerCommand.self, RenderCommand.self],
    defaultSubcommand: ClockCommand.self
  )
}
