import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// Timers left running, rung by the user's systemd manager where one runs: each running timer
/// is a transient timer unit (`systemd-run --user --on-calendar=`, to the microsecond, in UTC)
/// that starts `clockwork-alerts --once` just before its end. Nothing of ours waits in
/// between; a paused, cancelled or finished timer's unit is stopped. Where no manager runs,
/// ``AlertWatcher`` does the job.
///
/// ```swift
/// if let problem = TimerUnits.sync("tea", store: store) { print(problem) }   // after each save
/// ```
public enum TimerUnits {
  static let prefix = "clockwork-timer-"

  /// The unit for a timer's name (any text): its 64-bit FNV-1a hash, as unit names allow
  /// only some characters and no more than 255 of them.
  public static func unit(for name: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    let hex = String(hash, radix: 16)
    return prefix + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// What the ringing process needs of ours: the same state and settings folders, and the
  /// session's notification bus, display and sound server (the manager's own environment may
  /// lack them).
  static let passedVariables = [
    "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_RUNTIME_DIR",
    "HOME", "DBUS_SESSION_BUS_ADDRESS",
    "DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER", "LANG", "LC_ALL", "TZ",
  ]

  /// How long before a timer's end its unit starts the ringer: a new process is ready (its
  /// libraries loaded, the notification service asked) and waits for the end itself, rather
  /// than starting when it is due.
  static let startsEarly: TimeInterval = 0.5

  /// `systemd-run`'s arguments for a unit that starts the ringer at `start`, waking the machine
  /// for it when `wakes`.
  static func runArguments(
    unit: String, start: Date, program: String = AlertsProgram.executable,
    wakes: Bool = MachineWake.managerWakes,
    environment: [String: String] = ProcessEnvironment.current
  ) -> [String] {
    let utc = Zone.utc.civilTime(at: start)
    let micros = Int(
      (start.timeIntervalSince1970 - start.timeIntervalSince1970.rounded(.down)) * 1_000_000)
    let fraction = String(String(micros + 1_000_000).dropFirst())  // six digits
    return [
      "--user", "--quiet", "--collect", "--unit=\(unit)",
      "--on-calendar=\(ClockText.day(utc)) \(ClockText.time(utc)).\(fraction) UTC",
      "--timer-property=AccuracySec=1ms",
      "--timer-property=WakeSystem=\(wakes ? "yes" : "no")",
      // What it starts outlives it: an --exec command (the sound it waits for).
      "--property=KillMode=process",
    ]
      + passedVariables.compactMap { name in environment[name].map { "--setenv=\(name)=\($0)" } }
      + ["--", program] + AlertsProgram.ringDue.arguments
  }

  /// What rings timer `name` if its window goes away, told after each save (whether it runs):
  /// the user's manager where one runs, else (or if the manager refuses) the watcher.
  public static func handOff(
    for name: String, store: TimerStore, managerRuns: Bool = SystemdUnits.userManagerRuns()
  ) -> (_ running: Bool) -> Void {
    guard managerRuns else {
      return { running in if running { AlertWatcher.ensureRunning(store: store) } }
    }
    return { running in
      // never none
      if sync(name, store: store) != nil && running { AlertWatcher.ensureRunning(store: store) }
    }
  }

  /// Brings the manager in line with timer `name` as saved: its unit replaced with one at its
  /// end while it runs, else stopped. Returns what failed (then the caller starts a watcher).
  public static func sync(_ name: String, store: TimerStore) -> String? {
    // One at a time: two quick saves must not leave the first's unit as the last word.
    let lock = StateLock.acquire(store.directory.file("systemd.lock"), waiting: true)
    defer { withExtendedLifetime(lock) {} }
    let unit = unit(for: name)
    _ = ProgramOutput.read("systemctl", ["--user", "stop", "\(unit).timer"])
    _ = ProgramOutput.read(
      "systemctl", ["--user", "reset-failed", "\(unit).timer", "\(unit).service"])
    guard let timer = store.file(name).load(now: Date()).value, timer.isPending,
      let endsAt = timer.endsAt
    else { return nil }
    let start = Date(timeIntervalSince1970: endsAt).addingTimeInterval(-startsEarly)
    guard ProgramOutput.read("systemd-run", runArguments(unit: unit, start: start)) != nil else {
      return "systemd-run could not schedule timer '\(name)'"
    }
    return nil
  }
}

extension TimerUnits {
  /// Whether the manager holds a unit for timer `name`, looked at cheaply: its transient file
  /// in the runtime folder (no process started).
  public static func scheduled(
    _ name: String, environment: [String: String] = ProcessEnvironment.current
  ) -> Bool {
    guard SystemdUnits.userManagerSocketExists(environment: environment),
      let runtime = environment["XDG_RUNTIME_DIR"]
    else { return false }
    return FileManager.default.fileExists(
      atPath: "\(runtime)/systemd/transient/\(unit(for: name)).timer")
  }
}
