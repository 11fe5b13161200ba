import ClockworkCore
import FoundationEssentials
import Glibc
import SystemPackage

/// Writes a file so that it is either the old version or the new one, never a mix: a temporary
/// file in the same folder, `fsync`, `rename`, then `fsync` of the folder.
///
/// ```swift
/// try AtomicFile.write(data, to: dir.file("stopwatch.json"))
/// ```
public enum AtomicFile {
  /// Writes `data` over `url` as the type says: a reader sees the old file or the new one,
  /// never half.
  public static func write(_ data: Data, to url: URL) throws(StateError) {
    let directory = url.deletingLastPathComponent()
    func fail(_ what: String) -> StateError {
      StateError(path: url.path, problem: "\(what): \(String(cString: strerror(errno)))")
    }
    try makeFolder(directory)
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw fail("cannot create a temporary file") }
    var ok = (try? FileDescriptor(rawValue: fd).writeAll(data)) != nil
    ok = ok && fsync(fd) == 0
    let saved = errno
    close(fd)
    guard ok else {
      unlink(temporary.path)
      errno = saved
      throw fail("cannot write")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let renameError = fail("cannot rename into place")
      unlink(temporary.path)
      throw renameError
    }
    let dirfd = open(directory.path, O_RDONLY | O_CLOEXEC)
    if dirfd >= 0 {
      fsync(dirfd)
      close(dirfd)
    }
  }

  /// Makes `directory` and the folders above it, or says why not (the first that failed).
  public static func makeFolder(_ directory: URL) throws(StateError) {
    guard mkdir(directory.path, 0o700) != 0, errno != EEXIST else { return }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw StateError(path: directory.path, problem: "cannot create the folder (\(error.reason))")
    }
  }
}
