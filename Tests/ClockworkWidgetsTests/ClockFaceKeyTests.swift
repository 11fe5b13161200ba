import ClockworkCore
import ClockworkScene
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
