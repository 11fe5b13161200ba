import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Synchronization
import Testing

@testable import ClockworkAlerts

/// When the watcher rings what: its plan is a pure function of the timers, who shows them and
/// the time.
@Suite struct AlertWatcherTests {
  let t0 = 1_800_000_000.0

  func timer(_ name: String, endsIn seconds: Double?, paused: Double? = nil) -> StoredTimer {
    var countdown = try! Countdown<ContinuousClock.Instant>(duration: .seconds(600))
    let now = ContinuousClock.now
    countdown.start(at: now)
    var stored = StoredTimer(
      countdown, name: name, at: now, wallNow: Date(timeIntervalSince1970: t0))
    stored.endsAt = seconds.map { t0 + $0 }
    stored.remainingWhenPaused = paused
    return stored
  }

  func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: t0 + seconds) }

  @Test func sleepsToTheNextEndAndRingsWhatIsDue() {
    let timers = [
      timer("tea", endsIn: 300), timer("eggs", endsIn: 60),
      timer("paused", endsIn: nil, paused: 30),
    ]
    #expect(
      AlertWatcher.plan(timers, isShown: { _ in false }, now: at(0))
        == .init(ring: [], wake: at(60)))
    #expect(
      AlertWatcher.plan(timers, isShown: { _ in false }, now: at(60))
        == .init(ring: ["eggs"], wake: at(300)))
    #expect(
      AlertWatcher.plan(timers, isShown: { _ in false }, now: at(400))
        == .init(ring: ["tea", "eggs"], wake: nil))
  }

  @Test func nothingRunningIsNothingPending() {
    #expect(
      AlertWatcher.plan(
        [timer("paused", endsIn: nil, paused: 30)], isShown: { _ in false }, now: at(0))
        == .init(ring: [], wake: nil))
    #expect(
      AlertWatcher.plan([], isShown: { _ in false }, now: at(0)) == .init(ring: [], wake: nil))
  }

  @Test func aShownTimerIsLeftToItsViewerForTheGraceThenRung() {
    let timers = [timer("tea", endsIn: 60)]
    let grace = AlertWatcher.viewerGrace
    #expect(
      AlertWatcher.plan(timers, isShown: { _ in true }, now: at(60))
        == .init(ring: [], wake: at(60 + grace)))
    #expect(
      AlertWatcher.plan(timers, isShown: { _ in true }, now: at(60 + grace))
        == .init(ring: ["tea"], wake: nil))
  }

  @Test func anEndIsClaimedOnceWhoeverTries() throws {
    let dir = try TemporaryDirectory()
    let store = TimerStore(directory: StateDirectory(url: dir.url))
    #expect(store.save(timer("tea", endsIn: 60)) == nil)
    #expect(store.claimEnd("tea", now: at(59)) == nil, "not over yet")
    let claims = Mutex<[String]>([])
    let now = at(61)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      if let claimed = store.claimEnd("tea", now: now) {
        claims.withLock { $0.append(claimed.timer.name) }
      }
    }
    #expect(claims.withLock { $0 } == ["tea"])
    let kept = try #require(store.all().timers.first, "a rung timer is remembered")
    #expect(
      kept.rungAt == now.timeIntervalSince1970 && !kept.isPending && kept.isFinished(atWall: now))
    #expect(
      AlertWatcher.plan([kept], isShown: { _ in false }, now: at(600))
        == .init(ring: [], wake: nil), "and never rung again")
    #expect(store.claimEnd("tea", now: at(600)) == nil)
  }

  func alarm(created: Double, lastRing: Double? = nil) -> StoredAlarm {
    var alarm = StoredAlarm(
      id: 1, schedule: AlarmSchedule(hour: 7, minute: 0), label: "standup", zone: "UTC",
      created: at(created))
    alarm.lastRing = lastRing.map { t0 + $0 }
    return alarm
  }

  @Test func anAlarmRingsWhenOwedOnceAndThenSleepsToItsNextTime() {
    // t0 is 2027-01-15 08:00 UTC: added the day before at noon, 07:00 today is owed (missed).
    let missed = alarm(created: -20 * 3600)
    #expect(
      AlertWatcher.plan([], isShown: { _ in false }, alarms: [missed], now: at(0))
        == .init(ring: [], alarms: [1], wake: nil))
    // Rung now: the next is 07:00 tomorrow.
    let rung = alarm(created: -20 * 3600, lastRing: 0)
    #expect(
      AlertWatcher.plan([], isShown: { _ in false }, alarms: [rung], now: at(0))
        == .init(ring: [], wake: at(23 * 3600)))
  }

  @Test func aSnoozeIsOwedAtItsEndAndADisabledAlarmOnlyItsSnooze() {
    var snoozed = alarm(created: -3600, lastRing: 0)
    snoozed.snoozedUntil = t0 + 600
    #expect(snoozed.owed == at(600))
    snoozed.enabled = false
    #expect(snoozed.owed == at(600))
    snoozed.snoozedUntil = nil
    #expect(snoozed.owed == nil)
    #expect(
      AlertWatcher.plan([], isShown: { _ in false }, alarms: [snoozed], now: at(0))
        == .init(ring: [], wake: nil))
  }
}
