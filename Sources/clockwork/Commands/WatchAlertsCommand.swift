import ArgumentParser
import ClockworkAlerts
import ClockworkModes
import ClockworkState
import FoundationEssentials
import Glibc

/// `clockwork watch-alerts`: the detached process that rings timers whose window is gone.
/// Started by `timer`; not for people to run (hidden from --help).
struct WatchAlertsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch-alerts",
    abstract: "Ring timers left running with no window open (started by `clockwork timer`).",
    shouldDisplay: false
  )

  @Flag(help: "Ring what is due now and exit (systemd's timer units start it so).")
  var once = false

  @Option(help: "Ring the alarm of this number until it is stopped or snoozed (started by the one that rang it).")
  var soundAlarm: Int?

  @Option(help: "When that alarm rang (seconds since 1970, as saved).")
  var rang: Double?

  @Option(help: "When it was due (seconds since 1970).")
  var owed: Double?

  func run() throws {
    if let soundAlarm, let rang, let owed {
      AlarmAlert.sound(id: soundAlarm, rang: rang, owed: Date(timeIntervalSince1970: owed), store: AlarmStore())
      return
    }
    signal(SIGCHLD, SIG_IGN)  // the --exec supervisors it starts are reaped by the kernel, not left as zombies
    let watcher = AlertWatcher(store: TimerStore())
    throw ExitCode(once ? watcher.ringDue() : watcher.run())
  }
}
