import ClockworkCore
import Foundation
import Testing

@Suite struct ErrorReasonTests {
  @Test func fileErrorsSayWhatTheSystemSaid() {
    #expect(throws: (any Error).self) {
      try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/clockwork.json"))
    }
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/clockwork.json"))
    } catch {
      #expect(error.reason == "No such file or directory")
    }
  }

  @Test func badJSONSaysWhy() {
    struct Thing: Decodable { var name: String }
    do {
      _ = try JSONDecoder().decode(Thing.self, from: Data("{\"name\": 3}".utf8))
      Issue.record("decoded a number as a string")
    } catch {
      #expect(!error.reason.contains("DecodingError"), "\(error.reason)")
      #expect(!error.reason.isEmpty)
    }
  }
}
