import ClockworkCore
import Foundation
import Testing

@Suite struct TargetTimeParserTests {
  let utc = Zone.utc

  func date(_ iso: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: iso)) }

  @Test(arguments: [
    ("17:30", 17, 30, 0), ("17:30:15", 17, 30, 15), ("5pm", 17, 0, 0), ("5:30 pm", 17, 30, 0),
    ("5:30PM", 17, 30, 0), ("12am", 0, 0, 0), ("12pm", 12, 0, 0), ("12:15 a.m.", 0, 15, 0),
    ("0:05", 0, 5, 0),
  ])
  func timesOfDay(text: String, hour: Int, minute: Int, second: Int) throws {
    let target = try TargetTimeParser.parse(text, zone: utc)
    #expect(target == .timeOfDay(.init(hour: hour, minute: minute, second: second)))
  }

  @Test func nextOccurrenceIsTodayOrTomorrow() throws {
    let now = try date("2026-11-22T12:00:00Z")
    #expect(
      try TargetTimeParser.nextOccurrence(of: "17:30", after: now, in: utc)
        == date("2026-11-22T17:30:00Z"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "9am", after: now, in: utc)
        == date("2026-11-23T09:00:00Z"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "12:00", after: now, in: utc)
        == date("2026-11-23T12:00:00Z"))
  }

  @Test func nextOccurrenceReadsTheZone() throws {
    let kolkata = try #require(Zone(identifier: "Asia/Kolkata"))
    let now = try date("2026-11-22T00:00:00Z")  // 05:30 in Kolkata
    #expect(
      try TargetTimeParser.nextOccurrence(of: "6:00", after: now, in: kolkata)
        == date("2026-11-22T00:30:00Z"))
  }

  @Test func aTimeSkippedByDSTMovesToTheNextValidTime() throws {
    let newYork = try #require(Zone(identifier: "America/New_York"))
    let now = try date("2026-03-08T05:00:00Z")  // 00:00 EST; 02:30 does not exist today
    let end = try TargetTimeParser.nextOccurrence(of: "2:30", after: now, in: newYork)
    #expect(end == (try date("2026-03-08T07:00:00Z")))  // 03:00 EDT, the first valid time after
  }

  @Test func iso8601Instants() throws {
    let now = try date("2026-01-01T00:00:00Z")
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-11-22T17:30:00Z", after: now, in: utc)
        == date("2026-11-22T17:30:00Z"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-11-22T17:30:00+01:00", after: now, in: utc)
        == date("2026-11-22T16:30:00Z"))
    let london = try #require(Zone(identifier: "Europe/London"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-07-01T12:00", after: now, in: london)
        == date("2026-07-01T11:00:00Z"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-07-01T12:00:30", after: now, in: london)
        == date("2026-07-01T11:00:30Z"))
  }

  /// A date alone is the start of that day in the zone: midnight, or 01:00 where a clock change
  /// skips midnight (Santiago, 6 September 2026).
  @Test func aDateAloneIsItsFirstMoment() throws {
    let now = try date("2026-01-01T00:00:00Z")
    let london = try #require(Zone(identifier: "Europe/London"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-07-01", after: now, in: london)
        == date("2026-06-30T23:00:00Z"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-12-01", after: now, in: london)
        == date("2026-12-01T00:00:00Z"))
    let santiago = try #require(Zone(identifier: "America/Santiago"))
    #expect(
      try TargetTimeParser.nextOccurrence(of: "2026-09-06", after: now, in: santiago)
        == date("2026-09-06T04:00:00Z"))
  }

  @Test(arguments: [
    "", "25:00", "13pm", "0am", "17:60", "17:5", "5", "noon", "2026-13-01T00:00:00Z",
    "2026-02-30T10:00", "17:30:61", "2026-02-30", "2026-07-01Z", "2026-07-01T",
  ])
  func rejectsWithTheAcceptedForms(text: String) throws {
    let error = try #require(throws: TargetTimeParseError.self) {
      try TargetTimeParser.parse(text, zone: utc)
    }
    #expect(error.description.contains("accepted forms"))
  }

  @Test func aDateAndTimeThatAClockChangeSkipsSaysSoAndWhatToGive() throws {
    let berlin = try #require(Zone(identifier: "Europe/Berlin"))
    do {
      _ = try TargetTimeParser.nextOccurrence(
        of: "2027-03-28T02:30", after: Date(timeIntervalSince1970: 1_800_000_000), in: berlin)
      Issue.record("02:30 on 2027-03-28 does not exist in Berlin")
    } catch {
      #expect(
        error.description
          == "cannot read time '2027-03-28T02:30': 02:30:00 does not exist on 2027-03-28 in Europe/Berlin: the clocks go forward then, to 03:00:00; give a time before the change or from 03:00:00 on"
      )
    }
  }
}
