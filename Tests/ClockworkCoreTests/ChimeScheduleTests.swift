import ClockworkCore
import Foundation
import Testing

/// Chimes on the hour across DST changes: each hour the clock shows chimes once, a skipped hour
/// never, a repeated hour once.
@Suite struct ChimeScheduleTests {
  let berlin = Zone(identifier: "Europe/Berlin")!
  let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

  func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

  @Test func hourlyFromNineToSixOnWeekdaysAcrossTheSpringChange() throws {
    let chime = try ChimeSchedule(every: 60, from: 9, to: 18, days: weekdays)
    // Thursday 25 March to Tuesday 30 March 2027: the clocks go forward on Sunday the 28th.
    let rung = chime.chimes(
      after: utc("2027-03-25T00:00:00Z"), through: utc("2027-03-31T00:00:00Z"), in: berlin)
    let shown = rung.map { berlin.civilTime(at: $0) }
    // Thursday, Friday, Monday, Tuesday: 10 each, at 09:00 … 18:00 on the dot, none twice.
    #expect(rung.count == 40)
    #expect(Set(rung).count == rung.count)
    #expect(shown.allSatisfy { $0.minute == 0 && $0.second == 0 && (9...18).contains($0.hour) })
    #expect(Set(shown.map(\.day)) == [25, 26, 29, 30])
    for day in [25, 26, 29, 30] {
      #expect(shown.filter { $0.day == day }.map(\.hour) == Array(9...18))
    }
    // Before the change 09:00 is 08:00 UTC; after it, 07:00 UTC.
    #expect(rung.first == utc("2027-03-25T08:00:00Z"))
    #expect(rung.contains(utc("2027-03-29T07:00:00Z")))
  }

  @Test func theHourClocksSkipNeverChimesAndTheHourTheyRepeatChimesOnce() throws {
    let night = try ChimeSchedule(every: 30, from: 0, to: 4)
    // Spring, 28 March 2027: 02:00 and 02:30 do not exist in Berlin.
    let spring = night.chimes(
      after: utc("2027-03-27T22:00:00Z"), through: utc("2027-03-28T03:00:00Z"), in: berlin
    ).map { berlin.civilTime(at: $0) }
    #expect(spring.map { $0.hour * 100 + $0.minute } == [0, 30, 100, 130, 300, 330, 400])
    // Autumn, 25 October 2026: 02:00–02:59 is shown twice; each of its chimes sounds once.
    let autumn = night.chimes(
      after: utc("2026-10-24T21:00:00Z"), through: utc("2026-10-25T04:00:00Z"), in: berlin
    ).map { berlin.civilTime(at: $0) }
    #expect(autumn.map { $0.hour * 100 + $0.minute } == [0, 30, 100, 130, 200, 230, 300, 330, 400])
  }

  @Test func everyQuarterAndTheStrokesOfTheHour() throws {
    let quarters = try ChimeSchedule(every: 15, from: 9, to: 10)
    #expect(quarters.minutesOfDay == [540, 555, 570, 585, 600])
    #expect(quarters.strokes(at: utc("2026-11-27T09:00:00Z"), in: .utc) == 9)
    #expect(quarters.strokes(at: utc("2026-11-27T09:15:00Z"), in: .utc) == 1)
    #expect(quarters.strokes(at: utc("2026-11-27T12:00:00Z"), in: .utc) == 12)
    #expect(quarters.strokes(at: utc("2026-11-27T00:00:00Z"), in: .utc) == 12)
    #expect(quarters.summary == "every 15 min, 09:00–10:00, every day")
  }

  @Test func whatCannotBeAChimeIsSaid() throws {
    #expect(throws: AlarmScheduleError.self) { try ChimeSchedule(every: 7) }
    #expect(throws: AlarmScheduleError.self) { try ChimeSchedule(every: 60, from: 18, to: 9) }
    #expect(throws: AlarmScheduleError.self) { try ChimeSchedule.parseHours("nine to five") }
    let hours = try ChimeSchedule.parseHours("09-18")
    #expect(hours.from == 9 && hours.to == 18)
  }
}
