import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

/// The state folder's paths and listings, read without URLs or FileManager at a start.
@Suite struct StateDirectoryTests {
  @Test func aSubfolderListsEveryNameAndAMissingOneNone() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(environment: ["XDG_STATE_HOME": dir.url.path + "/"])
    #expect(state.path == dir.url.path + "/clockwork")
    #expect(state.names(in: "timers") == [])
    try FileManager.default.createDirectory(
      atPath: state.filePath("timers"), withIntermediateDirectories: true)
    #expect(state.names(in: "timers") == [])
    for name in ["tea.json", ".tea.json.staged", "é café.json"] {
      FileManager.default.createFile(atPath: state.filePath("timers/\(name)"), contents: Data())
    }
    #expect(
      state.names(in: "timers").sorted()
        == (try FileManager.default.contentsOfDirectory(atPath: state.filePath("timers"))).sorted())
    #expect(state.names(in: "timers").count == 3)
    #expect(state.file("timers/tea.json").path == state.filePath("timers/tea.json"))
  }
}
