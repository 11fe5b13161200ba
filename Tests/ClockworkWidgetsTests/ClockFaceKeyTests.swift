import ClockworkCore
import ClockworkScene
import FoundationEssentials
import Testing

@testable import ClockworkWidgets

/// The key the dial's raster is kept under on disk: the same for the same look, another for
/// any change that draws differently.
@Suite struct ClockFaceKeyTests {
  @Test func theKeyFollowsTheThemeThePartsAndTheSize() {
    func key(size: Double = 200, theme: ClockTheme = .classic, parts: ClockParts = .all) -> String {
      ClockFace(size: size, theme: theme, parts: parts).staticKey
    }
    #expect(key() == key())
    var recoloured = ClockTheme.classic
    recoloured.ticks.color = Color(red: 0.5, green: 0, blue: 0)
    var thinner = ClockTheme.classic
    thinner.dial.borderWidth += 0.5
    let others = [
      key(size: 201), key(theme: .night), key(theme: recoloured), key(theme: thinner),
      key(parts: ClockParts.all.subtracting(.numerals)),
    ]
    #expect(!others.contains(key()))
    #expect(Set(others).count == others.count)
  }
}

/// The theme's stable hash names every stored property, at every depth, as `Mirror` finds them:
/// one added to the theme and not to `combine(into:)` would leave the dial's kept raster stale.
@Suite struct ClockThemeHashTests {
  /// Every property's path under `value`: structs and present optionals are opened, anything
  /// else (numbers, text, enums, pictures) is a leaf.
  func paths(of value: Any, under prefix: String = "") -> [String] {
    var found: [String] = []
    for child in Mirror(reflecting: value).children {
      guard let label = child.label else { continue }
      found.append(prefix + label)
      var inner = Mirror(reflecting: child.value)
      var innerValue = child.value
      if inner.displayStyle == .optional {
        guard let wrapped = inner.children.first?.value else { continue }
        (inner, innerValue) = (Mirror(reflecting: wrapped), wrapped)
      }
      if inner.displayStyle == .struct {
        found += paths(of: innerValue, under: prefix + label + ".")
      }
    }
    return found
  }

  @Test func everyStoredPropertyIsHashed() throws {
    var theme = ClockTheme.classic
    // Every optional present, so that what is under it is looked at too.
    let shadow = ClockTheme.HandShadow(opacity: 0.3, offset: 1, blur: 2)
    let picture = ImageData(bytes: Data([1, 2, 3]), format: .svg)
    theme.background = .white
    theme.shadow = shadow
    theme.dial.image = picture
    theme.cap.shadow = shadow
    for hand in [\ClockTheme.hourHand, \.minuteHand, \.secondHand] {
      theme[keyPath: hand].image = picture
      theme[keyPath: hand].shadow = shadow
    }
    var hash = StableHash(recordsFields: true)
    theme.combine(into: &hash)
    let hashed = try #require(hash.fieldPaths)
    let stored = paths(of: theme)
    #expect(Set(stored).subtracting(hashed).sorted() == [], "stored and not hashed")
    #expect(Set(hashed).subtracting(stored).sorted() == [], "hashed and not stored")
    #expect(hashed.count == stored.count)
    var parts = StableHash(recordsFields: true)
    ClockParts.all.combine(into: &parts)
    #expect(parts.fieldPaths == paths(of: ClockParts.all))
  }

  @Test func theKeyChangesWithAnyOneValue() {
    func key(_ theme: ClockTheme) -> UInt64 {
      var hash = StableHash()
      theme.combine(into: &hash)
      return hash.value
    }
    var moved = ClockTheme.classic
    moved.layout.cap.origin.x += 0.01
    var shadowed = ClockTheme.classic
    shadowed.secondHand.shadow = ClockTheme.HandShadow(opacity: 0.1, offset: 1, blur: 0)
    var renamed = ClockTheme.classic
    renamed.name += "x"
    var signed = ClockTheme.classic
    signed.ticks.minorWidth = -signed.ticks.minorWidth
    let others = [moved, shadowed, renamed, signed].map(key)
    #expect(!others.contains(key(.classic)))
    #expect(Set(others).count == others.count)
  }
}
