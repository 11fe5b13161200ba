import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// Whether a timer's end or an alarm wakes the machine from suspend. It is asked of what rings
/// them: the user's systemd manager (`WakeSystem=` on their timer units) or our watcher (its
/// timer on `CLOCK_REALTIME_ALARM`). Either can only where the machine has a real-time clock
/// alarm, and may only with `CAP_WAKE_ALARM` (a manager that cannot fails a unit that asks, so
/// it is asked only where it can); where the one that rings cannot, the person is told once,
/// with why and how to allow it.
public enum MachineWake {
  /// Whether to ask: the settings' `wakeSystem`, on unless turned off.
  public static let wanted: Bool = (try? SharedSettings.load())?.wakeSystem ?? true

  /// Whether the machine has a clock that can wake it: the kernel's alarm clocks need a
  /// real-time clock with an alarm (most virtual machines have none).
  public static let hasWakeClock: Bool = {
    var now = timespec()
    return clock_gettime(CLOCK_REALTIME_ALARM, &now) == 0
  }()

  /// Whether the user's systemd manager is asked to wake the machine: wanted, and it may.
  public static let managerWakes: Bool =
    wanted && hasWakeClock && managerPid().map { holdsWakeAlarm(pid: String($0)) } ?? false

  /// `CAP_WAKE_ALARM`'s bit in a capability set.
  static let wakeAlarmBit: UInt64 = 1 << 35

  /// Whether process `pid` (or this one) holds `CAP_WAKE_ALARM` in its effective set.
  static func holdsWakeAlarm(pid: String = "self") -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
      let set = UInt64(line.dropFirst("CapEff:".count).filter { !$0.isWhitespace }, radix: 16)
    else { return false }
    return set & wakeAlarmBit != 0
  }

  /// The user's systemd manager's process: the peer of its private socket.
  static func managerPid(environment: [String: String] = ProcessEnvironment.current)
    -> pid_t?
  {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
    let path = runtime + "/systemd/private"
    let socket = Glibc.socket(
      AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return nil }
    defer { close(socket) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else { return nil }
    // struct ucred: the peer's pid, uid and gid (Glibc's module leaves the struct out).
    var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
      return nil
    }
    return credentials.pid
  }

  /// Why what rings them cannot wake the machine, and how to allow it; `nil` when it can (or
  /// waking is not wanted).
  public static func problem(managerRuns: Bool) -> String? {
    guard wanted else { return nil }
    guard hasWakeClock else {
      return
        "timers and alarms will not wake this machine from suspend: it has no clock that can (no real-time clock alarm, as in most virtual machines); they ring as soon as it is awake"
    }
    if managerRuns {
      guard !managerWakes else { return nil }
      return
        "timers and alarms will not wake this machine from suspend: the systemd user manager may not set wake alarms (it lacks CAP_WAKE_ALARM). To allow it: `sudo systemctl edit user@.service`, add `[Service]` and `AmbientCapabilities=CAP_WAKE_ALARM`, then log in again (or set \"wakeSystem\": false in the settings to stop this note)"
    }
    guard !holdsWakeAlarm() else { return nil }
    return
      "timers and alarms will not wake this machine from suspend: clockwork's watcher may not set wake alarms (it lacks CAP_WAKE_ALARM). To allow it: `sudo setcap cap_wake_alarm+ep \(AlertsProgram.executable)`, or run a systemd user manager that may (or set \"wakeSystem\": false in the settings to stop this note)"
  }

  /// ``problem(managerRuns:)``, said once for `directory` (a mark kept there): when a timer or
  /// alarm is set, not at every save. Whether the manager rings them is asked only then.
  public static func problemOnce(directory: StateDirectory, managerRuns: Bool? = nil) -> String? {
    // The mark first: once said, no launch reads the settings or asks the manager again.
    let mark = directory.file("wake-said")
    guard !FileManager.default.fileExists(atPath: mark.path), wanted,
      let problem = problem(managerRuns: managerRuns ?? SystemdUnits.userManagerRuns())
    else { return nil }
    try? AtomicFile.makeFolder(directory.url)
    try? AtomicFile.write(Data(problem.utf8), to: mark)
    return problem
  }
}
