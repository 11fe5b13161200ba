import ClockworkCore
import Foundation
import Testing

@testable import ClockworkAlerts

/// A chime kept as an alarm: when it is owed, how many strokes it gives, and what alarms' own
/// verbs (snooze, stop) leave alone.
@Suite struct ChimeTests {
  func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

  func chime(strikes: Bool, created: String) throws -> StoredAlarm {
    StoredAlarm(
      id: 1, chime: try ChimeSchedule(every: 30, from: 9, to: 18), strikes: strikes, zone: "UTC",
      created: utc(created))
  }

  @Test func itIsOwedAtItsNextChimeAndNextAfterThatOnceRung() throws {
    var bell = try chime(strikes: false, created: "2026-11-27T10:05:00Z")
    #expect(bell.owed == utc("2026-11-27T10:30:00Z"))
    bell.lastRing = utc("2026-11-27T10:30:00.2Z").timeIntervalSince1970
    #expect(bell.owed == utc("2026-11-27T11:00:00Z"))
    bell.lastRing = utc("2026-11-27T18:00:01Z").timeIntervalSince1970
    #expect(bell.owed == utc("2026-11-28T09:00:00Z"))  // after the last hour, the next day's first
    #expect(!bell.isSounding(at: utc("2026-11-27T18:00:02Z")))  // nothing to stop
  }

  @Test func aStrikingChimeGivesTheHoursStrokesAndALateOneNone() throws {
    let striking = try chime(strikes: true, created: "2026-11-27T10:05:00Z")
    let three = utc("2026-11-27T15:00:00Z")
    #expect(ChimeAlert.strokes(striking, owed: three, now: three.addingTimeInterval(0.3)) == 3)
    #expect(
      ChimeAlert.strokes(
        striking, owed: utc("2026-11-27T15:30:00Z"), now: utc("2026-11-27T15:30:00Z")) == 1)
    #expect(ChimeAlert.strokes(striking, owed: three, now: three.addingTimeInterval(61)) == 0)
    let plain = try chime(strikes: false, created: "2026-11-27T10:05:00Z")
    #expect(ChimeAlert.strokes(plain, owed: three, now: three) == 1)
  }

  @Test func itSaysWhatItIs() throws {
    let striking = try chime(strikes: true, created: "2026-11-27T10:05:00Z")
    #expect(
      striking.summary
        == "chime every 30 min, 09:00–18:00, every day, striking the hours (UTC)")
    #expect(StoredAlarms(alarms: [striking]).problem() == nil)
    var broken = striking
    broken.every = 7
    #expect(StoredAlarms(alarms: [broken]).problem()?.contains("is no chime") == true)
  }
}
