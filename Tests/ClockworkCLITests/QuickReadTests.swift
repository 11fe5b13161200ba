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

  /// Each option of the clock, its groups' too, shows its value in the description, and one
  /// never set shows "*definition*": equal descriptions are equal commands.
  @Test func theClockWithNoOptionsIsAsArgumentParserReadsNone() throws {
    let parsed = try ClockCommand.parse([])
    #expect(String(describing: ClockCommand.unconfigured) == String(describing: parsed))
    #expect(!String(describing: parsed).contains("definition"))
  }
}
