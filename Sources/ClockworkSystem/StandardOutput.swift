import Glibc
import Synchronization
import SystemPackage

/// Unbuffered writes to standard output and error: each line leaves the process at once, so a
/// line stamped at a second boundary is not held back by stdio buffering.
///
/// A write that fails (a full disk, a closed descriptor) is remembered: ``failure`` says why,
/// and the app reports it and exits 1 rather than claim success. A closed pipe is not a
/// failure: SIGPIPE ends the process quietly, as `clockwork … | head` expects.
public enum StandardOutput {
  private static let firstFailure = Mutex<Errno?>(nil)

  /// Standard output's descriptor, to watch for its reader leaving.
  public static var descriptor: Int32 { STDOUT_FILENO }

  /// Why a write to standard output failed, if one did.
  public static var failure: Errno? { firstFailure.withLock { $0 } }

  /// Writes `text` and a newline to standard output; a failure is kept in ``failure``.
  public static func line(_ text: String) { try? checkedLine(text) }
  /// Writes `text` and a newline to standard error, its control characters (an escape, a bell
  /// from a name in a file) written as `\u{1B}`: a message never drives the terminal.
  public static func error(_ text: String) {
    write(shown(text) + "\n", to: STDERR_FILENO)
  }

  /// `text` with each control character but a line break or tab written as `\u{XX}`.
  public static func shown(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control, scalar != "\n", scalar != "\t" {
        out.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Writes a line to standard output, or throws why it could not.
  public static func checkedLine(_ text: String) throws(Errno) {
    try copy(Array((text + "\n").utf8))
  }

  /// Rings the bell where a person will hear it without corrupting piped output: on stdout if
  /// it is a terminal, otherwise on stderr.
  public static func bell() {
    write("\u{07}", to: isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : STDERR_FILENO)
  }

  /// Writes all of `text` (a failure on standard output is remembered in ``failure``).
  public static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    if fd == STDOUT_FILENO {
      try? copy(Array(text.utf8))
    } else {
      _ = try? FileDescriptor(rawValue: fd).writeAll(Array(text.utf8))
    }
  }

  /// Writes bytes to standard output, all of them, or throws (and remembers) why not.
  public static func copy(_ bytes: some Sequence<UInt8>) throws(Errno) {
    do { _ = try FileDescriptor(rawValue: STDOUT_FILENO).writeAll(bytes) } catch {
      let reason = error as? Errno ?? .ioError
      firstFailure.withLock { $0 = $0 ?? reason }
      throw reason
    }
  }

  /// Standard input, output or error closed at start (`>&-`) would let the next file opened
  /// take its number, and lines meant for the screen would land in that file. Each closed one
  /// is filled with `/dev/null` opened read-only, so writes to it fail (and are reported) and
  /// reads see an end.
  public static func holdClosedDescriptors() {
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let null = open("/dev/null", O_RDONLY)
      if null >= 0, null != fd {
        dup2(null, fd)
        close(null)
      }
    }
  }

  /// Whether standard output is a terminal.
  public static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
