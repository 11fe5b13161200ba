import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// The `clockwork` command: a live clock, a stopwatch with laps and a countdown timer.
@main
struct Clockwork: ParsableCommand {
  /// Printed by `clockwork --version`.
  static let version = "0.1.0"

  // Every command names itself: a name left to ArgumentParser comes from the type's name,
  // which the runtime demangles at every start, whichever command runs.
  static let configuration = CommandConfiguration(
    commandName: "clockwork",
    abstract: "Clocks, stopwatches and countdown timers for the terminal and the desktop.",
    discussion: """
      With no subcommand, shows the clock. Every mode has a plain-text form for scripts and pipes (--plain).

      Exit codes: 0 success; 1 runtime failure (a file that cannot be written, a timer that is already running); 64 bad usage; 130 interrupted (Ctrl-C, or q before a timer's end); 128 + N ended by signal N (129 SIGHUP, 143 SIGTERM).
      """,
    subcommands: [
      ClockCommand.self, StopwatchCommand.self, TimerCommand.self, PomodoroCommand.self,
      PresetCommand.self, AlarmCommand.self, ChimeCommand.self,
      StatusCommand.self, RenderCommand.self,
    ],
    defaultSubcommand: ClockCommand.self
  )

  /// Listed in this command's help only: a `version` in the configuration would list it under
  /// every subcommand too. ``main()`` answers it before parsing (parsed, a subcommand would run).
  @Flag(name: .customLong("version"), help: "Show the version.") var showsVersion = false

  /// A first word that names no subcommand would be taken for an argument of the default one
  /// (`clock`, which takes none): it is called an unknown subcommand, with the nearest name.
  ///
  /// Synchronous: an `async` main hands the main thread to `dispatch_main`, whose
  /// `pthread_exit` unwinds it, reading the unwind tables of all it passes at every start.
  /// The live modes run as a task while this thread waits (``AsyncRun``).
  static func main() {
    StandardOutput.holdClosedDescriptors()
    let arguments = Array(CommandLine.arguments.dropFirst())
    // First, before the state folder is looked at: a version is all it asks for.
    if arguments.prefix(while: { $0 != "--" }).contains("--version") {
      guard arguments == ["--version"] else {
        exitReporting(
          ValidationError("--version goes alone: clockwork --version"), arguments: arguments)
      }
      StandardOutput.line(version)
      exitReportingOutputFailure()
    }
    ProcessTuning.shareOneHeap()
    let state = StateDirectory(environment: ProcessEnvironment.current)
    // What ringers left to say, and a ringer for whatever is pending (a killed watcher).
    for line in AlertsCheckup.run(in: state) { StandardOutput.error("clockwork: \(line)") }
    FatalSignals.install(
      advice:
        "Stopwatches and timers saved before it are kept in \(state.path). This is a bug: please report it with the command that was run."
    )
    do {
      // The commands a panel or a launcher runs most, read without ArgumentParser.
      if arguments.first == "status", let asked = StatusCommand.quickRead(arguments.dropFirst()) {
        try StatusCommand.show(format: asked.format, follow: asked.follow)
        exitReportingOutputFailure()
      }
      if arguments == ["timer", "--list"] {
        TimerCommand.showList()
        exitReportingOutputFailure()
      }
      if arguments.isEmpty || arguments == ["clock"] {
        let status = try ClockRun.defaults.run()
        if status != ExitStatus.success { Glibc.exit(status) }
        exitReportingOutputFailure()
      }
      if let word = arguments.first, !word.hasPrefix("-"),
        let problem = SubcommandName.problem(with: word, among: configuration.subcommands)
      {
        exitReporting(ValidationError(problem), arguments: arguments)
      }
      var command = try parseAsRoot(arguments)
      if let asynchronous = command as? AsyncParsableCommand {
        try AsyncRun.wait(for: asynchronous)
      } else {
        try command.run()
      }
    } catch let code as ExitCode {
      // How a live mode ended: nothing to say, and ArgumentParser's reading of an error
      // would build the help (3.6 M instructions at every quit).
      if code != .success { Glibc.exit(code.rawValue) }
    } catch let error as SettingsError {
      // a bad settings file: a usage error, as a bad option
      StandardOutput.error("Error: \(error)")
      Glibc.exit(ExitStatus.usage)
    } catch {
      guard exitCode(for: error) == .success else { exitReporting(error, arguments: arguments) }
      // --help or --version: said here, so a failed write is seen
      let message = fullMessage(for: error)
      if !message.isEmpty { StandardOutput.line(message) }
    }
    exitReportingOutputFailure()
  }

