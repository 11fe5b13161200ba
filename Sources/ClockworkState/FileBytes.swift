import FoundationEssentials
import Glibc

/// A state or settings file looked at and read with the C library's calls: `FileManager` and
/// `Data(contentsOf:)` bring a start Foundation's file and URL code (its pages, its first-use
/// setup) for a file that is most often missing.
enum FileBytes {
  /// Whether anything is at `path`.
  static func exist(at path: String) -> Bool { access(path, F_OK) == 0 }

  /// The whole file at `path`.
  static func read(_ path: String) throws(POSIXError) -> Data {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure() }
    defer { close(fd) }
    var status = stat()
    let expected = fstat(fd, &status) == 0 ? Int(status.st_size) : 0
    var bytes = [UInt8](repeating: 0, count: max(expected + 1, 4096))
    var count = 0
    while true {
      if count == bytes.count { bytes += repeatElement(0, count: bytes.count) }
      let read = bytes[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if read > 0 {
        count += read
      } else if read == 0 {
        return Data(bytes[..<count])
      } else if errno != EINTR {
        throw failure()
      }
    }
  }

  private static func failure() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
