import ClockworkScene
import Testing

@Suite struct ColorTests {
  @Test func parsesHexAndNames() throws {
    #expect(try Color(parsing: "#CE0755") == Color(hex: 0xCE0755))
    #expect(try Color(parsing: "#ce0755").hexString == "#CE0755")
    #expect(try Color(parsing: "#FFFFFF80").alpha == 128.0 / 255)
    #expect(try Color(parsing: "#fff") == .white)
    #expect(try Color(parsing: " Red ") == Color(hex: 0xFF0000))
  }

  @Test(arguments: [
    ("", "expected #RRGGBB"), ("CE0755", "expected #RRGGBB"), ("#GG0000", "not hex digits"),
    ("#12345", "expected 3, 6 or 8 hex digits, got 5"), ("chartreuse-ish", "colour name"),
  ])
  func errorsSayWhatWasWrong(text: String, message: String) throws {
    let error = try #require(throws: ColorParseError.self) { try Color(parsing: text) }
    #expect(error.description.contains(message), "\(error)")
    #expect(error.description.contains("'\(text)'"))
  }

  @Test func gradientColorsBetweenStops() {
    let g = Gradient(colors: [.black, .white], kind: .linear(start: .zero, end: Point(x: 1, y: 0)))
    #expect(g.color(at: 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5))
    #expect(g.color(at: -1) == .black)
    #expect(g.color(at: 2) == .white)
  }

  /// WCAG's figures: black on white 21:1, a colour on itself 1:1, #777777 on white about 4.48.
  @Test func contrastRatiosAreWCAGs() {
    #expect(Color.white.contrastRatio(with: .black) == 21)
    #expect(Color(hex: 0x34C759).contrastRatio(with: Color(hex: 0x34C759)) == 1)
    #expect(abs(Color(hex: 0x777777).contrastRatio(with: .white) - 4.48) < 0.01)
  }
}
