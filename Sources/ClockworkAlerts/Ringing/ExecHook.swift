import ClockworkCore
import ClockworkSystem
import Dispatch
import FoundationEssentials
import Glibc

/// `--exec`: a shell command run once when a timer ends. A detached supervisor of ours
/// (`clockwork-alerts exec-hook`) runs it through `/bin/sh`, so it outlives the window, appends its
/// output to `exec.log` in the state folder and says when it fails: a command that fails must
/// not fail in silence.
public enum ExecHook {
  /// Starts the supervisor; its own standard error (where a failure is said) goes to `errors`.
  /// `notifies`: a failure is also a desktop notification (no one may be at the terminal).
  public static func start(
    _ command: String, timer name: String, environment: [String: String],
    errors: DetachedProcess.Output, notifies: Bool
  ) -> Result<pid_t, any Error> {
    AlertsProgram.spawn(
      .execHook(timer: name, notifies: notifies, command: command), environment: environment,
      errors: errors
    )
    .mapError { $0 }
  }

  /// Waits for a started supervisor up to `limit`: a plain timer then says a quick failure
  /// before the shell's prompt returns, and leaves a slow command running.
  public static func wait(for pid: pid_t, upTo limit: Duration) {
    let ended = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = exitStatus(of: pid)
      ended.signal()
    }
    let milliseconds = Int(limit / .milliseconds(1))
    _ = ended.wait(timeout: .now() + .milliseconds(milliseconds))
  }

  /// A log past this size is started afresh, so it cannot fill the disk.
  static let logLimit = 1 << 20

  /// Runs `command` and waits for it; its output is appended to `log`. A failure (a status
  /// other than 0, or a signal) is said on standard error, and as a notification when
  /// `notifies`. Returns the command's status (128 + N when killed by signal N).
  public static func supervise(_ command: String, timer name: String, log: URL, notifies: Bool)
    -> Int32
  {
    let path = log.path
    var info = stat()
    var start = stat(path, &info) == 0 ? Int(info.st_size) : 0
    if start > logLimit, truncate(path, 0) == 0 { start = 0 }
    append("\(ClockText.iso8601(Date(), in: .local)) timer '\(name)' ends: \(command)\n", to: path)
    let status: Int32
    switch DetachedProcess.spawn(
      "/bin/sh", ["-c", command], output: .file(path), errors: .file(path))
    {
    case .failure(let error):
      status = 127
      append("could not start /bin/sh: \(error)\n", to: path)
    case .success(let pid):
      status = exitStatus(of: pid)
    }
    guard status != 0 else { return 0 }
    let said = lastLine(of: path, from: start).map { "; last output: \($0)" } ?? ""
    let problem = "--exec failed (\(describe(status)))\(said)"
    append("\(problem)\n", to: path)
    StandardOutput.error("clockwork: timer '\(name)': \(problem) (its output: \(path))")
    if notifies {
      let summary =
        name == "timer"
        ? tr("Timer: --exec failed")
        : translate("Timer {name}: --exec failed", filling: ["name": name])
      _ = DesktopNotification.show(summary: summary, body: "\(command)\n\(describe(status))\(said)")
    }
    return status
  }

  static func exitStatus(of pid: pid_t) -> Int32 {
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 {
      guard errno == EINTR else { return 127 }
    }
    let signal = raw & 0x7f
    return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
  }

  static func describe(_ status: Int32) -> String {
    guard status > 128, let name = strsignal(status - 128) else { return "exit status \(status)" }
    return "killed by signal \(status - 128), \(String(cString: name))"
  }

  /// The last line the command wrote (the shell's "not found", say), shortened.
  static func lastLine(of path: String, from offset: Int) -> String? {
    guard let data = FileManager.default.contents(atPath: path), data.count > offset else {
      return nil
    }
    let text = String(decoding: data.dropFirst(offset), as: UTF8.self)
    let lines = text.split(separator: "\n").dropFirst()  // the first is the header
    return lines.last.map { String($0.prefix(200)) }
  }

  static func append(_ text: String, to path: String) {
    TextFile.write(text, to: path, flags: O_APPEND | O_CREAT)
  }
}
