import Glibc

/// Text written to a file or device by path, opened for this one write (a log appended to, a
/// terminal the process does not own).
public enum TextFile {
  /// Writes all of `text` to `path` opened with `flags` (and O_WRONLY, O_CLOEXEC); a path that
  /// cannot be opened is skipped: these writes are best effort.
  public static func write(_ text: String, to path: String, flags: Int32 = 0) {
    let fd = open(path, O_WRONLY | O_CLOEXEC | flags, 0o600)
    guard fd >= 0 else { return }
    StandardOutput.write(text, to: fd)
    close(fd)
  }
}