  /// Says what went wrong on standard error, as ArgumentParser would; when a long argument was
  /// given, any long word of the message (an echo of it, whole or in part) is cut short.
  static func exitReporting(_ error: any Error, arguments: [String]) -> Never {
    var message = UnknownOption.mended(fullMessage(for: error), subcommand: arguments.first)
    if arguments.contains(where: { $0.count > ErrorText.longestEcho }) {
      message = ErrorText.shortened(message)
    }
    if !message.isEmpty { StandardOutput.error(message) }
    Glibc.exit(exitCode(for: error).rawValue)
  }

  /// A run that succeeded but could not write all it had to say (a full disk, a closed
  /// standard output) is a failure: said on standard error, exit 1.
  static func exitReportingOutputFailure() -> Never {
    if let failure = StandardOutput.failure {
      StandardOutput.error("clockwork: cannot write to standard output: \(failure)")
      Glibc.exit(ExitStatus.failure)
    }
    Glibc.exit(ExitStatus.success)
  }
}

/// How errors quote what was typed.
enum ErrorText {
  static let longestEcho = 80

  /// `message` with each word longer than ``longestEcho`` cut to its first 40 characters and
  /// its length.
  static func shortened(_ message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.split(separator: " ", omittingEmptySubsequences: false).map { word in
        word.count > longestEcho ? "\(word.prefix(40))… (\(word.count) characters)" : String(word)
      }.joined(separator: " ")
    }.joined(separator: "\n")
  }
}

/// ArgumentParser's hint for an unknown option, kept only when it is near what was typed
/// (`--fps` is not a misspelt `--12h`); a name that is a setting says where it goes.
enum UnknownOption {
  static func mended(_ message: String, subcommand: String?) -> String {
    let hint = /Unknown option '--([^']+)'(?:\. Did you mean '--([^']+)'\?)?/
    guard let match = message.firstMatch(of: hint) else { return message }
    let typed = String(match.1)
    var mended = "Unknown option '--\(typed)'"
    if typed == "fps", subcommand == "clock" {
      mended +=
        ": the clock has no frame rate; it draws when a hand has moved (a sample in a terminal, a pixel in a window)"
    } else if SettingsFile.keys.contains(typed) {
      let file =
        SettingsFile.path(environment: ProcessEnvironment.current) ?? "config.json"
      mended += "; \(typed) is a setting: put \"\(typed)\": … in \(file)"
    } else if let others = owners(of: typed, besides: subcommand) {
      mended += ": it is an option of \(others), not of `clockwork \(subcommand ?? "")`"
    } else if let suggested = match.2.map(String.init),
      // Near for its length: two short names (`--hz`, `--at`) are not one misspelt.
      NearestWord.distance(typed, suggested)
        <= min(2, max(1, min(typed.count, suggested.count) / 2))
    {
      mended += ". Did you mean '--\(suggested)'?"
    }
    var message = message
    message.replaceSubrange(match.range, with: mended)
    return message
  }
}

extension UnknownOption {
  /// The other subcommands whose help lists `--option`, as "`clockwork clock`", when
  /// `subcommand` names one: a flag typed to the wrong mode is no misspelling.
  static func owners(of option: String, besides subcommand: String?) -> String? {
    let commands = Clockwork.configuration.subcommands
    guard let subcommand, commands.contains(where: { $0.configuration.commandName == subcommand }),
      option.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
    else { return nil }
    let listed = try? Regex("(^|[ ,])--\(option)([ ,=<]|$)").anchorsMatchLineEndings()
    let owners = commands.compactMap { command -> String? in
      guard let name = command.configuration.commandName, name != subcommand, let listed,
        Clockwork.helpMessage(for: command).contains(listed)
      else { return nil }
      return "`clockwork \(name)`"
    }
    return owners.isEmpty ? nil : owners.joined(separator: " and ")
  }
}

/// Names of subcommands, and the one a mistyped word was meant to be.
enum SubcommandName {
  static func problem(with word: String, among commands: [ParsableCommand.Type]) -> String? {
    // `help` is ArgumentParser's own: `clockwork help timer` is `clockwork timer --help`.
    guard word != "help", !commands.contains(where: { $0.configuration.commandName == word }) else {
      return nil
    }
    let names = commands.filter { $0.configuration.shouldDisplay }.compactMap {
      $0.configuration.commandName
    }  // hidden ones are not offered
    let hint =
      NearestWord.to(word, among: names).map { "; did you mean '\($0)'?" }
      ?? " (\(names.joined(separator: ", ")))"
    return "unknown subcommand '\(word)'\(hint)"
  }
}
