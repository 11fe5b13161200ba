import ClockworkCore
import PropertyBased
import Testing

@Suite struct DurationParserTests {
  @Test(arguments: [
    ("90", 90_000), ("90s", 90_000), ("1m30s", 90_000), ("1h 30m", 5_400_000), ("1:30", 90_000),
    ("01:30:00", 5_400_000), ("1.5h", 5_400_000), ("25m", 1_500_000), ("2d", 172_800_000),
    ("1 hour 5 minutes", 3_900_000), ("250ms", 250), ("  45 sec ", 45_000), ("0:00:01", 1_000),
    ("01:02.50", 62_500), ("100d", 8_640_000_000),
  ])
  func acceptsTheCommonForms(text: String, milliseconds: Int64) throws {
    #expect(try DurationParser.parse(text) == .milliseconds(milliseconds))
  }

  @Test(arguments: [
    ("", DurationParseError.Problem.empty), ("   ", .empty), ("0", .zero), ("0s", .zero),
    ("0:00", .zero), ("-5m", .negative), ("101d", .tooLong), ("99999999999999999999999h", .tooLong),
  ])
  func rejectsWithAReason(text: String, problem: DurationParseError.Problem) {
    #expect(throws: DurationParseError(input: text, problem: problem)) {
      try DurationParser.parse(text)
    }
  }

  @Test(arguments: [
    "abc", "5x", "1:", ":30", "1:60", "1:5", "1:2:3:4", "5m 1h", "5m5m", "1.2.3s", "5 5", "m",
    "1:3a",
  ])
  func rejectsMalformedInput(text: String) throws {
    let error = try #require(throws: DurationParseError.self) { try DurationParser.parse(text) }
    guard case .malformed = error.problem else {
      Issue.record("expected malformed, got \(error.problem)")
      return
    }
    #expect(error.description.contains("accepted forms"))
  }

  @Test func messagesNameTheProblem() throws {
    let error = try #require(throws: DurationParseError.self) {
      try DurationParser.parse("5 parsecs")
    }
    #expect(error.description.hasPrefix("cannot read duration '5 parsecs': unknown unit 'parsecs'"))
  }

  @Test func countdownTextRoundTrips() async {
    // parse ∘ format is the identity on whole seconds (countdowns round up to whole seconds).
    await propertyCheck(count: 500, input: Gen.int64(in: 1...(100 * 86_400))) { seconds in
      let text = CountdownFormat.string(.seconds(seconds))
      #expect((try? DurationParser.parse(text)) == .seconds(seconds))
    }
  }

  @Test func stopwatchTextRoundTrips() async {
    await propertyCheck(count: 500, input: Gen.int64(in: 1...(99 * 3600 * 100))) { centiseconds in
      let text = StopwatchFormat.string(.milliseconds(centiseconds * 10))
      #expect((try? DurationParser.parse(text)) == .milliseconds(centiseconds * 10))
    }
  }
}
