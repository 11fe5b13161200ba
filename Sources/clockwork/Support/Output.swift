import Foundation

/// Unbuffered writes to standard output and error: each line leaves the process at once, so a
/// line stamped at a second boundary is not held back by stdio buffering.
enum Output {
  static func line(_ text: String) { write(text + "\n", to: STDOUT_FILENO) }
  static func error(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

  /// Rings the bell where a person will hear it without corrupting piped output: on stdout if
  /// it is a terminal, otherwise on stderr.
  static func bell() {
    write("\u{07}", to: isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : STDERR_FILENO)
  }

  static func write(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return  // A closed pipe: nothing sensible left to do with the text.
      }
      offset += written
    }
  }
}
