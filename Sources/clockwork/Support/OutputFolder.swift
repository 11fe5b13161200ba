import FoundationEssentials
import Glibc

/// Whether a file can be written where it is asked for, checked before the work that makes it
/// (a stamp's frames, a stopwatch's laps).
enum OutputFolder {
  /// Why `path` cannot be written, or `nil`: its folder is missing, not a folder, or read-only.
  static func problem(writing path: String) -> String? {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    var info = stat()
    guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      return "the folder \(directory.path) does not exist"
    }
    guard FileManager.default.isWritableFile(atPath: directory.path) else {
      return "the folder \(directory.path) is not writable"
    }
    return nil
  }
}
