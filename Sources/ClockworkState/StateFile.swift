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
public struct StateFile<Value: Codable & Sendable>: Sendable {
  public let url: URL

  public init(url: URL) { self.url = url }

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
    guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      return (nil, moveAside(now: now, reason: "cannot be read"))
    }
    guard let version = try? JSONDecoder().decode(VersionOnly.self, from: data).version else {
      return (nil, moveAside(now: now, reason: "is corrupt or truncated"))
    }
    guard version <= Self.currentVersion else {
      return (nil, moveAside(now: now, reason: "was written by a newer Clockwork (format \(version), this one reads \(Self.currentVersion))"))
    }
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
      return (nil, moveAside(now: now, reason: "is corrupt"))
    }
    return (envelope.value, nil)
  }

  public func save(_ value: Value) throws(StateError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data: Data
    do { data = try encoder.encode(Envelope(version: Self.currentVersion, value: value)) } catch {
      throw StateError(path: url.path, problem: "cannot encode the state (\(error))")
    }
    try AtomicFile.write(data, to: url)
  }

  public func remove() { try? FileManager.default.removeItem(at: url) }

  func moveAside(now: Date, reason: String) -> String {
    let stamp = Int(now.timeIntervalSince1970)
    let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)")
    if rename(url.path, aside.path) == 0 {
      return "warning: \(url.path) \(reason); moved it to \(aside.lastPathComponent) and started afresh"
    }
    return "warning: \(url.path) \(reason), and it could not be moved aside; starting afresh"
  }
}
