import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct StateFileTests {
  struct Sample: StoredState, Hashable {
    var text: String
    func problem() -> String? { text.isEmpty ? "text is empty" : nil }
  }

  @Test func savesAtomicallyAndLoadsBack() throws {
    let dir = try TemporaryDirectory()
    let file = StateFile<Sample>(url: dir.file("state/sample.json"))
    try file.save(Sample(text: "one"))
    try file.save(Sample(text: "two"))
    #expect(file.load().value == Sample(text: "two"))
    #expect(file.load().warning == nil)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.file("state").path) == ["sample.json"]
    )  // no temporary left
    let json = try String(contentsOf: dir.file("state/sample.json"), encoding: .utf8)
    #expect(json.contains("\"version\" : 1"))
  }

  @Test func missingFileIsNoStateAndNoWarning() throws {
    let dir = try TemporaryDirectory()
    let loaded = StateFile<Sample>(url: dir.file("none.json")).load()
    #expect(loaded.value == nil && loaded.warning == nil)
  }

  /// Another process may remove a state file at any moment (a timer stopped, its watcher
  /// done): one that is gone by the time it is read is none, never a file "that cannot be read".
  @Test func aFileRemovedWhileItIsLoadedIsNoStateAndNoWarning() throws {
    let dir = try TemporaryDirectory()
    let file = StateFile<Sample>(url: dir.file("sample.json"))
    let stop = Atomic(false)
    let stopped = DispatchSemaphore(value: 0)
    let remover = Thread {
      while !stop.load(ordering: .relaxed) {
        try? file.save(Sample(text: "here"))
        unlink(file.path)
      }
      stopped.signal()
    }
    remover.start()
    defer {  // the remover ends before its folder is removed
      stop.store(true, ordering: .relaxed)
      stopped.wait()
    }
    var warnings: [String] = []
    for _ in 0..<50_000 {  // a look, then a read, warned 22–53 times in 200,000
      let loaded = file.load()
      if let warning = loaded.warning { warnings.append(warning) }
      if let value = loaded.value { #expect(value == Sample(text: "here")) }
    }
    #expect(warnings.count == 0, "the first: \(warnings.first ?? "")")
  }

  @Test(arguments: [
    ("garbage", "is corrupt or truncated"),
    (#"{"version": 1, "value": {"te"#, "is corrupt or truncated"),
    (#"{"version": 1, "value": {"number": 3}}"#, "is corrupt"),
    (
      #"{"version": 9, "value": {"text": "from the future"}}"#,
      "was written by a newer Clockwork (format 9"
    ),
  ])
  func badFilesAreMovedAsideWithAWarning(contents: String, reason: String) throws {
    let dir = try TemporaryDirectory()
    try Data(contents.utf8).write(to: dir.file("sample.json"))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let loaded = StateFile<Sample>(url: dir.file("sample.json")).load(now: now)
    #expect(loaded.value == nil)
    #expect(loaded.warning?.contains(reason) == true, "\(loaded.warning ?? "")")
    #expect(loaded.warning?.contains("sample.json.corrupt-1800000000") == true)
    #expect(try dir.contents() == ["sample.json.corrupt-1800000000"])
    #expect(
      try String(contentsOf: dir.file("sample.json.corrupt-1800000000"), encoding: .utf8)
        == contents)  // nothing lost
  }

  @Test func filesSetAsideInOneSecondNeverOverwriteEachOther() throws {
    let dir = try TemporaryDirectory()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    for bad in ["one", "two", "three"] {
      try Data(bad.utf8).write(to: dir.file("sample.json"))
      #expect(StateFile<Sample>(url: dir.file("sample.json")).load(now: now).value == nil)
    }
    let aside = "sample.json.corrupt-1800000000"
    #expect(try dir.contents() == [aside, aside + "-2", aside + "-3"])
    #expect(try String(contentsOf: dir.file(aside), encoding: .utf8) == "one")
    #expect(try String(contentsOf: dir.file(aside + "-3"), encoding: .utf8) == "three")
  }

  @Test func aValueThatMakesNoSenseIsSetAsideNamingTheProblem() throws {
    let dir = try TemporaryDirectory()
    try Data(#"{"version": 1, "value": {"text": ""}}"#.utf8).write(to: dir.file("sample.json"))
    let loaded = StateFile<Sample>(url: dir.file("sample.json")).load(
      now: Date(timeIntervalSince1970: 7))
    #expect(loaded.value == nil)
    #expect(
      loaded.warning?.contains("is corrupt (text is empty)") == true, "\(loaded.warning ?? "")")
  }

  /// Read whole, however long: more than a first read's worth.
  @Test func aLongFileIsReadWhole() throws {
    let dir = try TemporaryDirectory()
    let file = StateFile<Sample>(path: dir.file("sample.json").path)
    let long = Sample(text: String(repeating: "0123456789", count: 2_000))
    try file.save(long)
    #expect(file.load().value == long)
  }

  @Test func unreadableFileIsMovedAside() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: dir.file("sample.json"), withIntermediateDirectories: true)
    let loaded = StateFile<Sample>(url: dir.file("sample.json")).load(
      now: Date(timeIntervalSince1970: 5))
    #expect(loaded.value == nil)
    #expect(loaded.warning?.contains("cannot be read") == true)
    #expect(try dir.contents() == ["sample.json.corrupt-5"])
  }

  @Test func unwritableFolderIsAnErrorNotACrash() throws {
    let file = StateFile<Sample>(
      url: URL(fileURLWithPath: "/proc/clockwork-cannot-write-here/sample.json"))
    #expect(throws: StateError.self) { try file.save(Sample(text: "x")) }
  }

  @Test func theLockHoldsUntilReleased() throws {
    let dir = try TemporaryDirectory()
    /// Takes the lock and checks that a second taker is refused; the lock goes with the call.
    func holdAndCheck() {
      guard case .acquired(let lock) = StateLock.acquire(dir.file("x.lock")) else {
        Issue.record("acquire failed")
        return
      }
      withExtendedLifetime(lock) {
        guard case .heldBy(let pid) = StateLock.acquire(dir.file("x.lock")) else {
          Issue.record("a second taker should find the lock held")
          return
        }
        #expect(pid == getpid())
      }
    }
    holdAndCheck()
    holdAndCheck()  // released when the first holder went away
  }

  @Test func stateDirectoryFollowsXDG() {
    #expect(
      StateDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]).url.path
        == "/x/state/clockwork")
    #expect(
      StateDirectory(environment: ["HOME": "/home/a"]).url.path == "/home/a/.local/state/clockwork")
    #expect(
      StateDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]).url.path
        == "/home/a/.local/state/clockwork")
  }
}

