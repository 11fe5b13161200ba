import FoundationEssentials

/// A value that adds itself to a ``StableHash`` field by field, written out by hand: the same in
/// every run, like ``StableHash/combine(encoding:)``, without `Codable`'s generic containers, whose
/// type metadata cost more than the hashing (a first use of each coding key type looks its
/// conformances up at run time).
///
/// ```swift
/// var hash = StableHash()
/// Rect(x: 0, y: 0, width: 2, height: 1).combine(into: &hash)
/// let key = String(hash.value, radix: 16)   // the same in every run
/// ```
///
/// A composite adds each stored property by name (`hash.combine("width", width)`); a hash
/// made with ``StableHash/init(recordsFields:)`` keeps the names, so a test can hold them equal
/// to the properties `Mirror` finds, and a property added later and not hashed is caught.
public protocol StableHashable {
  /// Adds the value's fields to `hash`.
  func combine(into hash: inout StableHash)
}

extension StableHash {
  /// Adds the field `name` of a composite value; its own fields are named under it
  /// (`"dial.color.red"`) when the hash records them.
  public mutating func combine(_ name: String, _ value: some StableHashable) {
    guard fieldPaths != nil else { return value.combine(into: &self) }
    let outer = fieldPrefix
    fieldPaths?.append(outer + name)
    fieldPrefix = outer + name + "."
    value.combine(into: &self)
    fieldPrefix = outer
  }

  /// Adds a number's bytes.
  mutating func combine(bits: UInt64) { withUnsafeBytes(of: bits.littleEndian) { combine($0) } }
}

extension Double: StableHashable {
  /// Its bits: -0.0 is not 0.0.
  public func combine(into hash: inout StableHash) { hash.combine(bits: bitPattern) }
}

extension Int: StableHashable {
  /// Its 64 bits.
  public func combine(into hash: inout StableHash) {
    hash.combine(bits: UInt64(bitPattern: Int64(self)))
  }
}

extension Bool: StableHashable {
  /// One byte.
  public func combine(into hash: inout StableHash) { hash.combine(CollectionOfOne(self ? 1 : 0)) }
}

extension String: StableHashable {
  /// Its length, then its bytes: `["ab", "c"]` is not `["a", "bc"]`.
  public func combine(into hash: inout StableHash) {
    hash.combine(bits: UInt64(utf8.count))
    hash.combine(utf8)
  }
}

extension Optional: StableHashable where Wrapped: StableHashable {
  /// A byte for whether there is a value, then the value.
  public func combine(into hash: inout StableHash) {
    hash.combine(CollectionOfOne(self == nil ? 0 : 1))
    self?.combine(into: &hash)
  }
}

extension StableHashable where Self: RawRepresentable, RawValue: StableHashable {
  /// Its raw value.
  public func combine(into hash: inout StableHash) { rawValue.combine(into: &hash) }
}

extension Color: StableHashable {
  /// Its four components.
  public func combine(into hash: inout StableHash) {
    hash.combine("red", red)
    hash.combine("green", green)
    hash.combine("blue", blue)
    hash.combine("alpha", alpha)
  }
}

extension Point: StableHashable {
  /// Both coordinates.
  public func combine(into hash: inout StableHash) {
    hash.combine("x", x)
    hash.combine("y", y)
  }
}

extension Size: StableHashable {
  /// Both lengths.
  public func combine(into hash: inout StableHash) {
    hash.combine("width", width)
    hash.combine("height", height)
  }
}

extension Rect: StableHashable {
  /// Its corner and size.
  public func combine(into hash: inout StableHash) {
    hash.combine("origin", origin)
    hash.combine("size", size)
  }
}

extension EdgeInsets: StableHashable {
  /// The four insets.
  public func combine(into hash: inout StableHash) {
    hash.combine("top", top)
    hash.combine("left", left)
    hash.combine("bottom", bottom)
    hash.combine("right", right)
  }
}

extension ImageData.Format: StableHashable {}

extension ImageData: StableHashable {
  /// Its format and bytes, as its encoding says them (`Hashable` as it is: equal pictures
  /// alike).
  public func combine(into hash: inout StableHash) {
    format.combine(into: &hash)
    hash.combine(bits: UInt64(bytes.count))
    hash.combine(bytes)
  }
}
