import FoundationEssentials
import Glibc

/// What a process with no one to tell (the watcher, a ringer) leaves for the next command the
/// user runs: a file set aside, an alert no one could be shown. Kept in `notices` in the state
/// folder; ``take()`` returns them once.
///
/// ```swift
/// Notices(directory: state).append("warning: alarms.json is corrupt; moved it to …")
/// for line in Notices(directory: state).take() { print(line) }
/// ```
public struct Notices: Sendable {
  /// The state folder the notices are kept in.
  public let directory: StateDirectory

  /// The notices of `directory`.
  public init(directory: StateDirectory) { self.directory = directory }

  var url: URL { directory.file("notices") }

  /// Past this size, notices are dropped rather than fill the disk.
  static let limit = 64 << 10

  /// Adds a line (one write, appended: two processes never mix their lines).
  public func append(_ line: String) {
    try? AtomicFile.makeFolder(directory.url)
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, Int(info.st_size) < Self.limit else { return }
    let bytes = Array((line.map { $0 == "\n" ? " " : $0 } + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  /// The lines left since the last take, oldest first; each is returned once, to one taker.
  public func take() -> [String] {
    var info = stat()
    // The common case: one stat, nothing to read.
    let path = directory.filePath("notices")
    guard lstat(path, &info) == 0 else { return [] }
    let taken = directory.filePath(".notices-\(getpid())")
    guard rename(path, taken) == 0 else { return [] }
    defer { unlink(taken) }
    guard let data = FileManager.default.contents(atPath: taken) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