@Suite struct StoredTimeTests {
  let clock = ContinuousClock()

  func watch(running: Bool) throws -> (Stopwatch<ContinuousClock.Instant>, ContinuousClock.Instant)
  {
    let start = clock.now
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: start)
    try watch.lap(at: start.advanced(by: .seconds(3)))
    try watch.lap(at: start.advanced(by: .seconds(5)))
    let now = start.advanced(by: .seconds(8))
    if !running { try watch.pause(at: now) }
    return (watch, now)
  }

  @Test func runningStopwatchKeepsCountingWhileClosed() throws {
    let (watch, now) = try watch(running: true)
    let savedAt = Date(timeIntervalSince1970: 1_000)
    let stored = StoredStopwatch(watch, at: now, wallNow: savedAt, started: savedAt)
    let data = try JSONEncoder().encode(stored)
    let loaded = try JSONDecoder().decode(StoredStopwatch.self, from: data)
    // A new process, 60 s of wall time later, on a continuous clock of its own.
    let later = clock.now
    let (restored, note) = loaded.restored(at: later, wallNow: savedAt.addingTimeInterval(60))
    #expect(note == nil)
    #expect(restored.elapsed(at: later) == .seconds(68))
    #expect(restored.elapsed(at: later.advanced(by: .seconds(2))) == .seconds(70))
    #expect(restored.laps.map(\.total) == [.seconds(3), .seconds(5)])
    #expect(restored.phase == .running)
  }

  @Test func aSavedStopwatchReadsAsItDidBeforeItWasSaved() throws {
    // 5.8596 s reads 00:05.85; kept as 5.8596 and read back rounded to 5.860 s, it read 00:05.86.
    let start = clock.now
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: start)
    try watch.lap(at: start.advanced(by: .microseconds(2_999_600)))
    try watch.pause(at: start.advanced(by: .microseconds(5_859_600)))
    let now = start.advanced(by: .seconds(10))
    let stored = StoredStopwatch(
      watch, at: now, wallNow: Date(timeIntervalSince1970: 1_000), started: nil)
    let decoded = try JSONDecoder().decode(StoredStopwatch.self, from: JSONEncoder().encode(stored))
    let (restored, _) = decoded.restored(at: now, wallNow: Date(timeIntervalSince1970: 2_000))
    #expect(
      StopwatchFormat.string(restored.elapsed(at: now))
        == StopwatchFormat.string(watch.elapsed(at: now)))
    #expect(StopwatchFormat.string(restored.elapsed(at: now)) == "00:05.85")
    #expect(restored.laps.map { StopwatchFormat.string($0.split) } == ["00:02.99"])
  }

  @Test func pausedStopwatchIsAsItWas() throws {
    let (watch, now) = try watch(running: false)
    let stored = StoredStopwatch(
      watch, at: now, wallNow: Date(timeIntervalSince1970: 1_000), started: nil)
    let (restored, _) = stored.restored(at: clock.now, wallNow: Date(timeIntervalSince1970: 99_999))
    #expect(restored.phase == .paused)
    #expect(restored.elapsed(at: clock.now) == .seconds(8))
  }

  @Test func wallClockMovedBackwardsNeverShrinksTheTime() throws {
    let (watch, now) = try watch(running: true)
    let stored = StoredStopwatch(
      watch, at: now, wallNow: Date(timeIntervalSince1970: 1_000), started: nil)
    let later = clock.now
    let (restored, note) = stored.restored(at: later, wallNow: Date(timeIntervalSince1970: 700))
    #expect(restored.elapsed(at: later) == .seconds(8))  // the last known value
    #expect(note?.contains("moved back 5 min") == true, "\(note ?? "")")
    // and it goes on from there
    #expect(restored.elapsed(at: later.advanced(by: .seconds(1))) == .seconds(9))
  }
}

