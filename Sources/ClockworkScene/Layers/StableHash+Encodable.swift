extension StableHash {
  /// Adds `value` as its `Encodable` conformance describes it: each key and element with its
  /// depth, and each value's bytes, so that different values hash differently. Cheaper than
  /// hashing its JSON (the clock's raster key, at every start). A dictionary's
  /// order changes from run to run: a value holding one does not hash stably.
  public mutating func combine(encoding value: some Encodable) {
    let sink = HashingEncoder.Sink(hash: self)
    // Nothing here throws; a value's own `encode(to:)` may, and is then hashed as far as it went.
    try? value.encode(to: HashingEncoder(sink: sink))
    self = sink.hash
  }
}

/// An `Encoder` whose containers feed a ``StableHash``.
private struct HashingEncoder: Encoder {
  final class Sink {
    var hash: StableHash
    init(hash: StableHash) { self.hash = hash }

    func mark(_ byte: UInt8) { hash.combine(CollectionOfOne(byte)) }
    func text(_ text: String) {
      number(UInt64(text.utf8.count))
      hash.combine(text)
    }
    func number(_ bits: UInt64) { withUnsafeBytes(of: bits.littleEndian) { hash.combine($0) } }
    /// A key or an element's place, at its depth: `{a: {b}, c}` is not `{a: {b, c}}`.
    func place(_ key: String, depth: Int) {
      number(UInt64(depth))
      text(key)
    }
  }

  let sink: Sink
  var depth = 0
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    sink.mark(0x7B)  // {
    return KeyedEncodingContainer(Keyed<Key>(sink: sink, depth: depth))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    sink.mark(0x5B)  // [
    return Unkeyed(sink: sink, depth: depth)
  }
  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(sink: sink, depth: depth)
  }

  struct Single: SingleValueEncodingContainer {
    let sink: Sink
    let depth: Int
    var codingPath: [any CodingKey] = []
    func encodeNil() { sink.mark(0) }
    func encode(_ value: Bool) {
      sink.mark(1)
      sink.mark(value ? 1 : 0)
    }
    func encode(_ value: String) {
      sink.mark(2)
      sink.text(value)
    }
    func encode(_ value: Double) {
      sink.mark(3)
      sink.number(value.bitPattern)
    }
    func encode(_ value: Float) { encode(Double(value)) }
    func encode(_ value: Int) { encode(Int64(value)) }
    func encode(_ value: Int8) { encode(Int64(value)) }
    func encode(_ value: Int16) { encode(Int64(value)) }
    func encode(_ value: Int32) { encode(Int64(value)) }
    func encode(_ value: Int64) {
      sink.mark(4)
      sink.number(UInt64(bitPattern: value))
    }
    func encode(_ value: UInt) { encode(UInt64(value)) }
    func encode(_ value: UInt8) { encode(UInt64(value)) }
    func encode(_ value: UInt16) { encode(UInt64(value)) }
    func encode(_ value: UInt32) { encode(UInt64(value)) }
    func encode(_ value: UInt64) {
      sink.mark(5)
      sink.number(value)
    }
    func encode(_ value: some Encodable) throws {
      try value.encode(to: HashingEncoder(sink: sink, depth: depth + 1))
    }
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: Sink
    let depth: Int
    var codingPath: [any CodingKey] = []
    private func single(_ key: Key) -> Single {
      sink.place(key.stringValue, depth: depth)
      return Single(sink: sink, depth: depth)
    }
    private func nested(_ key: Key) -> HashingEncoder {
      sink.place(key.stringValue, depth: depth)
      return HashingEncoder(sink: sink, depth: depth + 1)
    }
    mutating func encodeNil(forKey key: Key) { single(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) { single(key).encode(value) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
      try single(key).encode(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      nested(key).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      nested(key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { HashingEncoder(sink: sink, depth: depth + 1) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let sink: Sink
    let depth: Int
    var codingPath: [any CodingKey] = []
    var count = 0
    private mutating func single() -> Single {
      count += 1
      sink.place(",", depth: depth)
      return Single(sink: sink, depth: depth)
    }
    private mutating func nested() -> HashingEncoder {
      _ = single()
      return HashingEncoder(sink: sink, depth: depth + 1)
    }
    mutating func encodeNil() { single().encodeNil() }
    mutating func encode(_ value: Bool) { single().encode(value) }
    mutating func encode(_ value: String) { single().encode(value) }
    mutating func encode(_ value: Double) { single().encode(value) }
    mutating func encode(_ value: Float) { single().encode(value) }
    mutating func encode(_ value: Int) { single().encode(value) }
    mutating func encode(_ value: Int8) { single().encode(value) }
    mutating func encode(_ value: Int16) { single().encode(value) }
    mutating func encode(_ value: Int32) { single().encode(value) }
    mutating func encode(_ value: Int64) { single().encode(value) }
    mutating func encode(_ value: UInt) { single().encode(value) }
    mutating func encode(_ value: UInt8) { single().encode(value) }
    mutating func encode(_ value: UInt16) { single().encode(value) }
    mutating func encode(_ value: UInt32) { single().encode(value) }
    mutating func encode(_ value: UInt64) { single().encode(value) }
    mutating func encode(_ value: some Encodable) throws {
      try single().encode(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      nested().container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      nested().unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { nested() }
  }
}
