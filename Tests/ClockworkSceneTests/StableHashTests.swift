import ClockworkScene
import Testing

/// A value's encoding hashed: equal values alike, any difference in a value, a key or where
/// it sits apart.
@Suite struct StableHashTests {
  struct Inner: Encodable {
    var b: Int
    var c: Int?
  }
  struct Outer: Encodable {
    var a: Inner
    var c: Int?
    var list: [Double]
    var name: String
  }

  func hash(_ value: some Encodable) -> UInt64 {
    var hash = StableHash()
    hash.combine(encoding: value)
    return hash.value
  }

  @Test func equalValuesHashAlikeAndEachDifferenceApart() {
    let base = Outer(a: Inner(b: 1, c: nil), c: 2, list: [1, 2], name: "ab")
    #expect(hash(base) == hash(Outer(a: Inner(b: 1, c: nil), c: 2, list: [1, 2], name: "ab")))
    let changed = [
      Outer(a: Inner(b: 2, c: nil), c: 2, list: [1, 2], name: "ab"),
      // the same numbers one level down: {a: {b, c}} is not {a: {b}, c}
      Outer(a: Inner(b: 1, c: 2), c: nil, list: [1, 2], name: "ab"),
      Outer(a: Inner(b: 1, c: nil), c: nil, list: [1, 2], name: "ab"),
      Outer(a: Inner(b: 1, c: nil), c: 2, list: [2, 1], name: "ab"),
      Outer(a: Inner(b: 1, c: nil), c: 2, list: [1, 2, 0], name: "ab"),
      Outer(a: Inner(b: 1, c: nil), c: 2, list: [1, 2], name: "a"),
      Outer(a: Inner(b: 1, c: nil), c: 2, list: [-1, 2], name: "ab"),
    ]
    let hashes = changed.map(hash)
    #expect(!hashes.contains(hash(base)))
    #expect(Set(hashes).count == hashes.count)
  }

  @Test func aStringSplitDifferentlyHashesApart() {
    #expect(hash(["ab", "c"]) != hash(["a", "bc"]))
    #expect(hash(0.0) != hash(-0.0))
  }
}