/// Stored numbers out of range or without sense, as an edited or damaged file holds them: each
/// file is set aside with a warning naming the field, and nothing traps.
@Suite struct ImpossibleStoredValuesTests {
  static func stopwatch(
    elapsed: String = "12.5", anchor: String = "1800000000", laps: String = "[]"
  ) -> String {
    #"{"version": 1, "value": {"phase": "running", "elapsed": \#(elapsed), "anchor": \#(anchor), "laps": \#(laps)}}"#
  }

  @Test(arguments: [
    (stopwatch(elapsed: "1e16"), "elapsed is out of range"),
    (stopwatch(elapsed: "-5"), "elapsed is negative"),
    (stopwatch(elapsed: "1e308"), "elapsed is out of range"),
    (stopwatch(anchor: "1e308"), "anchor is out of range"),
    (stopwatch(anchor: "-1e308"), "anchor is out of range"),
    (stopwatch(laps: #"[{"number": 1, "split": -2, "total": -2}]"#), "lap 1's split is negative"),
    (
      stopwatch(laps: #"[{"number": 1, "split": 1e300, "total": 1e300}]"#),
      "lap 1's split is out of range"
    ),
    (
      stopwatch(
        laps: #"[{"number": 1, "split": 5, "total": 5}, {"number": 2, "split": 1, "total": 3}]"#),
      "lap 2's total is less"
    ),
    (stopwatch(laps: #"[{"number": 4, "split": 5, "total": 5}]"#), "lap 1 is numbered 4"),
  ])
  func aStopwatchFile(contents: String, problem: String) throws {
    let dir = try TemporaryDirectory()
    let store = StopwatchStore(directory: StateDirectory(url: dir.url))
    try Data(contents.utf8).write(to: store.file.url)
    let (watch, notes) = store.resume(
      at: ContinuousClock().now, wallNow: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(watch.phase == .idle)
    #expect(notes.count == 1 && notes[0].contains(problem), "\(notes)")
    #expect(try dir.contents().contains { $0.hasPrefix("stopwatch.json.corrupt-") })
    // --new has nothing to archive
    #expect(try store.archive(wallNow: Date(timeIntervalSince1970: 1_800_000_100)) == nil)
    #expect(store.history().isEmpty)
  }

  @Test func restoringNeverTrapsEvenOnAValueNotChecked() {
    var stored = StoredStopwatch(
      Stopwatch(), at: ContinuousClock().now, wallNow: Date(timeIntervalSince1970: 0), started: nil)
    stored.phase = .paused
    stored.elapsed = 1e300
    let now = ContinuousClock().now
    let (watch, _) = stored.restored(at: now, wallNow: Date(timeIntervalSince1970: 0))
    // clamped, not trapped
    #expect(watch.elapsed(at: now) == .milliseconds(9_000_000_000_000_000_000))
  }
}
