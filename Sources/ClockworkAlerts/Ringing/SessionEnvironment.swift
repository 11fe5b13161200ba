import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// The user's desktop session as the latest command saw it (its notification bus, display and
/// sound server), for a ringer to ring in: a watcher started from a shell with no session bus
/// still shows a notification in the session the timer was started from.
///
/// ```swift
/// SessionEnvironment.record(ProcessEnvironment.current, in: state)   // each command
/// SessionEnvironment.apply(in: state)                                          // a ringer, first
/// ```
public struct SessionEnvironment: StoredState, Hashable {
  /// The session's variables a ringer needs (bus, display, runtime folder, sound server).
  public var variables: [String: String]

  /// A session environment as given.
  public init(variables: [String: String]) { self.variables = variables }

  /// What a ringer takes from the session.
  static let names = [
    "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "PULSE_SERVER",
  ]

  /// Refuses a file that holds other variables.
  public func problem() -> String? {
    variables.keys.allSatisfy(Self.names.contains) ? nil : "an unknown variable"
  }

  static func file(_ directory: StateDirectory) -> StateFile<SessionEnvironment> {
    StateFile(path: directory.filePath("session.json"))
  }

  /// Keeps what `environment` has of the session (a command with no bus, over SSH say, does not
  /// make the session's bus forgotten). Writes only when something changed, and only into a
  /// state folder that is there.
  public static func record(_ environment: [String: String], in directory: StateDirectory) {
    let seen = environment.filter { names.contains($0.key) && !$0.value.isEmpty }
    guard !seen.isEmpty, LibC.fileExists(directory.path) else { return }
    let saved = file(directory).load().value?.variables ?? [:]
    let merged = saved.merging(seen) { $1 }
    guard merged != saved else { return }
    try? file(directory).save(SessionEnvironment(variables: merged))
  }

  /// The session to ring in: what the latest command saw, where its bus is still there; else
  /// the runtime folder's bus; else `own`.
  public static func current(own: [String: String], in directory: StateDirectory) -> [String:
    String]
  {
    var result = own
    let saved = file(directory).load().value?.variables ?? [:]
    for (name, value) in saved where name != "DBUS_SESSION_BUS_ADDRESS" { result[name] = value }
    if let bus = saved["DBUS_SESSION_BUS_ADDRESS"], DesktopNotification.mayReach(bus) {
      result["DBUS_SESSION_BUS_ADDRESS"] = bus
    } else if let bus = result["DBUS_SESSION_BUS_ADDRESS"], DesktopNotification.mayReach(bus) {
      // ours still works
    } else if let runtime = result["XDG_RUNTIME_DIR"],
      FileManager.default.fileExists(atPath: runtime + "/bus")
    {
      result["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtime)/bus"
    }
    return result
  }

  /// Sets this process's environment to ``current(own:in:)`` (before anything reads it).
  public static func apply(in directory: StateDirectory) {
    let own = ProcessEnvironment.current
    for (name, value) in current(own: own, in: directory) where own[name] != value {
      setenv(name, value, 1)
    }
    ProcessEnvironment.forget()
  }
}
