import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkAlerts

/// A timer as saved: its time left across restarts, paused or running, and impossible values.
@Suite struct StoredTimerTests {
  let clock = ContinuousClock()

  @Test func timerRemainingAcrossRestarts() throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(300))
    let start = clock.now
    countdown.start(at: start)
    let savedAt = Date(timeIntervalSince1970: 10_000)
    let stored = StoredTimer(
      countdown, name: "tea", at: start.advanced(by: .seconds(100)), wallNow: savedAt)
    #expect(stored.remaining(atWall: savedAt) == 200)
    #expect(stored.remaining(atWall: savedAt.addingTimeInterval(50)) == 150)
    let resumedAt = clock.now
    let restored = try stored.restored(at: resumedAt, wallNow: savedAt.addingTimeInterval(50))
    #expect(restored.remaining(at: resumedAt) == .seconds(150))
    #expect(restored.isRunning)
    #expect(restored.duration == .seconds(300))
    #expect(stored.isFinished(atWall: savedAt.addingTimeInterval(200)))
    let utc = Zone.utc
    #expect(
      stored.finishedDescription(wallNow: savedAt.addingTimeInterval(380), zone: utc)
        == "finished at 02:50:00, 3 min ago")
  }

  /// The length it was started with outlives the run: a restart in the next window counts it.
  @Test func theLengthStartedWithIsKeptAcrossRuns() throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(60))
    let start = clock.now
    countdown.start(at: start)
    countdown.add(.seconds(120), at: start)
    let savedAt = Date(timeIntervalSince1970: 10_000)
    let stored = StoredTimer(countdown, name: "tea", at: start, wallNow: savedAt)
    #expect(stored.duration == 180 && stored.length == 60)
    var restored = try stored.restored(at: start, wallNow: savedAt)
    restored.restart(at: start)
    #expect(restored.remaining(at: start) == .seconds(60))
    let plain = StoredTimer(
      try Countdown<ContinuousClock.Instant>(duration: .seconds(60)), name: "x", at: start,
      wallNow: savedAt)
    #expect(plain.length == nil, "nothing added: nothing more to keep")
  }

  @Test func pausedTimerStaysPaused() throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(60))
    let start = clock.now
    countdown.start(at: start)
    countdown.pause(at: start.advanced(by: .seconds(20)))
    let stored = StoredTimer(
      countdown, name: "x", at: start.advanced(by: .seconds(30)),
      wallNow: Date(timeIntervalSince1970: 0))
    #expect(stored.remaining(atWall: Date(timeIntervalSince1970: 9_999)) == 40)
    let resumedAt = clock.now
    let restored = try stored.restored(at: resumedAt, wallNow: Date(timeIntervalSince1970: 9_999))
    #expect(!restored.isRunning)
    #expect(restored.remaining(at: resumedAt.advanced(by: .seconds(5))) == .seconds(40))
  }

  static func timer(_ fields: String) -> String {
    #"{"version": 1, "value": {"name": "tea", \#(fields)}}"#
  }

  @Test(arguments: [
    (timer(#""duration": 60, "endsAt": 1e18"#), "endsAt is out of range"),
    (timer(#""duration": -5, "endsAt": 1800000000"#), "duration is negative"),
    (timer(#""duration": 1e308, "remainingWhenPaused": 1e308"#), "duration is out of range"),
    (timer(#""duration": 0, "remainingWhenPaused": 0"#), "duration is 0"),
    (timer(#""duration": 60, "remainingWhenPaused": -1e308"#), "remainingWhenPaused is negative"),
    (
      timer(#""duration": 60, "remainingWhenPaused": 90"#),
      "remainingWhenPaused is more than the duration"
    ),
  ])
  func aTimerFile(contents: String, problem: String) throws {
    let dir = try TemporaryDirectory()
    let store = TimerStore(directory: StateDirectory(url: dir.url))
    try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: store.file("tea").url)
    let (timers, warnings) = store.all(now: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(timers.isEmpty)
    #expect(warnings.count == 1 && warnings[0].contains(problem), "\(warnings)")
  }
}
