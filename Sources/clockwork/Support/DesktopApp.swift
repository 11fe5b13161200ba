import ClockworkAlerts
import ClockworkSystem
import FoundationEssentials

/// The desktop app, `clockwork-desktop`, beside this program: one instance a session, so a
/// window asked of the command (`timer 5m --window`) opens in it when it runs.
enum DesktopApp {
  /// The app beside this program.
  static var executable: String {
    URL(fileURLWithPath: DetachedProcess.ownExecutable).deletingLastPathComponent()
      .appendingPathComponent("clockwork-desktop").path
  }

  /// Whether the app runs in this session: its id is a name on the session bus.
  static func isRunning() -> Bool {
    guard FileManager.default.isExecutableFile(atPath: executable) else { return false }
    let answer = ProgramOutput.read(
      "gdbus",
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
        DesktopNotification.appID,
      ])
    return answer?.contains("true") == true
  }

  /// Hands a timer to the running app, which starts it and shows its Timer page; whether it
  /// did (it says why not in its window).
  static func startTimer(_ length: String, name: String) -> Bool {
    ProgramOutput.read(executable, ["--timer", length, "--name", name]) != nil
  }
}
