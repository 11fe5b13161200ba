import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import Foundation
import Testing

/// The digital face: what it writes for a moment, and when it next changes.
@Suite struct DigitalClockTests {
  let wall = CivilTime(
    year: 2026, month: 11, day: 25, hour: 14, minute: 32, second: 5, utcOffset: 0)

  @Test func itWritesTheTimeWithOrWithoutSecondsIn12Or24Hours() {
    #expect(DigitalClock.timeText(wall, look: .init()) == "14:32:05")
    #expect(DigitalClock.timeText(wall, look: .init(seconds: false)) == "14:32")
    #expect(DigitalClock.timeText(wall, look: .init(hours: .twelve)) == "2:32:05 PM")
    #expect(DigitalClock.timeText(wall, look: .init(seconds: false, hours: .twelve)) == "2:32 PM")
  }

  @Test func itShowsTheZonesTimeAndDayAndChangesOnTheSecondOrTheMinute() {
    let clock = DigitalClock(size: Size(width: 400, height: 200))
    let date = Date(timeIntervalSince1970: 1_795_618_325.25)  // 2026-11-25 14:52:05.25 UTC
    clock.show(date: date, zone: Zone(identifier: "Asia/Kathmandu")!)  // +05:45
    let texts = clock.layer.sublayers.compactMap { ($0 as? TextLayer)?.string }
    #expect(texts == ["20:37:05", "Wed 2026-11-25"])
    #expect(abs(clock.delayToNextChange(after: date, zone: .utc) - 0.75) < 1e-6)
    clock.look.seconds = false
    #expect(abs(clock.delayToNextChange(after: date, zone: .utc) - 54.75) < 1e-6)
  }
}
