import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkModes

/// Archiving and the history's export, on a state folder of each test's own.
@Suite final class StopwatchHistoryTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "clockwork-history-\(UUID().uuidString)")
  var environment: [String: String] { ["XDG_STATE_HOME": folder.path] }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// A store whose current stopwatch started at wall time `start` and has these laps (seconds).
  func storeWithStopwatch(
    startedAt start: Date, laps: [Double], running: Bool, stoppedAt stop: Double? = nil
  ) throws -> StopwatchStore {
    let store = StopwatchStore(environment: environment)
    let clock = ContinuousClock()
    let origin = clock.now
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: origin)
    for lap in laps { _ = try watch.lap(at: origin.advanced(by: .seconds(lap))) }
    let last = origin.advanced(by: .seconds(stop ?? laps.last ?? 0))
    if !running { try watch.pause(at: last) }
    store.started = start
    store.save(watch, at: last, wallNow: start.addingTimeInterval(stop ?? laps.last ?? 0))
    return store
  }

  /// Started and stopped at once, with no laps (a plain run given no input), it is no session.
  @Test func aStopwatchOfNothingIsNotKeptInTheHistory() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let empty = try storeWithStopwatch(startedAt: start, laps: [], running: false)
    #expect(try empty.archive(wallNow: start.addingTimeInterval(5)) == nil)
    #expect(empty.history().isEmpty)
    #expect(empty.file.load().value == nil, "and it is gone: the next starts afresh")
    let lapped = try storeWithStopwatch(startedAt: start, laps: [0.5], running: false)
    #expect(try lapped.archive(wallNow: start.addingTimeInterval(6)) == nil)
    #expect(lapped.history().count == 1, "a lap is something")
  }

  @Test func aRunningStopwatchEndsWhenArchivedAndTwoInOneSecondAreBothKept() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let archivedAt = start.addingTimeInterval(10)
    let first = try storeWithStopwatch(startedAt: start, laps: [1, 3], running: true)
    #expect(try first.archive(wallNow: archivedAt) == nil)
    let second = try storeWithStopwatch(startedAt: start, laps: [2], running: false)
    #expect(try second.archive(wallNow: archivedAt.addingTimeInterval(0.5)) == nil)
    let archived = second.history()
    #expect(
      archived.map(\.url.lastPathComponent) == [
        "stopwatch-1800000010.json", "stopwatch-1800000010-2.json",
      ])
    #expect(!FileManager.default.fileExists(atPath: second.file.url.path))
    let sessions = StopwatchHistory.sessions(archived)
    // The running one counted until it was archived, and stays at that.
    #expect(sessions.map(\.total) == [.seconds(10), .seconds(2)])
    #expect(sessions.map { $0.laps.map(\.number) } == [[1, 2], [1]])
    #expect(sessions[0].ended == archivedAt)
  }

  @Test func anUnreadableCurrentFileIsSetAsideWithAWarningNotArchived() throws {
    let store = StopwatchStore(environment: environment)
    try FileManager.default.createDirectory(
      at: store.file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"version\": 1, \"val".utf8).write(to: store.file.url)
    let warning = try #require(try store.archive())
    #expect(warning.contains("is corrupt or truncated"))
    #expect(store.history().isEmpty)
  }

  @Test func historyExportsEverySession() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    _ = try storeWithStopwatch(startedAt: start, laps: [1, 2.5, 3, 5], running: false).archive(
      wallNow: start.addingTimeInterval(60))
    _ = try storeWithStopwatch(
      startedAt: start.addingTimeInterval(120), laps: [], running: false, stoppedAt: 3
    ).archive(wallNow: start.addingTimeInterval(180))
    let sessions = StopwatchHistory.sessions(StopwatchStore(environment: environment).history())

    let csv = LapExport.contents(sessions, zone: .utc, format: .csv).split(separator: "\n")
    #expect(csv.first == "session,started,ended,lap,split_seconds,total_seconds,split,total,mark")
    // The session without laps has no rows.
    #expect(
      csv.dropFirst() == [
        "1,2027-01-15T08:00:00+00:00,2027-01-15T08:01:00+00:00,1,1.000,1.000,00:01.00,00:01.00,",
        "1,2027-01-15T08:00:00+00:00,2027-01-15T08:01:00+00:00,2,1.500,2.500,00:01.50,00:02.50,",
        "1,2027-01-15T08:00:00+00:00,2027-01-15T08:01:00+00:00,3,0.500,3.000,00:00.50,00:03.00,best",
        "1,2027-01-15T08:00:00+00:00,2027-01-15T08:01:00+00:00,4,2.000,5.000,00:02.00,00:05.00,worst",
      ])

    let json = try JSONSerialization.jsonObject(
      with: Data(LapExport.contents(sessions, zone: .utc, format: .json).utf8))
    let list = try #require((json as? [String: Any])?["sessions"] as? [[String: Any]])
    #expect(list.map { $0["session"] as? Int } == [1, 2])
    #expect(list.map { $0["total_seconds"] as? Double } == [5, 3])
    #expect(list.map { ($0["laps"] as? [Any])?.count } == [4, 0])
    #expect(list[1]["started"] as? String == "2027-01-15T08:02:00+00:00")
  }
}
