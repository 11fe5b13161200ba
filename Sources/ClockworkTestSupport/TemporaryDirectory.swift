import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
///
/// ```swift
/// let dir = try TemporaryDirectory()
/// let file = dir.url.appendingPathComponent("x.png")
/// ```
public final class TemporaryDirectory {
  /// The folder.
  public let url: URL

  /// Makes a new, empty folder under the system's temporary folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clockwork-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The file `name` in the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Names of the files in the directory, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

/// Runs an installed tool (e.g. `rsvg-convert`) and returns its exit status.
@discardableResult
public func runTool(_ name: String, _ arguments: [String]) throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [name] + arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}
