import ClockworkCore
import FoundationEssentials
import Glibc

/// A versioned JSON state file that never crashes the app: unreadable, truncated, corrupt or
/// future-version files are moved aside (`name.corrupt-<timestamp>`) with a one-line warning,
/// and the caller starts afresh.
///
/// ```swift
/// let file = StateFile<StoredStopwatch>(url: dir.file("stopwatch.json"))
/// let (value, warning) = file.load(now: Date())
/// try file.save(value)
/// ```
public struct StateFile<Value: StoredState>: Sendable {
  /// The file.
  public var url: URL { URL(fileURLWithPath: path, isDirectory: false) }
  /// The file's path, which its reading and writing use: a URL, made or read, costs a start
  /// more than a missing file's whole look.
  public let path: String

  /// The state file at `url`.
  public init(url: URL) { path = url.path }

  /// The state file at `path`.
  public init(path: String) { self.path = path }

  /// The format version written now; files with a higher version are from a newer Clockwork.
  public static var currentVersion: Int { 1 }

  struct Envelope: Codable {
    var version: Int
    var value: Value
  }

  struct VersionOnly: Codable { var version: Int }

  /// The stored value, or `nil` when there is none or it could not be used (then `warning`
  /// says what happened and where the file went).
  public func load(now: Date = Date()) -> (value: Value?, warning: String?) {
    let data: Data
    do { data = Data(try LibC.readFile(path)) } catch {
      // None: not there, or removed by another process (a timer stopped) since it was listed.
      // A look before the read would leave that removal a moment to fall between the two.
      if [.ENOENT, .ENOTDIR].contains(error.code) { return (nil, nil) }
      return (nil, moveAside(now: now, reason: "cannot be read"))
    }
    switch Self.decode(data) {
    case .success(let value): return (value, nil)
    case .failure(let unusable): return (nil, moveAside(now: now, reason: unusable.reason))
    }
  }

  /// Why a file's bytes cannot be used, as the warning says it ("is corrupt (…)").
  public struct Unusable: Error, Hashable, Sendable {
    /// Why, in words.
    public var reason: String
  }

  /// The value in a state file's bytes, checked; any bytes give a value or a reason, never a
  /// crash (fuzzed: scripts/fuzz).
  public static func decode(_ data: Data) -> Result<Value, Unusable> {
    guard let version = try? JSONDecoder().decode(VersionOnly.self, from: data).version else {
      return .failure(Unusable(reason: "is corrupt or truncated"))
    }
    guard version <= Self.currentVersion else {
      return .failure(
        Unusable(
          reason:
            "was written by a newer Clockwork (format \(version), this one reads \(Self.currentVersion))"
        ))
    }
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
      return .failure(Unusable(reason: "is corrupt"))
    }
    if let problem = envelope.value.problem() {
      return .failure(Unusable(reason: "is corrupt (\(problem))"))
    }
    return .success(envelope.value)
  }

  /// Writes `value` in its envelope, atomically.
  public func save(_ value: Value) throws(StateError) {
    let data: Data
    do { data = try Self.encode(value) } catch {
      throw StateError(path: path, problem: "cannot encode the state (\(error))")
    }
    try AtomicFile.write(data, to: url)
  }

  /// The bytes ``save(_:)`` writes.
  public static func encode(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(Envelope(version: currentVersion, value: value))
  }

  /// Deletes the file; a file that is not there is already removed.
  public func remove() throws(StateError) {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw StateError(
        path: path, problem: "cannot remove it: \(String(cString: strerror(errno)))")
    }
  }

  /// Moves the file to `name.corrupt-<timestamp>` (`-2`, `-3`… when that is taken): a file
  /// set aside is never overwritten, as `link` refuses an existing name where `rename` would
  /// replace it.
  func moveAside(now: Date, reason: String) -> String {
    let stamp = Int(now.timeIntervalSince1970)
    func moved(to name: String) -> String {
      "warning: \(path) \(reason); moved it to \(name) and started afresh"
    }
    for copy in 1...1000 {
      let name = "\(url.lastPathComponent).corrupt-\(stamp)" + (copy > 1 ? "-\(copy)" : "")
      let aside = url.deletingLastPathComponent().appendingPathComponent(name)
      if link(path, aside.path) == 0 {
        unlink(path)
        return moved(to: name)
      }
      guard errno == EEXIST else {
        // No hard link (a folder, or a file system without them): rename to a name not taken.
        var info = stat()
        if lstat(aside.path, &info) != 0, errno == ENOENT, rename(path, aside.path) == 0 {
          return moved(to: name)
        }
        break
      }
    }
    return
      "warning: \(path) \(reason), and it could not be moved aside (\(String(cString: strerror(errno)))); starting afresh"
  }
}
