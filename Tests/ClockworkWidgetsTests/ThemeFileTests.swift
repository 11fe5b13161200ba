import ClockworkScene
import ClockworkTestSupport
import ClockworkWidgets
import Foundation
import Testing

@Suite struct ThemeFileTests {
  func load(_ json: String) throws(ThemeError) -> ClockTheme {
    try ClockTheme.decode(Data(json.utf8), source: "test.json")
  }

  @Test func overridesFieldsOfABase() throws {
    let theme = try load(
      ##"{ "name": "mine", "base": "night", "secondHand": { "color": "#FF8800", "disc": 0.05 }, "numerals": { "style": "none" } }"##
    )
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
    (
      ##"{ "numerals": { "style": "klingon" } }"##,
      "field 'numerals.style': must be one of none, arabic, roman"
    ),
    (##"{ "base": "sunset" }"##, "field 'base': must be one of classic, station, night"),
    (
      ##"{ "minuteHand": { "start": 0.9 } }"##,
      "field 'minuteHand.start': must be less than minuteHand.end"
    ),
    (##"{ "dial": 3 }"##, "field 'dial': must be an object"),
    (##"[1, 2]"##, "the top level must be a JSON object"),
    (##"{ "dial": "#"##, "not valid JSON"),
    (
      ##"{ "dial": { "placement": "tile" } }"##,
      "field 'dial.placement': must be one of center, fit, fill"
    ),
    (##"{ "hourHand": { "pivot": [0.5] } }"##, "field 'hourHand.pivot': must be [x, y]"),
    (
      ##"{ "hourHand": { "pivot": [0.5, 0] } }"##,
      "field 'hourHand.pivot': must be [x, y] with x from 0 to 1 and y above 0"
    ),
    (
      ##"{ "secondHand": { "shadow": { "opacity": 2 } } }"##,
      "field 'secondHand.shadow.opacity': must be from 0 to 1"
    ),
    (
      ##"{ "cap": { "shadow": { "offsetZ": 1 } } }"##,
      "field 'cap.shadow.offsetZ': unknown field (known: blur, color, offset, offsetX, offsetY, opacity)"
    ),
    (
      ##"{ "layout": { "insets": 0.6 } }"##,
      "field 'layout.insets': each edge must be from 0 to under 0.5"
    ),
    (
      ##"{ "layout": { "insets": { "middle": 0.1 } } }"##,
      "field 'layout.insets.middle': unknown field"
    ),
    (
      ##"{ "layout": { "secondHand": [0, 0, 0, 1] } }"##,
      "field 'layout.secondHand': must be [x, y, width, height] with a positive width"
    ),
    (##"{ "ring": { "front": "yes" } }"##, "field 'ring.front': must be true or false"),
  ])
  func errorsNameTheField(json: String, message: String) {
    #expect {
      _ = try load(json)
    } throws: { error in
      let text = (error as? ThemeError)?.description ?? ""
      return text.hasPrefix("theme test.json: ") && text.contains(message)
    }
  }

  @Test func picturesShadowsAndLayoutAreReadFromTheFile() throws {
    let folder = try TemporaryDirectory()
    try Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="40"/>"##.utf8).write(
      to: folder.file("hand.svg"))
    try Data(
      ##"""
      { "shadow": { "opacity": 0.5, "offset": 0.01 },
        "dial": { "image": "hand.svg", "placement": "center" },
        "minuteHand": { "image": "hand.svg", "pivot": [0.5, 0.9], "shadow": { "offsetY": -0.02 } },
        "hourHand": { "shadow": null }, "ring": { "front": true },
        "layout": { "insets": { "top": 0.1 }, "hands": [0.1, 0.1, 0.8, 0.8], "cap": [0, 0, 0.5, 0.5] } }
      """##.utf8
    ).write(to: folder.file("mine.json"))
    let theme = try ClockTheme.load(from: folder.file("mine.json"))
    #expect(theme.dial.image?.format == .svg && theme.dial.imagePlacement == .center)
    #expect(
      theme.minuteHand.image == theme.dial.image && theme.minuteHand.pivot == Point(x: 0.5, y: 0.9))
    // A hand's shadow starts from the shared one, whatever order the file has them in.
    #expect(
      theme.minuteHand.shadow
        == ClockTheme.HandShadow(opacity: 0.5, offsetX: 0.01, offsetY: -0.02, blur: 0.015))
    #expect(
      theme.hourHand.shadow?.opacity == 0 && theme.secondHand.shadow == nil
        && theme.shadow?.opacity == 0.5)
    #expect(theme.ring.front && theme.layout.insets == EdgeInsets(top: 0.1))
    #expect(
      theme.layout.secondHand == Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
        && theme.layout.hourHand == theme.layout.secondHand)
    #expect(
      theme.layout.cap == Rect(x: 0, y: 0, width: 0.5, height: 0.5) && theme.layout.dial == .unit)
  }

  @Test func aMissingOrBrokenPictureNamesTheFieldAndTheFile() throws {
    let folder = try TemporaryDirectory()
    try Data("not a picture".utf8).write(to: folder.file("broken.png"))
    for (json, problem) in [
      (
        ##"{ "dial": { "image": "nowhere.png" } }"##,
        "field 'dial.image': \(folder.file("nowhere.png").path): cannot read the file"
      ),
      (
        ##"{ "hourHand": { "image": "broken.png" } }"##,
        "field 'hourHand.image': \(folder.file("broken.png").path): not a PNG or SVG picture"
      ),
    ] {
      try Data(json.utf8).write(to: folder.file("theme.json"))
      #expect {
        _ = try ClockTheme.load(from: folder.file("theme.json"))
      } throws: { error in
        (error as? ThemeError)?.description == "theme \(folder.file("theme.json").path): \(problem)"
      }
    }
  }

  @Test func missingFileSaysSo() {
    #expect(throws: ThemeError.self) {
      try ClockTheme.load(from: URL(fileURLWithPath: "/nonexistent/theme.json"))
    }
  }

  @Test func aHugeValueIsQuotedShortAndAHugeFileIsNotRead() throws {
    let dir = try TemporaryDirectory()
    let long = dir.file("long.json")
    try Data(#"{ "dial": { "color": "\#(String(repeating: "x", count: 500_000))" } }"#.utf8).write(
      to: long)
    do {
      _ = try ClockTheme.load(from: long)
      Issue.record("a colour of half a million x is refused")
    } catch {
      #expect(
        error.description.count < 400 && error.description.contains(" characters)"),
        "\(error.description.prefix(400))")
    }
    let huge = dir.file("huge.json")
    try Data(
      ("{ \"name\": \"big\"" + String(repeating: " ", count: ThemeError.largestFile) + "}").utf8
    ).write(to: huge)
    #expect(throws: ThemeError.self) { try ClockTheme.load(from: huge) }
    do { _ = try CountdownRing.Style.load(from: huge) } catch {
      #expect(error.problem.contains("a theme file is at most 1048576 bytes"))
    }
  }
}
