import ClockworkCore
import Foundation
import Testing

/// Alarm rings across DST changes in both directions, in Berlin and New York.
@Suite struct AlarmScheduleTests {
  let berlin = Zone(identifier: "Europe/Berlin")!
  let newYork = Zone(identifier: "America/New_York")!
  let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

  func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

  @Test func sevenStaysSevenAcrossBothChangesOnWeekdays() {
    let seven = AlarmSchedule(hour: 7, minute: 0, days: weekdays)
    // Berlin: Friday 07:00 CET, then over the weekend of the spring change, Monday 07:00 CEST.
    #expect(
      seven.nextRing(after: utc("2027-03-26T06:00:00Z"), in: berlin) == utc("2027-03-29T05:00:00Z"))
    // Berlin, autumn: Friday 07:00 CEST, then Monday 07:00 CET.
    #expect(
      seven.nextRing(after: utc("2026-10-23T05:00:00Z"), in: berlin) == utc("2026-10-26T06:00:00Z"))
    // New York, autumn (1 November 2026): Friday 07:00 EDT, then Monday 07:00 EST.
    #expect(
      seven.nextRing(after: utc("2026-10-30T11:00:00Z"), in: newYork) == utc("2026-11-02T12:00:00Z")
    )
    // New York, spring (14 March 2027).
    #expect(
      seven.nextRing(after: utc("2027-03-12T12:00:00Z"), in: newYork) == utc("2027-03-15T11:00:00Z")
    )
  }

  @Test func aSkippedTimeRingsAtTheChange() {
    // 02:30 does not exist in Berlin on 28 March 2027: clocks go from 02:00 to 03:00 (01:00 UTC).
    let early = AlarmSchedule(hour: 2, minute: 30)
    #expect(
      early.nextRing(after: utc("2027-03-27T12:00:00Z"), in: berlin) == utc("2027-03-28T01:00:00Z"))
    // And the day after, 02:30 CEST again.
    #expect(
      early.nextRing(after: utc("2027-03-28T01:00:00Z"), in: berlin) == utc("2027-03-29T00:30:00Z"))
    // New York, 02:15 on 14 March 2027: at 03:00 EDT (07:00 UTC).
    #expect(
      AlarmSchedule(hour: 2, minute: 15).nextRing(after: utc("2027-03-13T12:00:00Z"), in: newYork)
        == utc("2027-03-14T07:00:00Z"))
  }

  @Test func aRepeatedTimeRingsOnce() {
    // 02:30 happens twice in Berlin on 25 October 2026 (00:30 and 01:30 UTC): it rings the first.
    let early = AlarmSchedule(hour: 2, minute: 30)
    let first = early.nextRing(after: utc("2026-10-24T12:00:00Z"), in: berlin)
    #expect(first == utc("2026-10-25T00:30:00Z"))
    #expect(
      early.nextRing(after: first, in: berlin) == utc("2026-10-26T01:30:00Z"),
      "not again at the second 02:30")
    // New York, 01:30 twice on 1 November 2026 (05:30 and 06:30 UTC).
    let night = AlarmSchedule(hour: 1, minute: 30)
    let once = night.nextRing(after: utc("2026-10-31T12:00:00Z"), in: newYork)
    #expect(once == utc("2026-11-01T05:30:00Z"))
    #expect(night.nextRing(after: once, in: newYork) == utc("2026-11-02T06:30:00Z"))
  }

  @Test func everyDayWhenNoDaysAreGivenAndWeekendsSkipWeekdays() {
    let daily = AlarmSchedule(hour: 9, minute: 15)
    #expect(
      daily.nextRing(after: utc("2026-11-23T09:15:00Z"), in: .utc) == utc("2026-11-24T09:15:00Z"))
    let weekend = AlarmSchedule(hour: 9, minute: 15, days: [.saturday, .sunday])
    #expect(
      // Monday → Saturday
      weekend.nextRing(after: utc("2026-11-23T10:00:00Z"), in: .utc) == utc("2026-11-28T09:15:00Z"))
  }

  @Test(arguments: [
    ("mon-fri", "Mon–Fri"), ("weekdays", "Mon–Fri"), ("sat,sun", "Sat, Sun"),
    ("Weekends", "Sat, Sun"),
    ("fri-mon", "Mon, Fri, Sat, Sun"), ("daily", "every day"), ("monday, wednesday", "Mon, Wed"),
    ("tue", "Tue"),
  ])
  func daysAreReadAsWritten(text: String, described: String) throws {
    #expect(Weekday.describe(try Weekday.parseDays(text)) == described)
  }

  @Test(arguments: ["mo", "funday", "mon-", "", "mon,,fri", "mon-tue-wed"])
  func wrongDaysSayWhy(text: String) {
    #expect(throws: AlarmScheduleError.self) { try Weekday.parseDays(text) }
  }
}
