import ClockworkCore
import Foundation
import Testing

@Suite struct ClockTextTests {
  let kathmandu = Zone(identifier: "Asia/Kathmandu")!
  let newfoundland = Zone(identifier: "America/St_Johns")!

  @Test func fieldsHaveTwoDigits() {
    #expect(
      ClockText.pad(0) == "00" && ClockText.pad(7) == "07" && ClockText.pad(42) == "42"
        && ClockText.pad(Int64(123)) == "123")
  }

  @Test func offsetsInHoursAndMinutes() {
    #expect(ClockText.offset(seconds: 0) == "+00:00")
    #expect(ClockText.offset(seconds: 20_700) == "+05:45")
    #expect(ClockText.offset(seconds: -12_600) == "-03:30")
  }

  @Test func theLineIsDateTimeAndOffsetTruncatedToTheSecond() {
    // 2026-11-22 23:59:59.999 UTC is already 05:44:59 the next day in Kathmandu.
    let date = Date(timeIntervalSince1970: 1_795_391_999.999)
    #expect(ClockText.line(date, in: .utc) == "2026-11-22 23:59:59 +00:00")
    #expect(ClockText.line(date, in: kathmandu) == "2026-11-23 05:44:59 +05:45")
    #expect(ClockText.line(date, in: newfoundland) == "2026-11-22 20:29:59 -03:30")
    #expect(ClockText.time(date, in: kathmandu) == "05:44:59")
    #expect(ClockText.day(date, in: newfoundland) == "2026-11-22")
  }

  @Test func twelveHoursSayAMAndPM() {
    let midnight = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23 00:00:00 UTC
    let cases: [(Double, String, String)] = [
      (0, "12:00:00 AM", "12:00 AM"), (3_600 + 5, "1:00:05 AM", "1:00:05 AM"),
      (12 * 3_600, "12:00:00 PM", "12:00 PM"),
      (13 * 3_600 + 60 * 32, "1:32:00 PM", "1:32 PM"),
      (23 * 3_600 + 3_599, "11:59:59 PM", "11:59:59 PM"),
    ]
    for (seconds, time, short) in cases {
      let date = midnight.addingTimeInterval(seconds)
      #expect(ClockText.time(date, in: .utc, hours: .twelve) == time)
      #expect(ClockText.shortTime(date, in: .utc, hours: .twelve) == short)
    }
    #expect(
      ClockText.shortTime(midnight.addingTimeInterval(13 * 3_600 + 60 * 32), in: .utc) == "13:32")
  }

  @Test func minutesLeaveTheSecondsOut() {
    let late = Zone.utc.civilTime(
      at: Date(timeIntervalSince1970: 1_795_392_000 + 23 * 3_600 + 3_599))
    #expect(ClockText.minutes(late) == "23:59")
    #expect(ClockText.minutes(late, hours: .twelve) == "11:59 PM")
  }

  @Test func anEndSaysItsDayWhenItIsNotToday() throws {
    let utc = Zone.utc
    let now = Date(timeIntervalSince1970: 1_798_761_600 - 600)  // 2026-12-31 23:50 UTC
    #expect(ClockText.when(now.addingTimeInterval(300), seenAt: now, in: utc) == "23:55")
    #expect(
      ClockText.when(now.addingTimeInterval(852), seenAt: now, in: utc) == "tomorrow 00:04:12")
    #expect(
      ClockText.when(now.addingTimeInterval(86_400 * 3), seenAt: now, in: utc)
        == "Sun 2027-01-03 23:50")
  }
}
