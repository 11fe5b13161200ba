import FoundationEssentials
import Glibc

/// Where state lives: `$XDG_STATE_HOME/clockwork/`, by default `~/.local/state/clockwork/`.
///
/// ```swift
/// let dir = StateDirectory(environment: ProcessEnvironment.current)
/// dir.url   // ~/.local/state/clockwork
/// ```
public struct StateDirectory: Sendable {
  /// The folder.
  public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }
  /// The folder's path, which its reading uses: a URL, made or read, costs a start more than
  /// the rest of the state folder's reading.
  public let path: String

  /// The state folder at `url`.
  public init(url: URL) { path = url.path }

  init(path: String) { self.path = path }

  /// `$XDG_STATE_HOME/clockwork`, else `~/.local/state/clockwork`.
  public init(environment: [String: String]) {
    if let home = XDGFolder.path(
      "XDG_STATE_HOME", fallback: ".local/state", environment: environment)
    {
      let path = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/clockwork"
      self.init(path: path)
    } else {
      self.init(
        url: XDGFolder.url("XDG_STATE_HOME", fallback: ".local/state", environment: environment)
          .appendingPathComponent("clockwork"))
    }
  }

  /// A file in the folder.
  public func file(_ name: String) -> URL {
    URL(fileURLWithPath: filePath(name), isDirectory: false)
  }

  /// The path of a file in the folder: a URL's `path` decodes it again, which costs a first
  /// use more than a start's other reading of the folder.
  public func filePath(_ name: String) -> String { path + "/" + name }

  /// The names in the folder's `subfolder`, dot files too, in no order; none when it is
  /// missing or cannot be read. Read with `readdir`: FileManager's error for a missing folder
  /// (most starts have no timers) costs more than the rest of a start's look at the folder.
  public func names(in subfolder: String) -> [String] {
    guard let folder = opendir(filePath(subfolder)) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether `name` may name a timer, preset or stopwatch, and so a file of its own: letters,
  /// digits, `-`, `_` and `.`, up to 64, not starting with a dot.
  public static func validName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64
      && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
      && !name.hasPrefix(".")
  }

  /// The environment a process started for this folder needs to find it (`XDG_STATE_HOME`),
  /// when it is a `clockwork` folder under a state home.
  public var environment: [String: String] {
    guard path.hasSuffix("/clockwork") else { return [:] }
    let home = path.dropLast("/clockwork".count)
    return ["XDG_STATE_HOME": home.isEmpty ? "/" : String(home)]
  }
}

/// Why state could not be saved or read.
public struct StateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file or folder.
  public var path: String
  /// What went wrong with it.
  public var problem: String

  /// A problem with `path`.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// "PATH: PROBLEM".
  public var description: String { "\(path): \(problem)" }
}
