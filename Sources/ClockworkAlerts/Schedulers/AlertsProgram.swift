import ClockworkSystem
import FoundationEssentials
import Glibc

/// The program that rings with no window open, `clockwork-alerts`, and what it is asked to do:
/// its arguments are defined here once, written by ``arguments`` and read by
/// ``init(arguments:)``. It lives beside the app; no library starts the app itself.
///
/// ```swift
/// AlertsProgram.spawn(.ringDue)   // rings what is due now, then exits
/// ```
public enum AlertsProgram: Equatable, Sendable {
  /// Waits for every pending timer and alarm and rings each at its time; leaves when none is.
  case watch
  /// Rings what is due now (and what falls due within a second), then exits.
  case ringDue
  /// Sounds alarm `id`, rung at `rang` and owed at `owed`, until stopped or snoozed.
  case soundAlarm(id: Int, rang: Double, owed: Double)
  /// Runs a timer's `--exec` command and says if it fails.
  case execHook(timer: String, notifies: Bool, command: String)
  /// Shows timer `timer`'s notification while it runs, and answers its buttons.
  case runningNotice(timer: String)

  /// The program that rings, installed beside `clockwork`.
  public static let programName = "clockwork-alerts"

  /// The arguments that ask the program for this.
  public var arguments: [String] {
    switch self {
    case .watch: []
    case .ringDue: ["--once"]
    case .soundAlarm(let id, let rang, let owed):
      ["--sound-alarm", String(id), "--rang", String(rang), "--owed", String(owed)]
    case .execHook(let timer, let notifies, let command):
      ["exec-hook", "--timer", timer] + (notifies ? ["--notify"] : []) + ["--", command]
    case .runningNotice(let timer): ["--running-notice", timer]
    }
  }

  /// What `arguments` ask for, or `nil` when they are not ours.
  public init?(arguments: [String]) {
    func value(after flag: String) -> String? {
      arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    switch arguments.first {
    case nil: self = .watch
    case "--once" where arguments.count == 1: self = .ringDue
    case "--sound-alarm":
      guard arguments.count == 6, let id = value(after: "--sound-alarm").flatMap(Int.init),
        let rang = value(after: "--rang").flatMap(Double.init),
        let owed = value(after: "--owed").flatMap(Double.init)
      else { return nil }
      self = .soundAlarm(id: id, rang: rang, owed: owed)
    case "--running-notice":
      guard arguments.count == 2 else { return nil }
      self = .runningNotice(timer: arguments[1])
    case "exec-hook":
      guard let timer = value(after: "--timer"), let dash = arguments.firstIndex(of: "--"),
        dash + 2 == arguments.count
      else { return nil }
      self = .execHook(
        timer: timer, notifies: arguments[..<dash].contains("--notify"),
        command: arguments[dash + 1])
    default: return nil
    }
  }

  /// The program: this one if it is it, else the one beside this executable.
  public static var executable: String {
    let own = DetachedProcess.ownExecutable
    if URL(fileURLWithPath: own).lastPathComponent == programName { return own }
    return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(programName)
      .path
  }

  /// Whether the program is there to be started.
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

  /// Starts it detached; its pid, or why it could not start.
  @discardableResult
  public static func spawn(
    _ invocation: AlertsProgram, environment: [String: String] = [:],
    errors: DetachedProcess.Output = .discarded
  ) -> Result<pid_t, AlertsProgramError> {
    guard isInstalled else { return .failure(.notInstalled(executable)) }
    return DetachedProcess.spawn(
      executable, invocation.arguments, environment: environment, errors: errors
    )
    .mapError { .cannotStart(executable, "\($0)") }
  }
}

/// Why the ringer did not start.
public enum AlertsProgramError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No `clockwork-alerts` beside the app (a binary copied alone).
  case notInstalled(String)
  case cannotStart(String, String)

  /// What went wrong, in words.
  public var description: String {
    switch self {
    case .notInstalled(let path):
      "\(path) is missing (install clockwork-alerts beside clockwork): nothing rings with no window open"
    case .cannotStart(let path, let reason): "cannot start \(path): \(reason)"
    }
  }
}
