import FoundationEssentials

/// Where state lives: `$XDG_STATE_HOME/clockwork/`, by default `~/.local/state/clockwork/`.
///
/// ```swift
/// let dir = StateDirectory(environment: ProcessInfo.processInfo.environment)
/// dir.url   // ~/.local/state/clockwork
/// ```
public struct StateDirectory: Sendable {
  public let url: URL

  public init(url: URL) { self.url = url }

  public init(environment: [String: String]) {
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      url = URL(fileURLWithPath: xdg).appendingPathComponent("clockwork")
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      url = home.appendingPathComponent(".local/state/clockwork")
    }
  }

  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The environment a process started for this folder needs to find it (`XDG_STATE_HOME`),
  /// when it is a `clockwork` folder under a state home.
  public var environment: [String: String] {
    url.lastPathComponent == "clockwork"
      ? ["XDG_STATE_HOME": url.deletingLastPathComponent().path] : [:]
  }
}

/// Why state could not be saved or read.
public struct StateError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var problem: String

  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  public var description: String { "\(path): \(problem)" }
}
