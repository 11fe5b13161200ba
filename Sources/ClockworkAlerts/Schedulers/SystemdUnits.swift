import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// Alarms as systemd user units, for where a user manager runs: one timer unit an alarm (its
/// `OnCalendar=` events, `Persistent=true` so an alarm missed while the machine was off rings
/// at boot) and one service that rings what is due (`clockwork-alerts --once`). The
/// manager then wakes for them, with no watcher of ours waiting.
///
/// ```swift
/// let files = SystemdUnits.files(for: alarms, now: Date())
/// try SystemdUnits.write(files, to: SystemdUnits.userFolder())
/// ```
public enum SystemdUnits {
  /// The service the alarms' timer units start.
  public static let service = "clockwork-alerts.service"
  static let timerPrefix = "clockwork-alarm-"

  /// Where a user's own units go: `$XDG_CONFIG_HOME/systemd/user`.
  public static func userFolder(environment: [String: String] = ProcessEnvironment.current)
    -> URL
  {
    XDGFolder.url("XDG_CONFIG_HOME", fallback: ".config", environment: environment)
      .appendingPathComponent("systemd/user")
  }

  /// The unit files (name → text) for the alarms that are on or snoozed.
  /// - Parameter alarms: the stored alarms.
  /// - Parameter now: the wall time the next rings are counted from.
  /// - Parameter program: what rings them (``AlertsProgram``), asked to ring what is due.
  /// - Parameter wakeSystem: wake the machine from suspend for them (`WakeSystem=`).
  public static func files(
    for alarms: [StoredAlarm], program: String = AlertsProgram.executable, now: Date,
    wakeSystem: Bool = false
  ) -> [String: String] {
    var files = [
      service: """
      [Unit]
      Description=clockwork: ring the alarms and timers that are due

      [Service]
      Type=oneshot
      ExecStart=\(([quoted(program)] + AlertsProgram.ringDue.arguments).joined(separator: " "))
      # What it starts outlives it: an alarm's sound (up to five minutes), an --exec command.
      KillMode=process

      """
    ]
    for alarm in alarms {
      var events =
        !alarm.enabled
        ? []
        : alarm.chime?.calendarEvents(in: alarm.timeZone)
          ?? alarm.schedule.calendarEvents(in: alarm.timeZone, from: now)
      if let snooze = alarm.snoozedUntil {
        let utc = Zone.utc.civilTime(at: Date(timeIntervalSince1970: snooze))
        events.append("\(ClockText.day(utc)) \(ClockText.time(utc)) UTC")  // the snooze's end
      }
      guard !events.isEmpty else { continue }
      let label = alarm.label.map { " '\($0)'" } ?? ""
      files["\(timerPrefix)\(alarm.id).timer"] = """
        [Unit]
        Description=clockwork alarm \(alarm.id): \(alarm.summary)\(label)

        [Timer]
        \(events.map { "OnCalendar=\($0)" }.joined(separator: "\n"))
        Persistent=true
        AccuracySec=1s
        WakeSystem=\(wakeSystem)
        Unit=\(service)

        [Install]
        WantedBy=timers.target

        """
    }
    return files
  }

  /// Writes the files (each whole or not at all) and removes our timer units that are not
  /// among them, with the links that enabled them (`disable` cannot: it needs the file, and
  /// the manager is told after the files change). Returns the timer units written and removed.
  @discardableResult
  public static func write(_ files: [String: String], to folder: URL) throws -> (
    written: [String], removed: [String]
  ) {
    try AtomicFile.makeFolder(folder)
    for (name, text) in files {
      try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(name))
    }
    let stale = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.hasPrefix(timerPrefix) && $0.hasSuffix(".timer") && files[$0] == nil
    }
    for name in stale {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      try? FileManager.default.removeItem(
        at: folder.appendingPathComponent("timers.target.wants").appendingPathComponent(name))
    }
    return (files.keys.filter { $0.hasSuffix(".timer") }.sorted(), stale.sorted())
  }

  /// Whether our units are installed in the user's folder: then the manager rings the alarms,
  /// and the watcher leaves them to it.
  public static func installed(environment: [String: String] = ProcessEnvironment.current)
    -> Bool
  {
    FileManager.default.fileExists(
      atPath: userFolder(environment: environment).appendingPathComponent(service).path)
  }

  /// Whether the user's systemd manager rings the alarms: our units are installed and it runs.
  /// (Installed with no manager running, they would ring nothing: the watcher does.)
  public static func ringAlarms() -> Bool { installed() && userManagerRuns() }

  /// Whether a user manager runs, looked at cheaply: its private socket is in the runtime
  /// folder (no process started; every command looks).
  public static func userManagerSocketExists(
    environment: [String: String] = ProcessEnvironment.current
  ) -> Bool {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
    var info = stat()
    return lstat(runtime + "/systemd/private", &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
  }

  /// Whether a user manager answers (`systemctl --user`): not in most containers, WSL, or a
  /// session without one.
  public static func userManagerRuns() -> Bool {
    guard userManagerSocketExists() else { return false }
    guard let state = ProgramOutput.read("systemctl", ["--user", "is-system-running"]) else {
      return false
    }
    return ["running", "degraded", "starting"].contains(
      state.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "")
  }

  /// Tells the manager: reload the units, start the timers written, stop the removed ones.
  /// Returns what failed, if anything.
  public static func apply(written: [String], removed: [String]) -> String? {
    if !removed.isEmpty { _ = ProgramOutput.read("systemctl", ["--user", "stop"] + removed) }
    guard ProgramOutput.read("systemctl", ["--user", "daemon-reload"]) != nil else {
      return "systemctl could not reload the units"
    }
    guard
      written.isEmpty
        || ProgramOutput.read("systemctl", ["--user", "enable", "--now"] + written) != nil
    else {
      return "systemctl could not start the alarms' timers"
    }
    return nil
  }

  /// A path as systemd reads a command's first word: `%` doubled (a specifier otherwise), and
  /// quoted with `\` and `"` escaped when it has a space in it.
  static func quoted(_ path: String) -> String {
    let escaped = String(path.flatMap { $0 == "%" ? ["%", "%"] : [$0] })
    guard escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) else { return escaped }
    return "\"" + escaped.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] } + "\""
  }
}
