import FoundationEssentials
import Glibc

/// A terminal as the session that owns it: the device, the session's id and when its leader
/// started. Terminal numbers are reused (`/dev/pts/3` is another person's program a minute
/// later), so a path alone never says a terminal is still ours: this does.
///
/// ```swift
/// let tty = TerminalIdentity.current()        // when a timer starts
/// if tty?.isStillOurs() == true { … }         // when it rings: write there, or not at all
/// ```
public struct TerminalIdentity: Codable, Hashable, Sendable {
  /// The terminal's device path, such as `/dev/pts/3`.
  public var path: String
  /// The device number (`st_rdev`).
  public var device: UInt64
  /// The session that has it as its controlling terminal.
  public var session: Int32
  /// When the session's leader started (clock ticks after boot): a reused pid differs.
  public var leaderStart: UInt64

  /// The terminal at `path` with these device, session and start.
  public init(path: String, device: UInt64, session: Int32, leaderStart: UInt64) {
    self.path = path
    self.device = device
    self.session = session
    self.leaderStart = leaderStart
  }

  /// The terminal of standard output, error or input (the first that is one), or `nil`.
  public static func current() -> TerminalIdentity? {
    for fd in [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO] {
      guard let name = ttyname(fd) else { continue }
      var info = stat()
      let session = tcgetsid(fd)
      guard fstat(fd, &info) == 0, session > 0, let leader = ProcessStat(pid: session),
        leader.terminal == UInt64(info.st_rdev)
      else {
        continue
      }
      return TerminalIdentity(
        path: String(cString: name), device: UInt64(info.st_rdev), session: session,
        leaderStart: leader.startTime)
    }
    return nil
  }

  /// Whether the terminal is still this session's and ours: the path is the same device, owned
  /// by this user, and the session's leader is the same process with it as its terminal.
  public func isStillOurs() -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, UInt64(info.st_rdev) == device, info.st_uid == getuid(),
      let leader = ProcessStat(pid: session)
    else { return false }
    return leader.startTime == leaderStart && leader.terminal == device
  }
}

/// The fields of `/proc/PID/stat` we read: the controlling terminal and the start time.
struct ProcessStat {
  var terminal: UInt64
  var startTime: UInt64

  init?(pid: Int32) {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    // The name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (state): tty_nr is field 7, starttime field 22.
    guard fields.count > 19, let terminal = Int64(fields[4]), let start = UInt64(fields[19]) else {
      return nil
    }
    self.terminal = UInt64(UInt32(truncatingIfNeeded: terminal))
    startTime = start
  }
}
