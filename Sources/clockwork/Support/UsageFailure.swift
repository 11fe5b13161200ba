import ArgumentParser
import ClockworkLive
import ClockworkSystem

/// A usage problem that shows only while running (no duration and no saved timer to return to;
/// a time already past): said as ArgumentParser says a usage error, with the usage line of the
/// subcommand that was run, not the root's, and exit 64.
enum UsageFailure {
  static func exit(_ message: String, in command: ParsableCommand.Type) -> ExitCode {
    let name = command.configuration.commandName ?? ""
    StandardOutput.error(
      "Error: \(message)\nUsage: \(Clockwork.usageString(for: command))\n  See 'clockwork \(name) --help' for more information."
    )
    return ExitCode(ExitStatus.usage)
  }
}
