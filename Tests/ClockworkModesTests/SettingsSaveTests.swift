import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkModes

/// The desktop app keeps its world clocks in the settings file: written with every other
/// setting as it was, read back as `clock` reads them, and never over a file with a mistake.
@Suite struct SettingsSaveTests {
  func environment(_ home: TemporaryDirectory) -> [String: String] {
    ["XDG_CONFIG_HOME": home.url.path, "HOME": home.url.path]
  }

  func file(_ home: TemporaryDirectory) -> URL {
    home.url.appendingPathComponent("clockwork/config.json")
  }

  @Test func zonesAreWrittenWithTheOtherSettingsAsTheyWere() throws {
    let home = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: file(home).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{ "theme": "night", "hours": 12, "onTop": true }"#.utf8).write(to: file(home))
    try Settings.save(zones: ["Asia/Tokyo", "Europe/Paris"], environment: environment(home))
    let settings = try Settings.load(environment: environment(home))
    #expect(settings.zones?.map(\.description) == ["Asia/Tokyo", "Europe/Paris"])
    #expect(settings.theme?.name == "night" && settings.hours == .twelve && settings.onTop == true)
    try Settings.save(zones: [], environment: environment(home))
    let text = try String(contentsOf: file(home), encoding: .utf8)
    #expect(!text.contains("zones") && text.contains("\"theme\" : \"night\""), "\(text)")
  }

  @Test func aFirstZoneMakesTheFile() throws {
    let home = try TemporaryDirectory()
    try Settings.save(zones: ["America/New_York"], environment: environment(home))
    #expect(
      try Settings.load(environment: environment(home)).zones?.map(\.description) == [
        "America/New_York"
      ])
  }

  @Test func aFileWithAMistakeIsNotWrittenOver() throws {
    let home = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: file(home).deletingLastPathComponent(), withIntermediateDirectories: true)
    let mistaken = "{\n  \"theme\": \"nite\"\n}\n"
    try Data(mistaken.utf8).write(to: file(home))
    #expect(throws: SettingsError.self) {
      try Settings.save(zones: ["Asia/Tokyo"], environment: environment(home))
    }
    #expect(try String(contentsOf: file(home), encoding: .utf8) == mistaken)
  }

  @Test func theHeaderBarsChoicesAreWrittenAndTakenOutAlone() throws {
    let home = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: file(home).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{ "theme": "night" }"#.utf8).write(to: file(home))
    try Settings.save(.compact, true, environment: environment(home))
    try Settings.save(.onTop, true, environment: environment(home))
    var settings = try Settings.load(environment: environment(home))
    #expect(settings.compact == true && settings.onTop == true && settings.theme?.name == "night")
    try Settings.save(.compact, false, environment: environment(home))
    settings = try Settings.load(environment: environment(home))
    #expect(settings.compact == nil && settings.onTop == true)
    let text = try String(contentsOf: file(home), encoding: .utf8)
    #expect(!text.contains("compact"), "\(text)")
  }
}
