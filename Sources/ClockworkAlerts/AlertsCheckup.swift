import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// Run by every command before it does its own work: what was left to tell is told, and
/// whatever is pending has something to ring it. Cheap when all is well: a few `stat`s, the
/// timers' small files, no process started.
///
/// ```swift
/// for line in AlertsCheckup.run(in: StateDirectory(environment: env)) { printError(line) }
/// ```
public enum AlertsCheckup {
  /// An end passed by this much more than a viewer's grace with nothing having rung it is rung
  /// now, late, and said.
  static let overdueAfter: TimeInterval = 2

  /// What to tell the user (notices left by ringers, files set aside, ends rung late); starts
  /// the watcher when something pending has no ringer.
  /// - Parameter directory: the state folder.
  /// - Parameter now: the wall time of the check.
  /// - Parameter environment: the command's, for the ringer's session (bus, display).
  /// - Parameter startWatcher: starts the watcher (tests pass their own: no process).
  public static func run(
    in directory: StateDirectory,
    environment: [String: String] = ProcessEnvironment.current, now: Date = Date(),
    startWatcher: (TimerStore) -> AlertsProgramError? = { AlertWatcher.ensureRunning(store: $0) }
  ) -> [String] {
    var lines = Notices(directory: directory).take()
    SessionEnvironment.record(environment, in: directory)
    let timers = TimerStore(directory: directory)
    let watcherRuns = AlertWatcher.isRunning(store: timers)
    var needsWatcher = false
    let (saved, warnings) = timers.all(now: now)
    lines += warnings
    for timer in saved where timer.isPending && !watcherRuns {
      let end = Date(timeIntervalSince1970: timer.endsAt ?? 0)
      if now.timeIntervalSince(end) > AlertWatcher.viewerGrace + overdueAfter {
        let ago = StoredStopwatch.describe(now.timeIntervalSince(end))
        lines.append(
          "timer '\(timer.name)' ended at \(ClockText.time(end, in: .local)), \(ago) ago, with nothing to ring it: ringing it now"
        )
        needsWatcher = true
      } else if !TimerUnits.scheduled(timer.name, environment: environment) {
        needsWatcher = true
      }
    }
    let (alarms, warning) = AlarmStore(directory: directory).load(now: now)  // none: one stat
    if let warning { lines.append(warning) }
    if !watcherRuns && alarms.contains(where: { $0.owed != nil }),
      !(SystemdUnits.installed(environment: environment)
        && SystemdUnits.userManagerSocketExists(environment: environment))
    {
      needsWatcher = true
    }
    if needsWatcher, let problem = startWatcher(timers) { lines.append("\(problem)") }
    return lines
  }
}
