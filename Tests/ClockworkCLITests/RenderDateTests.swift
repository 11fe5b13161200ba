import ClockworkScene
import ClockworkWidgets
import Testing

@testable import clockwork

/// An analog stamp writes its date on the dial when asked, in the calendar asked for.
@Suite struct RenderDateTests {
  static func dateLines(_ arguments: [String]) throws -> [String] {
    let command = try RenderClockCommand.parse(
      ["--at", "2026-11-26T10:00:00Z", "--zone", "UTC", "-o", "unused.png"] + arguments)
    let frame = try command.frames(of: ClockFace(size: 256), from: command.instant())(0)
    return frame.sublayers.compactMap { ($0 as? TextLayer)?.string }
  }

  @Test func aCalendarWritesTheDateOnTheDialInIt() throws {
    let lines = try Self.dateLines(["--calendar", "buddhist"])
    #expect(lines.count == 1 && lines[0].contains("2569") && !lines[0].contains("2026"), "\(lines)")
  }

  @Test func datedWritesTheGregorianDateAndNeitherWritesNone() throws {
    #expect(try Self.dateLines(["--dated"]).first?.contains("2026") == true)
    #expect(try Self.dateLines([]).isEmpty)
  }
}
