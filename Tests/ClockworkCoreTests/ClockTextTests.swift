import ClockworkCore
import Foundation
import Testing

@Suite struct ClockTextTests {
  let kathmandu = Zone(identifier: "Asia/Kathmandu")!
  let newfoundland = Zone(identifier: "America/St_Johns")!

  @Test func fieldsHaveTwoDigits() {
    #expect(ClockText.pad(0) == "00" && ClockText.pad(7) == "07" && ClockText.pad(42) == "42" && ClockText.pad(Int64(123)) == "123")
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
}
