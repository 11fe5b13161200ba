import ClockworkAlerts
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

// clockwork-alerts: rings timers left running and alarms with no window open. Started by
// `clockwork` (and by systemd's timer units); not for people to run.
//
//   clockwork-alerts                              wait for and ring every pending alert
//   clockwork-alerts --once                       ring what is due now
//   clockwork-alerts --sound-alarm ID --rang T --owed T   ring an alarm until it is stopped
//   clockwork-alerts exec-hook --timer NAME [--notify] -- COMMAND
//
// No argument parser and no drawing: what waits between alerts stays small.

let arguments = Array(CommandLine.arguments.dropFirst())
func value(after flag: String) -> String? {
  arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

if arguments.first == ExecHook.subcommand, let name = value(after: "--timer"), let dash = arguments.firstIndex(of: "--"),
  dash + 1 < arguments.count
{
  let log = StateDirectory(environment: ProcessInfo.processInfo.environment).file("exec.log")
  exit(ExecHook.supervise(arguments[dash + 1], timer: name, log: log, notifies: arguments.contains("--notify")))
} else if let id = value(after: "--sound-alarm").flatMap(Int.init), let rang = value(after: "--rang").flatMap(Double.init),
  let owed = value(after: "--owed").flatMap(Double.init)
{
  AlarmAlert.sound(id: id, rang: rang, owed: Date(timeIntervalSince1970: owed), store: AlarmStore())
  exit(0)
} else if arguments.isEmpty || arguments == ["--once"] {
  signal(SIGCHLD, SIG_IGN)  // the --exec supervisors it starts are reaped by the kernel, not left as zombies
  let watcher = AlertWatcher(store: TimerStore())
  exit(arguments.isEmpty ? watcher.run() : watcher.ringDue())
} else {
  StandardOutput.error("clockwork-alerts: started by clockwork, not by hand (arguments: \(arguments.joined(separator: " ")))")
  exit(64)
}
