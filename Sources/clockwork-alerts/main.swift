import ClockworkAlerts
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

// clockwork-alerts: rings timers left running and alarms with no window open. Started by
// `clockwork` and by systemd's units, with the arguments of `AlertsProgram` (defined there once);
// not for people to run. No argument parser and no drawing: what waits between alerts stays
// small.

let arguments = Array(CommandLine.arguments.dropFirst())
let state = StateDirectory(environment: ProcessEnvironment.current)
guard let invocation = AlertsProgram(arguments: arguments) else {
  StandardOutput.error(
    "clockwork-alerts: started by clockwork, not by hand (arguments: \(arguments.joined(separator: " ")))"
  )
  exit(64)
}
switch invocation {
case .execHook(let timer, let notifies, let command):
  SessionEnvironment.apply(in: state)
  exit(ExecHook.supervise(command, timer: timer, log: state.file("exec.log"), notifies: notifies))
case .runningNotice(let timer):
  SessionEnvironment.apply(in: state)
  RunningNotice.show(timer, store: TimerStore(directory: state))
  exit(0)
case .soundAlarm(let id, let rang, let owed):
  SessionEnvironment.apply(in: state)
  AlarmAlert.sound(
    id: id, rang: rang, owed: Date(timeIntervalSince1970: owed), store: AlarmStore(directory: state)
  )
  exit(0)
case .watch, .ringDue:
  // the ringers and --exec supervisors it starts are reaped by the kernel, not left as zombies
  signal(SIGCHLD, SIG_IGN)
  let watcher = AlertWatcher(store: TimerStore(directory: state))
  exit(invocation == .watch ? watcher.run() : watcher.ringDue())
}
