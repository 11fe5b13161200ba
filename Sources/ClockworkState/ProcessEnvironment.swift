import Glibc
import Synchronization

/// The process's environment as a dictionary, read once and kept until ``forget()``:
/// `ProcessInfo.processInfo.environment` builds a new dictionary at each use, and a start asks
/// for it in many places.
///
/// ```swift
/// let state = StateDirectory(environment: ProcessEnvironment.current)
/// ```
public enum ProcessEnvironment {
  private static let kept = Mutex<[String: String]?>(nil)

  /// The variables as they were when first asked for, or since ``forget()``; a name given
  /// twice has its first value, as `getenv` reads it.
  public static var current: [String: String] {
    kept.withLock { kept in
      if let kept { return kept }
      let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
      var count = 0
      while table?[count] != nil { count += 1 }
      // Room for all at once: grown an entry at a time, the table was hashed again at each
      // doubling. Each entry is cut at its "=" as bytes, and only its two halves made strings.
      var read = [String: String](minimumCapacity: count)
      for index in 0..<count {
        guard let pointer = table?[index] else { break }
        let length = strlen(pointer)
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
          let text = UnsafeBufferPointer(start: bytes, count: length)
          guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return }
          let name = String(decoding: text[..<equals], as: UTF8.self)
          if read[name] == nil {
            read[name] = String(decoding: text[(equals + 1)...], as: UTF8.self)
          }
        }
      }
      kept = read
      return read
    }
  }

  /// To be called after `setenv`: the next ``current`` reads the environment again.
  public static func forget() { kept.withLock { $0 = nil } }
}
