import ClockworkState
import Testing

/// Lines of keys, for errors that name them.
@Suite struct JSONTextTests {
  @Test func eachKeyHasTheLineItIsFirstWrittenOnAsAKey() {
    let text = """
      {
        "tea": { "duration": "4m" },
        "say \\"hi\\"": { "exec": "echo \\"tea\\": done" },
        "eggs"
          : { "duration": "tea" },
        "tea": {}
      }
      """
    let lines = JSONText.keyLines(in: text)
    #expect(lines["tea"] == 2, "the first of two, and not the value \"tea\" on line 5")
    #expect(lines["duration"] == 2)
    #expect(lines["say \\\"hi\\\""] == 3, "a key as written, its escapes kept")
    #expect(lines["eggs"] == 4, "the key's own line, its colon on the next")
    #expect(lines["4m"] == nil && lines["echo \\\"tea\\\": done"] == nil, "values are not keys")
  }

  /// Ten thousand entries are read in one pass: each has its line.
  @Test func aLargeFileGivesEveryKeyItsLine() {
    let text = "{\n" + (0..<10_000).map { "  \"p\($0)\": {}" }.joined(separator: ",\n") + "\n}"
    let lines = JSONText.keyLines(in: text)
    #expect(lines.count == 10_000)
    #expect(lines["p0"] == 2 && lines["p9999"] == 10_001)
  }
}
