import ClockworkCore
import Testing

/// A text no catalogue has comes back as it is, short (kept inside the String, which gettext's
/// answer once outlived) or long, whatever the language.
@Suite struct TranslationTests {
  @Test(arguments: [
    "q go", "a", "", "a text far longer than a String keeps inside itself, ünïcödé",
  ])
  func anUntranslatedTextComesBackAsItIs(_ text: String) {
    for _ in 0..<100 { #expect(tr(text) == text) }
  }

  @Test func anUntranslatedPluralIsChosenByItsCountWithTheCountInIt() {
    #expect(tr("{count} minute", "{count} minutes", count: 1) == "1 minute")
    #expect(tr("{count} minute", "{count} minutes", count: 5) == "5 minutes")
  }

  @Test func valuesAreFilledInWhereverTheirNamesAreAndOthersAreLeft() {
    #expect(translate("{a} and {b}", filling: ["a": "1", "b": "2"]) == "1 and 2")
    #expect(
      translate("timer {name}: `--name {name}` stops it", filling: ["name": "tea"])
        == "timer tea: `--name tea` stops it")
    #expect(
      translate("“{typed}” {unknown} {", filling: ["typed": "Zürich"]) == "“Zürich” {unknown} {")
    #expect(translate("no values", filling: ["a": "1"]) == "no values")
    #expect(translate("{a}{a}", filling: ["a": "{a}"]) == "{a}{a}")
  }
}
