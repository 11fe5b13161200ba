/// FNV-1a over bytes: the same value in every run, unlike `Hasher` (seeded per process), for
/// keys that outlive the process (rasters kept on disk).
public struct StableHash: Sendable {
  /// The hash of everything combined so far.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The names of the fields combined so far (``combine(_:_:)``), by path, while recording.
  public internal(set) var fieldPaths: [String]?
  var fieldPrefix = ""

  /// The hash of nothing.
  public init() {}

  /// The hash of nothing, keeping the names of the fields combined (``fieldPaths``) when
  /// `recordsFields`.
  public init(recordsFields: Bool) { fieldPaths = recordsFields ? [] : nil }

  /// Adds `bytes` to the hash.
  public mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
  }

  /// Adds the UTF-8 bytes of `text` to the hash.
  public mutating func combine(_ text: String) { combine(text.utf8) }
}
