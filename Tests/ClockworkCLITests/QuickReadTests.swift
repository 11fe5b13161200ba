import ArgumentParser
import Testing

@testable import clockwork

/// The arguments read without ArgumentParser are read as ArgumentParser reads them, and
/// anything else is left to it.
@Suite struct QuickReadTests {
  @Test(arguments: [
    [], ["--follow"], ["--format", "json"], ["--format=waybar"],
    ["--follow", "--format", "i3blocks"], ["--format=text", "--follow"],
  ])
  func statusArgumentsReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
    let parsed = try StatusCommand.parse(arguments)
    let quick = try #require(StatusCommand.quickRead(arguments[...]))
    #expect(quick.format.rawValue == parsed.format)
    #expect(quick.follow == parsed.follow)
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["--format", "xml"], ["--format"], ["--format="], ["--format", "--follow"],
    ["--follow", "--follow"], ["--format", "json", "--format", "text"], ["--bogus"], ["text"],
    ["--generate-completion-script", "bash"],
  ])
  func anythingElseIsLeftToArgumentParser(_ arguments: [String]) {
    #expect(StatusCommand.quickRead(arguments[...]) == nil)
  }

  /// The clock's values read without ArgumentParser are its reading of no options: plain
  /// values, so equal descriptions are equal runs.
  @Test func theClockWithNoOptionsIsAsArgumentParserReadsNone() throws {
    let parsed = ClockRun(try ClockCommand.parse([]))
    #expect(String(describing: ClockRun.defaults) == String(describing: parsed))
    #expect(String(describing: parsed).contains("digital: true"))
  }

  /// `timer --list` alone is listed without ArgumentParser: parsed, it is the list and nothing
  /// else, which `run` answers first with the same call (`TimerCommand.showList()`).
  @Test func timerListAloneIsAsArgumentParserReadsIt() throws {
    let parsed = try TimerCommand.parse(["--list"])
    try parsed.validate()
    #expect(parsed.list && !parsed.cancel && !parsed.next && !parsed.past.history)
    #expect(parsed.duration == nil && parsed.until == nil && parsed.controls.changes.isEmpty)
    #expect(throws: (any Error).self) { try TimerCommand.parse(["--list", "--cancel"]) }
  }

  /// Options given reach the run: one of each group's, and the command's own.
  @Test func theClocksOptionsReachItsRun() throws {
    let run = ClockRun(
      try ClockCommand.parse(["--24h", "--parts", "dial,hands", "--zone", "UTC", "--count", "2"]))
    #expect(run.live.twentyFourHours && !run.live.twelveHours)
    #expect(run.look.parts != .all)
    #expect(run.zones.count == 1 && run.count == 2)
  }
}
