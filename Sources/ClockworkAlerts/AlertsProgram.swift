import ClockworkSystem
import FoundationEssentials

/// The program that rings alerts with no window open: `clockwork-alerts` beside the running
/// executable (a small process: what waits between alerts costs little), else the app's own
/// `clockwork watch-alerts` (its binary alone, copied somewhere).
public enum AlertsProgram {
  public static let name = "clockwork-alerts"

  /// The executable, and the arguments that come before the watcher's own.
  public static var command: (executable: String, prefix: [String]) {
    let own = DetachedProcess.ownExecutable
    if URL(fileURLWithPath: own).lastPathComponent == name { return (own, []) }
    let sibling = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: sibling) { return (sibling, []) }
    return (own, ["watch-alerts"])
  }

  /// Starts the app itself (`clockwork` beside this program) with `arguments`, detached.
  public static func spawnApp(_ arguments: [String]) {
    let own = DetachedProcess.ownExecutable
    let app = URL(fileURLWithPath: own).lastPathComponent == name
      ? URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("clockwork").path : own
    DetachedProcess.spawn(app, arguments)
  }

  /// Starts it with `arguments`, detached.
  @discardableResult
  public static func spawn(_ arguments: [String], errors: DetachedProcess.Output = .discarded) -> Bool {
    let (executable, prefix) = command
    if case .success = DetachedProcess.spawn(executable, prefix + arguments, errors: errors) { return true }
    return false
  }
}
