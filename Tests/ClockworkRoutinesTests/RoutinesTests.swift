import ClockworkCore
import ClockworkState
import ClockworkSystem
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkAlerts
@testable import ClockworkRoutines

/// Presets and the status line, on fixed wall times.
@Suite struct RoutinesTests {
  let t0 = 1_800_000_000.0
  func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: t0 + seconds) }

  func sequenceTimer(_ name: String, _ text: String, rounds: Int = 1, manual: Bool = false) throws
    -> StoredTimer
  {
    try .startedSequence(name, text, rounds: rounds, manual: manual, at: at(0))
  }

  @Test func aBadPresetIsNamedWithItsLineAndTheOthersWork() throws {
    let dir = try TemporaryDirectory()
    let presets = Presets(url: dir.file("presets.json"))
    try Data(
      """
      {
        "tea": { "duration": "4m" },
        "eggs": { "duration": "7 minutes please" },
        "focus": { "sequence": "work 50m, break 10m", "rounds": 3, "sound": false },
        "5m": { "duration": "5m" },
        "odd": { "duration": 5 }
      }
      """.utf8
    ).write(to: presets.url)
    let (found, problems) = presets.load()
    #expect(found.map(\.name) == ["focus", "tea"])
    #expect(found.first?.sequence?.rounds == 3 && found.first?.sound == "")
    #expect(problems.count == 3)
    #expect(
      problems.contains { $0.contains("line 3: preset 'eggs': cannot read duration") },
      "\(problems)")
    #expect(
      problems.contains { $0.contains("line 5: preset '5m': '5m' reads as a duration") },
      "\(problems)")
    #expect(problems.contains { $0.contains("line 6: preset 'odd': unreadable") }, "\(problems)")
    // Written back, the file would lose the entry it cannot read: it is named instead.
    let before = try Data(contentsOf: presets.url)
    #expect(throws: PresetError.self) {
      try presets.save(Preset(name: "tea", duration: .seconds(300)))
    }
    do { try presets.save(Preset(name: "tea", duration: .seconds(300))) } catch {
      #expect(
        error.description.contains("line 6: preset 'odd' cannot be read; fix or remove it first"),
        "\(error)")
    }
    #expect(try Data(contentsOf: presets.url) == before)
    let text = String(decoding: before, as: UTF8.self).replacingOccurrences(
      of: ",\n  \"odd\": { \"duration\": 5 }", with: "")
    try Data(text.utf8).write(to: presets.url)  // removed by hand
    try presets.save(Preset(name: "tea", duration: .seconds(300)))
    #expect(presets.named("tea")?.duration == .seconds(300))
    #expect(try presets.remove("tea") && !(try presets.remove("tea")))
    #expect(presets.load().presets.map(\.name) == ["focus"])
  }

  @Test func theStatusLineSaysWhatRunsAndWhenItChanges() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    #expect(Status.now(in: state, at: at(0)) == Status(items: []))
    #expect(Status.now(in: state, at: at(0)).nextChange == nil, "nothing runs: nothing to wake for")
    #expect(Status(items: []).render(.waybar) == #"{"class":"idle","text":"","tooltip":""}"#)
    let store = TimerStore(directory: state)
    #expect(store.save(try sequenceTimer("focus", "work 25m, break 5m", rounds: 4)) == nil)
    let status = Status.now(in: state, at: at(60.3))
    #expect(status.line == "focus work 1/4 24:00")
    #expect(status.nextChange == at(61), "the next whole second of what is shown")
    let waybar = status.render(.waybar)
    let object = try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any]
    #expect(object?["text"] as? String == "focus work 1/4 24:00")
    #expect(object?["class"] as? String == "timer" && object?["percentage"] as? Int == 4)
    #expect((object?["tooltip"] as? String)?.contains("24:00 left of 25:00") == true)
    var long = try sequenceTimer("long", "a 3h")
    (long.endsAt, long.sequence, long.step) = (t0 + 3 * 3600, nil, nil)
    #expect(store.save(long) == nil)
    let both = Status.now(in: state, at: at(0.5))
    #expect(
      both.items.map(\.text) == ["focus work 1/4 25:00", "long 3h 00m"], "a countdown rounds up")
    #expect(Status.item(long, now: at(30)).changes == at(60), "to the minute: the next minute")
    #expect(both.render(.i3blocks) == "focus work 1/4 25:00 · long 3h 00m\nfocus work 1/4 25:00")
  }

  /// What a script reads without parsing text: each item's name, seconds left or counted, its
  /// end, and what a panel's click and scroll run; named stopwatches each have an item.
  @Test func theJSONStatusCarriesNamesNumbersEndsAndActions() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    #expect(TimerStore(directory: state).save(try sequenceTimer("focus", "work 25m")) == nil)
    let now = ContinuousClock.now
    var running = Stopwatch<ContinuousClock.Instant>()
    try running.start(at: now.advanced(by: .seconds(-90)))
    for name in ["b", "a"] {
      try StopwatchStore(directory: state, name: name).file.save(
        StoredStopwatch(running, at: now, wallNow: at(0), started: at(-90), name: name))
    }
    let status = Status.now(in: state, at: at(60.25))
    #expect(status.line == "focus work 1/1 24:00 · stopwatch a 2:30 · stopwatch b 2:30")
    let json = try JSONSerialization.jsonObject(with: Data(status.render(.json).utf8))
    let items = try #require((json as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items.map { $0["name"] as? String } == ["focus", "a", "b"])
    #expect(items[0]["remaining"] as? Double == 1439.75)
    #expect(items[1]["elapsed"] as? Double == 150.25 && items[1]["remaining"] == nil)
    let ends = try #require(items[0]["endsAt"] as? String)
    #expect(try Date(ends, strategy: .iso8601) == at(1500))
    let actions = try #require(items[0]["actions"] as? [String: String])
    #expect(actions["click"] == "clockwork timer --toggle --name focus")
    #expect(actions["scrollUp"] == "clockwork timer --add 1m --name focus")
    #expect(actions["scrollDown"] == "clockwork timer --subtract 1m --name focus")
    #expect(StopwatchStore.all(in: state).map(\.name) == [nil, "a", "b"])
  }

  /// The JSON form says whether the system clock is synchronised and how far off it may be
  /// (adjtimex, read by the command); the reading is said in words as a person reads it.
  @Test func theJSONStatusSaysWhetherTheClockIsSynchronised() throws {
    let synced = ClockSync(synchronized: true, maxErrorMs: 12.5, estimatedErrorMs: 0.43)
    let json = try JSONSerialization.jsonObject(
      with: Data(Status(items: [], clock: synced).render(.json).utf8))
    let clock = try #require((json as? [String: Any])?["clock"] as? [String: Any])
    #expect(clock["synchronized"] as? Bool == true)
    #expect(clock["maxErrorMs"] as? Double == 12.5 && clock["estimatedErrorMs"] as? Double == 0.43)
    #expect(!Status(items: []).render(.json).contains("clock"), "not said when not read")
    #expect(synced.summary == "synced ±0.4 ms")
    #expect(
      ClockSync(synchronized: true, maxErrorMs: 40, estimatedErrorMs: 12.6).summary
        == "synced ±13 ms")
    #expect(
      ClockSync(synchronized: false, maxErrorMs: 16000, estimatedErrorMs: 0).summary
        == "not synchronised")
    #expect(ClockSync.read() != nil, "the kernel answers anyone")
  }

  /// A timer counting on past its end stays on the line, `+m:ss`, with a negative `remaining`
  /// and a click that ends it; without `overtime` a rung timer leaves the line.
  @Test func aTimerInOvertimeStaysOnTheLineCountingOn() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    let store = TimerStore(directory: state)
    var timer = try sequenceTimer("eggs", "boil 2m")
    (timer.sequence, timer.step, timer.overtime) = (nil, nil, true)
    #expect(store.save(timer) == nil)
    #expect(timer.overtime(atWall: at(119)) == nil, "not before its end")
    #expect(store.claimEnd("eggs", now: at(121)) != nil)
    let status = Status.now(in: state, at: at(162.5))
    #expect(status.line == "eggs +0:42")
    #expect(status.nextChange == at(163))
    #expect(status.items[0].remaining == -42.5)
    #expect(status.items[0].actions == [.click: "clockwork timer --cancel --name eggs"])
    #expect(status.render(.waybar).contains(#""class":"overtime""#))
    timer.overtime = nil
    #expect(store.save(timer) == nil)
    #expect(store.claimEnd("eggs", now: at(121)) != nil)
    #expect(Status.now(in: state, at: at(162.5)).items.isEmpty)
  }

  /// A manual sequence's next phase waits, and says what starts it; an alarm in another zone
  /// says which; a stopwatch stopped at 0:00 is not shown.
  @Test func theStatusLineSaysWhatWaitsWhichZoneAndLeavesAnEmptyStopwatchOut() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    let store = TimerStore(directory: state)
    #expect(store.save(try sequenceTimer("focus", "work 2s, break 3s", manual: true)) == nil)
    _ = store.claimEnd("focus", now: at(2))
    let waiting = Status.now(in: state, at: at(4))
    #expect(waiting.line == "focus break 1/1 0:03 (waiting)")
    #expect(
      waiting.items[0].detail.hasSuffix(
        "`clockwork timer --name focus --next` (or n in its window) starts it"))
    let alarm = StoredAlarm(
      id: 1, schedule: AlarmSchedule(hour: 7, minute: 0), label: "run",
      zone: Zone.local.description == "Asia/Tokyo" ? "Europe/Paris" : "Asia/Tokyo", created: at(0))
    try AlarmStore(directory: state).update(now: at(0)) { $0 = [alarm] }
    #expect(
      Status.now(in: state, at: at(4)).items.last?.text == "alarm 07:00 run (\(alarm.zone ?? ""))")
    let stopped = StoredStopwatch(
      Stopwatch(), at: ContinuousClock.now, wallNow: at(0), started: at(0))
    try StopwatchStore(directory: state).file.save(stopped)
    #expect(!Status.now(in: state, at: at(4)).items.contains { $0.kind == .stopwatch })
  }

  /// An alarm owed already (its watcher gone) is shown until it is rung, which changes the
  /// folder: there is no time to wake for, so a follower sleeps instead of waking at once, always.
  @Test func anAlarmOwedAlreadyGivesNoTimeToWakeFor() throws {
    let dir = try TemporaryDirectory()
    let state = StateDirectory(url: dir.url)
    let alarm = StoredAlarm(
      id: 1, schedule: AlarmSchedule(hour: 7, minute: 0), label: nil, zone: "UTC",
      created: at(-2 * 86_400))
    try AlarmStore(directory: state).update(now: at(0)) { $0 = [alarm] }
    let owed = try #require(alarm.owed)
    #expect(owed < at(0))
    let status = Status.now(in: state, at: at(0))
    #expect(status.line == "alarm 07:00")
    #expect(status.nextChange == nil)
    #expect(Status.now(in: state, at: owed.addingTimeInterval(-60)).nextChange == owed)
  }
}
