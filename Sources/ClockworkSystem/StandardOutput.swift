import Glibc
import SystemPackage

/// Unbuffered writes to standard output and error: each line leaves the process at once, so a
/// line stamped at a second boundary is not held back by stdio buffering.
public enum StandardOutput {
  public static func line(_ text: String) { write(text + "\n", to: STDOUT_FILENO) }
  public static func error(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

  /// Rings the bell where a person will hear it without corrupting piped output: on stdout if
  /// it is a terminal, otherwise on stderr.
  public static func bell() {
    write("\u{07}", to: isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : STDERR_FILENO)
  }

  /// Writes all of `text`; a closed pipe leaves nothing sensible to do with it.
  public static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    _ = try? FileDescriptor(rawValue: fd).writeAll(Array(text.utf8))
  }

  /// Writes bytes to standard output, all of them.
  public static func copy(_ bytes: some Sequence<UInt8>) throws {
    _ = try FileDescriptor(rawValue: STDOUT_FILENO).writeAll(bytes)
  }

  /// Whether standard output is a terminal.
  public static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
