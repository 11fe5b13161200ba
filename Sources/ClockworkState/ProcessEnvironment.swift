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
      var read: [String: String] = [:]
      var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
      while let pointer = entry?.pointee {
        let text = String(cString: pointer)
        // By bytes: finding a Character costs a start more than the rest of the reading.
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(text[..<equals])
          if read[name] == nil { read[name] = String(text[text.index(after: equals)...]) }
        }
        entry = entry?.advanced(by: 1)
      }
      kept = read
      return read
    }
  }

  /// To be called after `setenv`: the next ``current`` reads the environment again.
  public static func forget() { kept.withLock { $0 = nil } }
}
