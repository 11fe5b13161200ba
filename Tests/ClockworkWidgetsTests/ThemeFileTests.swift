import ClockworkScene
import ClockworkWidgets
import Foundation
import Testing

@Suite struct ThemeFileTests {
  func load(_ json: String) throws(ThemeError) -> ClockTheme {
    try ClockTheme.decode(Data(json.utf8), source: "test.json")
  }

  @Test func overridesFieldsOfABase() throws {
    let theme = try load(##"{ "name": "mine", "base": "night", "secondHand": { "color": "#FF8800", "disc": 0.05 }, "numerals": { "style": "none" } }"##)
    #expect(theme.name == "mine")
    #expect(theme.secondHand.color == Color(hex: 0xFF8800))
    #expect(theme.secondHand.disc == 0.05)
    #expect(theme.numerals.style == .none)
    #expect(theme.dial == ClockTheme.night.dial)
  }

  @Test(arguments: [
    (##"{ "hourHand": { "color": "#12" } }"##, "field 'hourHand.color': cannot read colour '#12'"),
    (##"{ "hourHnd": {} }"##, "field 'hourHnd': unknown field"),
    (##"{ "ticks": { "lenght": 1 } }"##, "field 'ticks.lenght': unknown field"),
    (##"{ "ring": { "width": "wide" } }"##, "field 'ring.width': must be a number"),
    (##"{ "ring": { "width": 7 } }"##, "field 'ring.width': must be from 0 to 2"),
    (##"{ "numerals": { "style": "klingon" } }"##, "field 'numerals.style': must be one of none, arabic, roman"),
    (##"{ "base": "sunset" }"##, "field 'base': must be one of classic, station, night"),
    (##"{ "minuteHand": { "start": 0.9 } }"##, "field 'minuteHand.start': must be less than minuteHand.end"),
    (##"{ "dial": 3 }"##, "field 'dial': must be an object"),
    (##"[1, 2]"##, "the top level must be a JSON object"),
    (##"{ "dial": "#"##, "not valid JSON"),
  ])
  func errorsNameTheField(json: String, message: String) {
    #expect {
      _ = try load(json)
    } throws: { error in
      let text = (error as? ThemeError)?.description ?? ""
      return text.hasPrefix("theme test.json: ") && text.contains(message)
    }
  }

  @Test func missingFileSaysSo() {
    #expect(throws: ThemeError.self) { try ClockTheme.load(from: URL(fileURLWithPath: "/nonexistent/theme.json")) }
  }
}
