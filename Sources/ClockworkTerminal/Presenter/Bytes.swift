/// A frame's bytes as they are built, in memory of its own rather than a byte array, which
/// checks that it is uniquely referenced and has room on every append of a few thousand a frame
/// (string interpolation, before that, cost 1,500 instructions an escape).
struct Bytes: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 4096) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes so far, as an array.
  var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  mutating func grow(to needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }

  @inline(__always)
  mutating func byte(_ value: UInt8) {
    reserve(1)
    base[count] = value
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: start, count: bytes.count)
    count += bytes.count
  }

  mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  mutating func append(_ scalar: Unicode.Scalar) {
    reserve(4)
    UTF8.encode(scalar) {
      base[count] = $0; count += 1
    }
  }

  /// A non-negative number in decimal. Colour channels (0–255) and cursor positions are most
  /// of them: up to three digits go without a loop.
  mutating func number(_ value: Int) {
    let value = max(value, 0)
    let zero = UInt8(ascii: "0")
    reserve(3)
    switch value {
    case 0..<10:
      base[count] = zero + UInt8(value)
      count += 1
    case 10..<100:
      base[count] = zero + UInt8(value / 10)
      base[count + 1] = zero + UInt8(value % 10)
      count += 2
    case 100..<1000:
      base[count] = zero + UInt8(value / 100)
      base[count + 1] = zero + UInt8(value / 10 % 10)
      base[count + 2] = zero + UInt8(value % 10)
      count += 3
    default:
      number(value / 10)
      byte(zero + UInt8(value % 10))
    }
  }

  /// A number in a list of SGR parameters, after a ";" unless it is the first.
  mutating func parameter(_ value: Int, first: inout Bool) {
    if !first { byte(UInt8(ascii: ";")) }
    first = false
    number(value)
  }

  /// SGR parameters that choose a colour, after a ";" unless they are the first: `kind` (38
  /// foreground, 48 background), then 2 and the three channels, or 5 and a palette index
  /// (`channels` nil). Colour changes are most of a frame's bytes: they are written in one
  /// reservation through a local pointer, not a stored count at a time.
  mutating func colorParameters(
    _ kind: UInt8, channels: (UInt8, UInt8, UInt8)?, index: UInt8 = 0, first: inout Bool
  ) {
    reserve(20)
    var at = base + count
    if !first { Self.put(UInt8(ascii: ";"), at: &at) }
    first = false
    Self.putDigits(kind, at: &at)
    if let (r, g, b) = channels {
      Self.put(UInt8(ascii: ";"), at: &at)
      Self.put(UInt8(ascii: "2"), at: &at)
      Self.put(UInt8(ascii: ";"), at: &at)
      Self.putDigits(r, at: &at)
      Self.put(UInt8(ascii: ";"), at: &at)
      Self.putDigits(g, at: &at)
      Self.put(UInt8(ascii: ";"), at: &at)
      Self.putDigits(b, at: &at)
    } else {
      Self.put(UInt8(ascii: ";"), at: &at)
      Self.put(UInt8(ascii: "5"), at: &at)
      Self.put(UInt8(ascii: ";"), at: &at)
      Self.putDigits(index, at: &at)
    }
    count = at - base
  }

  /// A byte at `at`, which moves past it (room is reserved already).
  @inline(__always)
  private static func put(_ value: UInt8, at: inout UnsafeMutablePointer<UInt8>) {
    at.pointee = value
    at += 1
  }

  /// A byte's value in decimal at `at`, which moves past it (room is reserved already).
  @inline(__always)
  private static func putDigits(_ value: UInt8, at: inout UnsafeMutablePointer<UInt8>) {
    let zero = UInt8(ascii: "0")
    if value >= 100 { put(zero + value / 100, at: &at) }
    if value >= 10 { put(zero + value / 10 % 10, at: &at) }
    put(zero + value % 10, at: &at)
  }

  /// CSI: the escape that starts cursor moves and styles.
  mutating func csi() {
    reserve(2)
    base[count] = 0x1B
    base[count + 1] = UInt8(ascii: "[")
    count += 2
  }

  mutating func moveTo(column: Int, row: Int) {
    csi()
    number(row + 1)
    byte(UInt8(ascii: ";"))
    number(column + 1)
    byte(UInt8(ascii: "H"))
  }

  /// A relative cursor move (CUU, CUD, CUF or CUB) of `count` ≥ 1.
  mutating func relative(_ count: Int, final: Unicode.Scalar) {
    csi()
    if count != 1 { number(count) }
    byte(UInt8(ascii: final))
  }

  /// Moves the cursor from `cursor` (where the last write left it; nil when not known) to a
  /// 0-based column and row in the fewest bytes: a relative move down, up or across, an
  /// absolute column (CHA) or both coordinates (CUP). A cursor past the last column (after a
  /// write there, with wrapping off, it is still on it) is taken as not known.
  mutating func move(
    from cursor: (column: Int, row: Int)?, to column: Int, _ row: Int, columns: Int
  ) {
    guard let cursor, cursor.column < columns else { return moveTo(column: column, row: row) }
    if cursor.column == column, cursor.row == row { return }
    func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4 }
    func relativeCost(_ n: Int) -> Int { n == 0 ? 0 : 3 + (n == 1 ? 0 : digits(n)) }
    let across = column - cursor.column
    let down = row - cursor.row
    // Across: relative, or an absolute column.
    let horizontal = across == 0 ? 0 : min(relativeCost(abs(across)), 3 + digits(column + 1))
    let relativeTotal = relativeCost(abs(down)) + horizontal
    let absolute = 4 + digits(row + 1) + digits(column + 1)
    guard relativeTotal < absolute else { return moveTo(column: column, row: row) }
    if down != 0 { relative(abs(down), final: down > 0 ? "B" : "A") }
    guard across != 0 else { return }
    if relativeCost(abs(across)) <= 3 + digits(column + 1) {
      relative(abs(across), final: across > 0 ? "C" : "D")
    } else {
      csi()
      number(column + 1)
      byte(UInt8(ascii: "G"))
    }
  }
}
