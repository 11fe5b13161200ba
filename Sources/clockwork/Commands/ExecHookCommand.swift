import ArgumentParser
import ClockworkAlerts
import ClockworkModes
import ClockworkState
import FoundationEssentials

/// `clockwork exec-hook`: runs a timer's `--exec` command and says if it fails. Started by the
/// timer and the alert watcher; not for people to run (hidden from --help).
struct ExecHookCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: ExecHook.subcommand,
    abstract: "Run a timer's --exec command and report its failure (started by `clockwork timer`).",
    shouldDisplay: false
  )

  @Option(help: "The timer's name.") var timer: String
  @Flag(help: "Also say a failure as a desktop notification.") var notify = false
  @Argument(help: "The shell command.") var command: String

  func run() throws {
    let log = StateDirectory(environment: ProcessInfo.processInfo.environment).file("exec.log")
    throw ExitCode(ExecHook.supervise(command, timer: timer, log: log, notifies: notify))
  }
}
