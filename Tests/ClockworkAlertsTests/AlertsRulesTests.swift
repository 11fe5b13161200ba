import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkAlerts
@testable import ClockworkSystem

/// The rules of timers and alarms, each on a fixed wall time (no sleeping, no process started).
@Suite struct AlertsRulesTests {
  let t0 = 1_800_000_000.0
  func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: t0 + seconds) }

  func running(_ name: String, endsIn seconds: Double, store: TimerStore) throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(300))
    let now = ContinuousClock.now
    countdown.start(at: now)
    var stored = StoredTimer(countdown, name: name, at: now, wallNow: at(0))
    stored.endsAt = t0 + seconds
    #expect(store.save(stored) == nil)
  }

  @Test func aFinishedTimerIsRememberedUntilStartedAgainOrRemoved() throws {
    let dir = try TemporaryDirectory()
    let timers = Timers(store: TimerStore(directory: StateDirectory(url: dir.url))) { _, _ in }
    try running("tea", endsIn: 60, store: timers.store)
    #expect(throws: AlertsError.timerRunning(name: "tea", secondsLeft: 60, paused: false)) {
      try timers.checkFree("tea", replacing: false, now: at(0))
    }
    #expect(timers.store.claimEnd("tea", now: at(62)) != nil)
    guard case .finished(let timer) = try timers.saved("tea", now: at(240)).timer else {
      Issue.record("a rung timer is said as finished")
      return
    }
    #expect(
      timer.finishedDescription(wallNow: at(240), zone: .utc) == "finished at 08:01:00, 3 min ago")
    // A finished one may be started again.
    try timers.checkFree("tea", replacing: false, now: at(240))
    #expect(try timers.cancel("tea").rungAt != nil)
    #expect(throws: AlertsError.noSuchTimer("tea")) { try timers.saved("tea", now: at(240)) }
  }

  /// What a test's timers tell their ringer, in order ("tea true"); called on the test's thread.
  final class Handed: @unchecked Sendable { var calls: [String] = [] }

  /// Timers in `dir` whose ringer is told into a `Handed` (no process started).
  func handedTimers(in dir: TemporaryDirectory) -> (Timers, Handed) {
    let handed = Handed()
    let timers = Timers(store: TimerStore(directory: StateDirectory(url: dir.url))) {
      name, running in handed.calls.append("\(name) \(running)")
    }
    return (timers, handed)
  }

  /// A timer started with no window (the desktop app's) is saved running, not held as shown,
  /// and handed at once to what rings it; the name is then taken.
  @Test func aTimerStartedUnshownIsSavedAndHandedToItsRinger() throws {
    let dir = try TemporaryDirectory()
    let (timers, handed) = handedTimers(in: dir)
    try timers.startUnshown("tea", .start(.seconds(120)), now: at(0))
    let saved = try #require(timers.store.file("tea").load(now: at(0)).value)
    #expect(abs((saved.endsAt ?? 0) - (t0 + 120)) < 0.01 && saved.isPending)
    #expect(handed.calls == ["tea true"])
    #expect(!StateLock.isHeld(timers.store.viewLock("tea")), "no window shows it")
    #expect(throws: AlertsError.timerRunning(name: "tea", secondsLeft: 110, paused: false)) {
      try timers.startUnshown("tea", .start(.seconds(60)), now: at(10))
    }
  }

  /// A timer's controls with no window (the desktop app's, a script's): each saved, its ringer
  /// told whether it runs; restart counts the length it was started with; taking away time
  /// never ends it; a finished timer only restarts.
  @Test func aTimerIsPausedExtendedResumedAndRestartedWithNoWindow() throws {
    let dir = try TemporaryDirectory()
    let (timers, handed) = handedTimers(in: dir)
    try timers.startUnshown("tea", .start(.seconds(120)), now: at(0))
    let paused = try timers.change("tea", .pause, now: at(30))
    #expect(paused.endsAt == nil && abs((paused.remainingWhenPaused ?? 0) - 90) < 0.01)
    let longer = try timers.change("tea", .add(.seconds(60)), now: at(40))
    #expect(abs(longer.remaining(atWall: at(500)) - 150) < 0.01, "still paused, a minute more")
    let resumed = try timers.change("tea", .toggle, now: at(50))
    #expect(abs((resumed.endsAt ?? 0) - (t0 + 200)) < 0.01)
    #expect(throws: AlertsError.tooLittleLeft(name: "tea", secondsLeft: 140)) {
      try timers.change("tea", .add(.seconds(-140)), now: at(60))
    }
    let restarted = try timers.change("tea", .restart, now: at(70))
    #expect(abs((restarted.endsAt ?? 0) - (t0 + 190)) < 0.01, "the 120 s it was started with")
    #expect(handed.calls == ["tea true", "tea false", "tea false", "tea true", "tea true"])
    #expect(throws: AlertsError.timerFinished("tea")) {
      try timers.change("tea", .pause, now: at(400))
    }
    #expect(try timers.change("tea", .restart, now: at(400)).endsAt == t0 + 520)
    #expect(throws: AlertsError.noSuchTimer("soup")) { try timers.change("soup", .pause) }
  }

  /// Each end is logged once, by whoever ends it: a ring (taken once of two tries), a cancel,
  /// a sequence's phase skipped; a cancel of a finished timer logs nothing more.
  @Test func theHistoryLogsEachEndOnceWithWhatWasCounted() throws {
    let dir = try TemporaryDirectory()
    let (timers, _) = handedTimers(in: dir)
    try timers.startUnshown("tea", .start(.seconds(120)), now: at(0))
    #expect(timers.store.claimEnd("tea", now: at(121)) != nil)
    #expect(timers.store.claimEnd("tea", now: at(122)) == nil, "rung once")
    _ = try timers.cancel("tea", now: at(130))
    try timers.startUnshown("soup", .start(.seconds(600)), now: at(200))
    _ = try timers.change("soup", .add(.seconds(60)), now: at(210))
    _ = try timers.cancel("soup", now: at(290))
    let sequence = try PhaseSequence(parsing: "work 25m, break 5m", rounds: 1)
    try timers.startUnshown("focus", .sequence(sequence), now: at(300))
    _ = try timers.next("focus", now: at(400))
    let records = timers.store.history.records()
    #expect(records.map(\.outcome) == [.finished, .cancelled, .skipped])
    #expect(records.map(\.name) == ["tea", "soup", "focus"])
    #expect(records.map(\.started) == [t0, t0 + 200, t0 + 300])
    #expect(records.map(\.ended) == [t0 + 120, t0 + 290, t0 + 400])
    #expect(records.map(\.planned) == [120, 660, 1500])
    #expect(records.map(\.actual) == [120, 90, 100])
    #expect(records[2].phase == "work 1/1" && records[2].phaseName == "work")
    #expect(timers.store.history.records(since: at(250)).map(\.name) == ["soup", "focus"])
  }

  /// Past its limit the log keeps its newer half; a line that cannot be read is passed over.
  @Test func theHistoryIsBoundedAndSkipsWhatItCannotRead() throws {
    let dir = try TemporaryDirectory()
    let history = TimerHistory(directory: StateDirectory(url: dir.url), limit: 2000)
    var timer = try StoredTimer.startedSequence("t", "a 1m", at: at(0))
    (timer.sequence, timer.step) = (nil, nil)
    for index in 0..<40 {
      #expect(history.append(.init(timer, ended: at(Double(index)), outcome: .cancelled)) == nil)
    }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: history.url.path)[.size] as? Int)
    #expect(size <= 2000)
    let kept = history.records()
    #expect(kept.count >= 5 && kept.last?.ended == t0 + 39, "the newest kept")
    #expect(kept.map(\.ended) == kept.map(\.ended).sorted())
    let handle = try FileHandle(forWritingTo: history.url)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"name\": \"half\n".utf8))
    try handle.close()
    #expect(history.append(.init(timer, ended: at(50), outcome: .finished)) == nil)
    #expect(history.records().count == kept.count + 1)
  }

  /// The running notice says when a timer ends, or what it has left when paused, with the
  /// buttons that fit; a waiting phase offers Start.
  @Test func theRunningNoticeSaysTheEndOrTheTimeLeftWithItsButtons() throws {
    var timer = try StoredTimer.startedSequence(
      "focus", "work 25m, break 5m", manual: true, at: at(0))
    let running = RunningNotice.said(timer, now: at(60))
    #expect(running.summary == "Timer focus work 1/1")
    #expect(running.body.hasPrefix("ends ") && running.buttons == ["pause", "add"])
    (timer.endsAt, timer.remainingWhenPaused) = (nil, 1200)
    #expect(RunningNotice.said(timer, now: at(60)).body == "paused, 20:00 left")
    #expect(RunningNotice.said(timer, now: at(60)).buttons == ["resume", "add"])
    let waiting = try #require(timer.nextPhase(startingAt: at(1500), waits: true))
    #expect(RunningNotice.said(waiting, now: at(1500)).buttons == ["start"])
    #expect(
      AlertsProgram(arguments: AlertsProgram.runningNotice(timer: "focus").arguments)
        == .runningNotice(timer: "focus"))
  }

  /// An alarm turned on again, or given a new time, rings from its next time: what it would
  /// have rung before is not owed, and it does not sound for being turned on.
  @Test func anAlarmArmedAgainOwesNothingBeforeAndDoesNotSound() {
    var alarm = StoredAlarm(
      id: 1, schedule: AlarmSchedule(hour: 7, minute: 0), label: nil, zone: "UTC",
      created: at(-3 * 86_400))
    alarm.lastRing = at(-2 * 86_400).timeIntervalSince1970
    #expect((alarm.owed ?? .distantFuture) < at(0), "rung two days ago: yesterday's is owed")
    alarm.armed = at(0).timeIntervalSince1970
    #expect((alarm.owed ?? .distantPast) > at(0), "armed now: the next 07:00")
    #expect(!alarm.isSounding(at: at(1)))
  }

  @Test func aLateRingSaysHowLate() {
    let alert = TimerAlert(name: "tea", exec: nil)
    #expect(!alert.texts(duration: .seconds(300), endedAt: at(0), now: at(1)).body.contains("late"))
    #expect(
      alert.texts(duration: .seconds(300), endedAt: at(0), now: at(180)).body.hasSuffix(
        "(rung 3 min late: nothing could ring it then)"))

  }

  @Test func noStoredNumberCrashesAnAdd() throws {
    #expect(Alarms.freeID(among: []) == 1)
    #expect(Alarms.freeID(among: [3, 7]) == 8)
    #expect(Alarms.freeID(among: [Int.max]) == 1)
    #expect(Alarms.freeID(among: [1, 2, Int.max]) == 3)
    #expect(Alarms.freeID(among: [Int.min]) == 1)
    let dir = try TemporaryDirectory()
    let store = AlarmStore(directory: StateDirectory(url: dir.url))
    try store.update {
      $0 = [
        StoredAlarm(
          id: Int.max, schedule: AlarmSchedule(hour: 7, minute: 0), label: nil, zone: nil,
          created: at(0))
      ]
    }
    let next = try store.update { alarms in Alarms.freeID(among: alarms.map(\.id)) }
    #expect(next == 1)
  }

  @Test func manyAlarmsRungAtOnceAreOneNotificationListingThem() {
    let rung = (1...25).map { id in
      (
        StoredAlarm(
          id: id, schedule: AlarmSchedule(hour: 7, minute: 0), label: "a\(id)", zone: "UTC",
          created: at(-86_400 * 30)), at(Double(id) * -86_400)
      )
    }
    let (summary, body) = AlarmAlert.missedTexts(rung, listing: 10)
    #expect(summary == "25 more alarms missed")
    let lines = body.split(separator: "\n")
    #expect(lines.count == 11 && lines.last == "and 15 more")
    #expect(lines.first == "2027-01-14 08:00:00 'a1' (alarm 1)")
  }

  @Test func noticesAreToldOnceToOneTaker() throws {
    let dir = try TemporaryDirectory()
    let notices = Notices(directory: StateDirectory(url: dir.url))
    #expect(notices.take().isEmpty)
    notices.append("warning: alarms.json is corrupt\nmoved aside")
    notices.append("timer 'tea' finished")
    #expect(
      notices.take() == ["warning: alarms.json is corrupt moved aside", "timer 'tea' finished"])
    #expect(notices.take().isEmpty)
  }

  @Test func theRingerArgumentsReadBackAsWritten() {
    let all: [AlertsProgram] = [
      .watch, .ringDue, .soundAlarm(id: 3, rang: 1_800_000_000.5, owed: 1_799_999_999),
      .execHook(timer: "tea", notifies: true, command: "echo -- done"),
    ]
    for ringer in all { #expect(AlertsProgram(arguments: ringer.arguments) == ringer) }
    #expect(AlertsProgram(arguments: ["--once", "extra"]) == nil)
    #expect(AlertsProgram(arguments: ["watch-alerts"]) == nil)
  }

  @Test func aTerminalWhoseSessionIsGoneOrWasReusedIsNotOurs() throws {
    // This process's own /proc entry stands in for a session leader.
    let me = getpid()
    let myStart = try #require(ProcessStat(pid: me)).startTime
    let devNull = TerminalIdentity(
      path: "/dev/null", device: 0x0103, session: me, leaderStart: myStart)
    #expect(!devNull.isStillOurs(), "the leader has no such terminal")
    let reused = TerminalIdentity(
      path: "/dev/null", device: 0x0103, session: me, leaderStart: myStart + 1)
    #expect(!reused.isStillOurs(), "another process with the leader's pid")
    let gone = TerminalIdentity(
      path: "/dev/null", device: 0x0103, session: Int32.max, leaderStart: 1)
    #expect(!gone.isStillOurs())
    let otherDevice = TerminalIdentity(
      path: "/dev/null", device: 0x8801, session: me, leaderStart: myStart)
    #expect(!otherDevice.isStillOurs(), "the path is now another device")
  }

  @Test func aRingerRingsInTheSessionTheLatestCommandSaw() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    let runtime = dir.file("run")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    let own = [
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "XDG_RUNTIME_DIR": runtime.path,
      "HOME": "/h",
    ]
    // Nothing saved, our bus gone, no runtime bus: ours stays (nothing better is known).
    #expect(
      SessionEnvironment.current(own: own, in: state)["DBUS_SESSION_BUS_ADDRESS"]
        == "unix:path=/nonexistent/bus")
    // The runtime folder's bus.
    _ = FileManager.default.createFile(
      atPath: runtime.appendingPathComponent("bus").path, contents: nil)
    #expect(
      SessionEnvironment.current(own: own, in: state)["DBUS_SESSION_BUS_ADDRESS"]
        == "unix:path=\(runtime.path)/bus")
    // A command in a session records it; one with no bus forgets nothing.
    SessionEnvironment.record(
      [
        "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x,guid=1", "DISPLAY": ":5",
        "TERM": "xterm",
      ], in: state)
    SessionEnvironment.record(["DISPLAY": ":6"], in: state)
    let now = SessionEnvironment.current(own: own, in: state)
    #expect(
      now["DBUS_SESSION_BUS_ADDRESS"] == "unix:abstract=/tmp/dbus-x,guid=1"
        && now["DISPLAY"] == ":6" && now["HOME"] == "/h")
    #expect(now["TERM"] == nil, "only the session's variables are kept")
  }

  @Test func theCheckupStartsARingerForWhatHasNoneAndSaysWhatWasLate() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    var started = 0
    let start: (TimerStore) -> AlertsProgramError? = { _ in
      started += 1
      return nil
    }
    #expect(AlertsCheckup.run(in: state, environment: [:], now: at(0), startWatcher: start).isEmpty)
    #expect(started == 0, "nothing pending: no process")
    try running("tea", endsIn: 60, store: TimerStore(directory: state))
    #expect(AlertsCheckup.run(in: state, environment: [:], now: at(0), startWatcher: start).isEmpty)
    #expect(started == 1, "a pending timer with no ringer gets one")
    let lines = AlertsCheckup.run(in: state, environment: [:], now: at(240), startWatcher: start)
    #expect(
      lines == [
        "timer 'tea' ended at \(ClockText.time(at(60), in: .local)), 3 min ago, with nothing to ring it: ringing it now"
      ])
    #expect(started == 2)
    Notices(directory: state).append(
      "warning: alarms.json is corrupt; moved it to alarms.json.corrupt-1")
    #expect(
      AlertsCheckup.run(
        in: state, environment: [:], now: at(240),
        startWatcher: { _ in .notInstalled("/x/clockwork-alerts") }) == [
          "warning: alarms.json is corrupt; moved it to alarms.json.corrupt-1",
          "timer 'tea' ended at \(ClockText.time(at(60), in: .local)), 3 min ago, with nothing to ring it: ringing it now",
          "/x/clockwork-alerts is missing (install clockwork-alerts beside clockwork): nothing rings with no window open",
        ])
  }
}
