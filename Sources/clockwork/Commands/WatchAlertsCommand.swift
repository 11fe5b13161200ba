import ArgumentParser
import ClockworkModes
import ClockworkState

/// `clockwork watch-alerts`: the detached process that rings timers whose window is gone.
/// Started by `timer`; not for people to run (hidden from --help).
struct WatchAlertsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch-alerts",
    abstract: "Ring timers left running with no window open (started by `clockwork timer`).",
    shouldDisplay: false
  )

  func run() throws {
    throw ExitCode(AlertWatcher(store: TimerStore()).run())
  }
}
