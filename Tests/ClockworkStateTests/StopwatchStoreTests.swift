import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

/// The stopwatch's policy: one owner at a time, the others read-only and writing nothing.
@Suite struct StopwatchStoreTests {
  @Test func aSecondStoreOfTheSameFolderIsReadOnlyAndWritesNothing() throws {
    let dir = try TemporaryDirectory()
    let folder = StateDirectory(url: dir.url)
    let owner = StopwatchStore(directory: folder)
    #expect(owner.claim(take: false) == .owned)
    #expect(!owner.readOnly)
    let clock = ContinuousClock()
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: clock.now)
    owner.save(watch, at: clock.now, wallNow: Date(timeIntervalSince1970: 1_800_000_000))

    let viewer = StopwatchStore(directory: folder)
    #expect(viewer.claim(take: false) == .readOnly(owner: getpid()))
    #expect(viewer.readOnly)
    let before = try Data(contentsOf: owner.file.url)
    viewer.save(Stopwatch(), at: clock.now, wallNow: Date(timeIntervalSince1970: 1_800_000_001))
    #expect(try Data(contentsOf: owner.file.url) == before)

    // The viewer follows the owner's file.
    let (followed, _) = viewer.resume(
      at: clock.now, wallNow: Date(timeIntervalSince1970: 1_800_000_005))
    #expect(followed.phase == .running)
    #expect(followed.elapsed(at: clock.now) >= .seconds(5))
  }

  @Test func theLockIsFreedWithItsOwner() throws {
    let dir = try TemporaryDirectory()
    let folder = StateDirectory(url: dir.url)
    do {
      let owner = StopwatchStore(directory: folder)
      #expect(owner.claim(take: false) == .owned)
    }
    let next = StopwatchStore(directory: folder)
    #expect(next.claim(take: false) == .owned)
    #expect(!next.readOnly)
  }

  @Test func aFailedSaveIsRememberedNotThrown() throws {
    let dir = try TemporaryDirectory()
    let blocker = dir.file("not-a-folder")
    try Data().write(to: blocker)
    let store = StopwatchStore(directory: StateDirectory(url: blocker))
    store.save(Stopwatch(), at: ContinuousClock().now, wallNow: Date())
    #expect(store.saveError?.hasPrefix("state could not be saved") == true)
  }
}
