import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Synchronization
import Testing

@testable import ClockworkAlerts

/// Sequences, on fixed wall times.
@Suite struct SequenceTests {
  let t0 = 1_800_000_000.0
  func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: t0 + seconds) }

  func sequenceTimer(_ name: String, _ text: String, rounds: Int = 1, manual: Bool = false) throws
    -> StoredTimer
  {
    try .startedSequence(name, text, rounds: rounds, manual: manual, at: at(0))
  }

  @Test func aPhaseEndTakenStartsTheNextFromTheEndItself() throws {
    let dir = try TemporaryDirectory()
    let store = TimerStore(directory: StateDirectory(url: dir.url))
    #expect(store.save(try sequenceTimer("focus", "work 2s, break 3s", rounds: 2)) == nil)
    let first = try #require(store.claimEnd("focus", now: at(2.4)))
    #expect(first.timer.phaseLabel == "work 1/2")
    #expect(first.next?.phaseLabel == "break 1/2")
    #expect(first.next?.endsAt == t0 + 5, "from the end at 2 s, not from the ring at 2.4 s")
    let saved = try #require(store.file("focus").load().value)
    #expect(saved.isPending && saved.step == 1 && saved.duration == 3)
    #expect(
      AlertWatcher.plan([saved], isShown: { _ in false }, now: at(3))
        == .init(ring: [], wake: at(5)))
    _ = store.claimEnd("focus", now: at(5))
    _ = store.claimEnd("focus", now: at(7))
    let last = try #require(store.claimEnd("focus", now: at(10)))
    #expect(last.timer.phaseLabel == "break 2/2" && last.next == nil)
    let over = try #require(store.file("focus").load().value)
    #expect(over.rungAt != nil && !over.isPending, "the sequence is over and remembered")
  }

  /// A ringer killed while it holds a phase's end leaves the end taken and nothing saved: the
  /// next look puts it back, due, and the next claim rings it and starts what follows. An end
  /// a live ringer holds is left to it.
  @Test func anEndHeldByADeadRingerIsTakenBackAndOneByALiveRingerIsNot() throws {
    let dir = try TemporaryDirectory()
    let store = TimerStore(directory: StateDirectory(url: dir.url))
    #expect(store.save(try sequenceTimer("focus", "work 2s, break 3s")) == nil)
    let file = store.file("focus").url
    let taken = store.folder.appendingPathComponent(".focus.ringing-4242")
    let staged = store.folder.appendingPathComponent(".focus.staged-4242")
    // Killed while writing the next phase: its half-written temporary, beside the staged file.
    let halfWritten = store.folder.appendingPathComponent("..focus.staged-4242.4242.tmp")
    try FileManager.default.moveItem(at: file, to: taken)
    try Data("{}".utf8).write(to: staged)
    try Data("{".utf8).write(to: halfWritten)

    do {  // A live ringer holds the claim: its end stays taken, and is said to be rung.
      let live = StateLock.acquire(store.claimLock("focus"))
      guard case .acquired = live else {
        Issue.record("the claim's lock")
        return
      }
      #expect(store.takeBackAbandonedEnds() == ["focus"])
      #expect(store.all(now: at(3)).timers.isEmpty)
      #expect(FileManager.default.fileExists(atPath: halfWritten.path))
    }

    // Its ringer is gone (the lock let go): put back as it was, and the staged file removed.
    #expect(store.all(now: at(3)).timers.map(\.phaseLabel) == ["work 1/1"])
    #expect(!FileManager.default.fileExists(atPath: taken.path))
    #expect(!FileManager.default.fileExists(atPath: staged.path))
    #expect(!FileManager.default.fileExists(atPath: halfWritten.path))
    let rung = try #require(store.claimEnd("focus", now: at(3)))
    #expect(rung.next?.phaseLabel == "break 1/1" && rung.next?.endsAt == t0 + 5)
  }

  @Test func aManualSequenceWaitsUntilToldAndNextStartsIt() throws {
    let dir = try TemporaryDirectory()
    let told = Mutex<[String]>([])
    let timers = Timers(store: TimerStore(directory: StateDirectory(url: dir.url))) {
      name, running in told.withLock { $0.append("\(name) \(running)") }
    }
    #expect(timers.store.save(try sequenceTimer("focus", "work 2s, break 3s", manual: true)) == nil)
    let claimed = try #require(timers.store.claimEnd("focus", now: at(2)))
    #expect(claimed.next?.endsAt == nil && claimed.next?.remainingWhenPaused == 3)
    #expect(
      AlertWatcher.plan([claimed.next!], isShown: { _ in false }, now: at(60))
        == .init(ring: [], wake: nil), "nothing rings while it waits")
    let started = try timers.next("focus", now: at(60))
    #expect(started.endsAt == t0 + 63 && started.phaseLabel == "break 1/1")
    #expect(told.withLock { $0 } == ["focus true"], "what rings it is told it runs")
    #expect(throws: AlertsError.lastPhase("focus")) { try timers.next("focus", now: at(61)) }
  }

  @Test func theRingSaysWhatEndedAndWhatStarts() {
    var alert = TimerAlert(name: "pomodoro", exec: nil)
    alert.phase = .init(
      name: "work", round: 2, rounds: 4, next: .init(name: "break", seconds: 300), nextWaits: false)
    let (summary, body) = alert.texts(duration: .seconds(1500), endedAt: at(0), now: at(0))
    #expect(summary == "work done — break 5:00 starts")
    #expect(body.hasPrefix("round 2/4, ended at "))
    alert.phase?.next = nil
    #expect(
      alert.texts(duration: .seconds(1500), endedAt: at(0), now: at(0)).summary
        == "work done — pomodoro finished")
  }

  @Test func aPresetReturnsToItsTimerWhileItRunsElseStartsAnew() throws {
    let dir = try TemporaryDirectory()
    let timers = Timers(store: TimerStore(directory: StateDirectory(url: dir.url))) { _, _ in }
    let tea = Preset(name: "tea", duration: .seconds(240), sound: "", exec: "echo tea")
    guard
      case .start(let duration, nil, "echo tea", "") = try timers.open(
        "tea", .preset(tea), replacing: false, now: at(0)
      ).opening
    else {
      Issue.record("a preset with no timer starts one")
      return
    }
    #expect(duration == .seconds(240))
    var countdown = try Countdown<ContinuousClock.Instant>(duration: duration)
    countdown.start(at: ContinuousClock.now)
    #expect(
      timers.store.save(
        StoredTimer(countdown, name: "tea", at: ContinuousClock.now, wallNow: at(0))) == nil)
    guard case .resume = try timers.open("tea", .preset(tea), replacing: false, now: at(10)).opening
    else {
      Issue.record("while it runs, the preset returns to it")
      return
    }
    guard case .start = try timers.open("tea", .preset(tea), replacing: true, now: at(10)).opening
    else {
      Issue.record("--replace starts it anew")
      return
    }
    do {
      _ = try timers.open("tea", .start(.seconds(60)), replacing: false, now: at(10))
      Issue.record("a new duration for a running name is refused")
    } catch {
      guard case .timerRunning("tea", let left, false) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(abs(left - 230) < 0.01)
    }
  }

}
