import ClockworkCore
import Foundation
import PropertyBased
import Testing

@Suite struct DialAnglesTests {
  let degree = Double.pi / 180

  func zone(_ id: String) throws -> Zone { try #require(Zone(identifier: id)) }

  func date(_ iso: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return try #require(formatter.date(from: iso) ?? ISO8601DateFormatter().date(from: iso))
  }

  func wall(_ iso: String, _ zoneID: String) throws -> WallTime {
    WallTime(date: try date(iso), zone: try zone(zoneID))
  }

  @Test func threeOClockPointsRight() throws {
    let angles = DialAngles(time: WallTime(hour: 3, minute: 0, second: 0))
    #expect(abs(angles.hour - .pi / 2) < 1e-12)
    #expect(angles.minute == 0)
    #expect(angles.second == 0)
  }

  @Test func handsIncludeTheSmallerUnits() {
    let angles = DialAngles(
      time: WallTime(hour: 9, minute: 30, second: 30, nanosecond: 500_000_000))
    // Second hand: 30.5 s → 183°; minute hand: 30.5083 min; hour hand: 9.508472 h.
    #expect(abs(angles.second - 183 * degree) < 1e-9)
    #expect(abs(angles.minute - (30 + 30.5 / 60) * 6 * degree) < 1e-9)
    #expect(abs(angles.hour - (9 + (30 + 30.5 / 60) / 60) * 30 * degree) < 1e-9)
  }

  @Test func nanosecondsScaleByOneBillionth() {
    // The wall-clock design we build on used pow(ns, -9), which is ~0 for any real input.
    let angles = DialAngles(time: WallTime(hour: 0, minute: 0, second: 0, nanosecond: 250_000_000))
    #expect(abs(angles.second - 0.25 * 6 * degree) < 1e-12)
  }

  @Test func twentyFourHourDialTurnsOnceADay() {
    let angles = DialAngles(time: WallTime(hour: 18, minute: 0, second: 0), dial: .twentyFourHour)
    #expect(abs(angles.hour - 1.5 * .pi) < 1e-12)
    let twelve = DialAngles(time: WallTime(hour: 18, minute: 0, second: 0))
    #expect(abs(twelve.hour - .pi) < 1e-12)
  }

  @Test func secondHandWrapsFrom59ToZero() {
    let late = DialAngles(time: WallTime(hour: 11, minute: 59, second: 59, nanosecond: 999_999_999))
    let midnight = DialAngles(time: WallTime(hour: 0, minute: 0, second: 0))
    #expect(late.second < 2 * .pi && late.second > 2 * .pi - 1e-6)
    #expect(late.hour < 2 * .pi && late.minute < 2 * .pi)
    #expect(midnight == DialAngles(hour: 0, minute: 0, second: 0))
  }

  @Test func newYorkSpringForward() throws {
    // 2026-03-08: 01:59:59 EST is followed by 03:00:00 EDT.
    #expect(
      try wall("2026-03-08T06:59:59Z", "America/New_York")
        == WallTime(hour: 1, minute: 59, second: 59))
    #expect(
      try wall("2026-03-08T07:00:00Z", "America/New_York")
        == WallTime(hour: 3, minute: 0, second: 0))
  }

  @Test func newYorkFallBackRepeatsTheHour() throws {
    // 2026-11-01: 01:30 EDT (05:30Z) and, an hour later, 01:30 EST (06:30Z).
    let first = try wall("2026-11-01T05:30:00Z", "America/New_York")
    let second = try wall("2026-11-01T06:30:00Z", "America/New_York")
    #expect(first == WallTime(hour: 1, minute: 30, second: 0))
    #expect(second == first)
    #expect(
      try wall("2026-11-01T07:00:00Z", "America/New_York")
        == WallTime(hour: 2, minute: 0, second: 0))
  }

  @Test func londonSummerTime() throws {
    #expect(
      try wall("2026-03-29T00:59:59Z", "Europe/London") == WallTime(hour: 0, minute: 59, second: 59)
    )
    #expect(
      try wall("2026-03-29T01:00:00Z", "Europe/London") == WallTime(hour: 2, minute: 0, second: 0))
    #expect(
      try wall("2026-10-25T01:30:00Z", "Europe/London") == WallTime(hour: 1, minute: 30, second: 0))
  }

  @Test func lordHoweShiftsByHalfAnHour() throws {
    // +10:30 in (southern) winter, +11:00 in summer; the change is 30 minutes.
    #expect(
      try wall("2026-06-01T00:00:00Z", "Australia/Lord_Howe")
        == WallTime(hour: 10, minute: 30, second: 0))
    #expect(
      try wall("2026-11-22T00:00:00Z", "Australia/Lord_Howe")
        == WallTime(hour: 11, minute: 0, second: 0))
    // 2026-10-04 02:00 local standard time (15:30Z the day before) jumps to 02:30.
    #expect(
      try wall("2026-10-03T15:29:59Z", "Australia/Lord_Howe")
        == WallTime(hour: 1, minute: 59, second: 59))
    #expect(
      try wall("2026-10-03T15:30:00Z", "Australia/Lord_Howe")
        == WallTime(hour: 2, minute: 30, second: 0))
  }

  @Test func oddOffsets() throws {
    #expect(
      try wall("2026-11-22T00:00:00Z", "Asia/Kolkata") == WallTime(hour: 5, minute: 30, second: 0))
    #expect(
      try wall("2026-11-22T00:00:00Z", "Asia/Kathmandu") == WallTime(hour: 5, minute: 45, second: 0)
    )
    let angles = DialAngles(
      date: try date("2026-11-22T00:00:00Z"), zone: try zone("Asia/Kathmandu"))
    #expect(abs(angles.minute - 45 * 6 * degree) < 1e-9)
    #expect(abs(angles.hour - (5.75 * 30) * degree) < 1e-9)
  }

  @Test func subSecondPrecisionComesFromTheDate() throws {
    let time = try wall("2026-11-22T10:20:30.125Z", "UTC")
    #expect(time.second == 30)
    #expect(abs(Double(time.nanosecond) - 125_000_000) < 1_000)
  }

  @Test func quartzStepsTheMinuteHandEachSecond() {
    let time = WallTime(hour: 0, minute: 10, second: 20, nanosecond: 900_000_000)
    let quartz = DialAngles(time: time, oscillator: .quartz)
    #expect(abs(quartz.second - 20 * 6 * degree) < 1e-12)
    #expect(abs(quartz.minute - (10 + 20.0 / 60) * 6 * degree) < 1e-12)
  }

  @Test func anglesStayInRange() async throws {
    let zones = [
      "UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
    ]
    .compactMap(Zone.init(identifier:))
    await propertyCheck(
      count: 500, input: Gen.double(in: -4e9...4e9), Gen.int(in: 0...(zones.count - 1))
    ) { seconds, zoneIndex in
      for oscillator in [nil, Oscillator.quartz, .quartzRecoil, .mechanical(), .sweep] {
        let angles = DialAngles(
          date: Date(timeIntervalSince1970: seconds), zone: zones[zoneIndex], oscillator: oscillator
        )
        for angle in [angles.hour, angles.minute, angles.second] {
          #expect(angle >= 0 && angle < 2 * .pi)
        }
      }
    }
  }
}
