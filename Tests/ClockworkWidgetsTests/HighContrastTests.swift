import ClockworkCairo
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkWidgets

/// The faces a person who asked for high contrast is shown: every mark readable on its dial,
/// nothing drawn in between (no shadows, no pictures), light and dark alike.
@Suite struct HighContrastTests {
  @Test(arguments: ClockTheme.builtIn.map(\.name), [false, true])
  func everyMarkReadsOnItsDial(themeName: String, dark: Bool) throws {
    let theme = try #require(ClockTheme.named(themeName))
    let shown = theme.highContrast(dark: dark)
    for (color, needs) in shown.inkOnDial {
      let ratio = color.contrastRatio(with: shown.dial.color)
      #expect(ratio >= max(needs, 4.5), "\(shown.name) \(color.hexString): \(ratio)")
    }
    #expect(shown.shadow == nil && shown.background == nil && shown.dial.image == nil)
    #expect(
      [shown.hourHand, shown.minuteHand, shown.secondHand].allSatisfy {
        $0.shadow == nil && $0.image == nil
      })
  }

  @Test(arguments: [false, true])
  func theRingsArcTrackAndLabelReadOnThePage(dark: Bool) {
    let style = CountdownRing.Style().critical(for: 10).highContrast(dark: dark)
    let page: Color = dark ? .black : .white
    let (arc, track) = (style.stroke[0], style.track)
    #expect(arc.contrastRatio(with: page) >= 4.5)
    #expect(track.contrastRatio(with: page) >= 3)
    #expect(arc.contrastRatio(with: track) >= 3)
    #expect((style.label ?? .clear).contrastRatio(with: page) >= 7)
    #expect((style.criticalLabel ?? .clear).contrastRatio(with: page) >= 4.5)
    #expect(style.plate == nil)
  }

  /// The share of the dial's pixels that are grey between its two colours (shadows, a grey
  /// ring, anti-aliased edges), and of those coloured but not the red.
  func inBetween(_ theme: ClockTheme) throws -> (grey: Double, stray: Double) {
    let face = ClockFace(size: 600, theme: theme)
    face.show(
      date: Date(timeIntervalSince1970: 86_400 * 20_000 + 10 * 3600 + 8 * 60 + 42), zone: .utc)
    let image = try Renderer().renderImage(face.layer, width: 600, height: 600)
    var (inside, grey, stray) = (0, 0, 0)
    for y in 0..<600 {
      for x in 0..<600 where hypot(Double(x - 300), Double(y - 300)) < 296 {
        inside += 1
        let p = image.pixel(x: x, y: y)
        let (r, g, b) = (Int(p.r), Int(p.g), Int(p.b))
        if abs(r - g) < 16 && abs(g - b) < 16 {
          if (60...195).contains(g) { grey += 1 }
        } else if !(r > g + 40 && abs(g - b) < 40) {
          stray += 1
        }
      }
    }
    return (Double(grey) / Double(inside), Double(stray) / Double(inside))
  }

  @Test(arguments: ["classic", "night"], [false, true])
  func aHighContrastFaceIsItsTwoColoursAndTheRed(themeName: String, dark: Bool) throws {
    let theme = try #require(ClockTheme.named(themeName))
    let shown = try inBetween(theme.highContrast(dark: dark))
    #expect(shown.grey < 0.02, "\(shown)")  // edges only
    #expect(shown.stray < 0.002, "\(shown)")
  }

  @Test func theNightFaceIsGreysWhichHighContrastRemoves() throws {
    let night = try inBetween(.night)
    let shown = try inBetween(ClockTheme.night.highContrast(dark: true))
    #expect(night.grey > shown.grey * 3, "\(night) against \(shown)")
  }
}
