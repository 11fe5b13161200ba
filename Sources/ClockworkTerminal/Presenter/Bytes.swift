/// A frame's bytes as they are built: appending to a byte array is many times cheaper than
/// string interpolation, and a frame makes hundreds of escapes.
struct Bytes {
  var storage: [UInt8] = []

  init() { storage.reserveCapacity(4096) }

  mutating func byte(_ value: UInt8) { storage.append(value) }

  mutating func append(_ text: String) { storage.append(contentsOf: text.utf8) }

  mutating func append(_ bytes: [UInt8]) { storage.append(contentsOf: bytes) }

  mutating func append(_ scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { storage.append($0) }
  }

  /// A non-negative number in decimal. Colour channels (0–255) and cursor positions are most
  /// of them: up to three digits go without recursion.
  mutating func number(_ value: Int) {
    let zero = UInt8(ascii: "0")
    switch value {
    case 0..<10: storage.append(zero + UInt8(value))
    case 10..<100:
      storage.append(zero + UInt8(value / 10))
      storage.append(zero + UInt8(value % 10))
    case 100..<1000:
      storage.append(zero + UInt8(value / 100))
      storage.append(zero + UInt8(value / 10 % 10))
      storage.append(zero + UInt8(value % 10))
    default:
      number(value / 10)
      storage.append(zero + UInt8(value % 10))
    }
  }

  /// A number in a list of SGR parameters, after a ";" unless it is the first.
  mutating func parameter(_ value: Int, first: inout Bool) {
    if !first { byte(UInt8(ascii: ";")) }
    first = false
    number(value)
  }

  mutating func moveTo(column: Int, row: Int) {
    append("\u{1B}[")
    number(row + 1)
    byte(UInt8(ascii: ";"))
    number(column + 1)
    byte(UInt8(ascii: "H"))
  }

  mutating func forward(_ count: Int) {
    append("\u{1B}[")
    if count != 1 { number(count) }
    byte(UInt8(ascii: "C"))
  }
}
