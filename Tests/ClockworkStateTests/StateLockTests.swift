import ClockworkTestSupport
import Foundation
import Glibc
import Testing

@testable import ClockworkState

/// A look (``StateLock/isHeld(_:)``'s shared lock, let go at once) is not a holder: a taker
/// that meets one waits it out instead of leaving as if another process held the lock.
@Suite struct StateLockTests {
  /// The lock file opened as another process's look would open it, with `operation` on it.
  func look(at url: URL, _ operation: Int32 = LOCK_SH) throws -> Int32 {
    let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(fd >= 0 && flock(fd, operation | LOCK_NB) == 0)
    return fd
  }

  @Test func aTakerWaitsOutALook() throws {
    let dir = try TemporaryDirectory()
    let url = dir.file("watcher.lock")
    let looker = try look(at: url)
    defer { close(looker) }
    #expect(!StateLock.isHeld(url), "a look beside a look is not a holder")
    var pauses = 0
    let outcome = StateLock.acquire(url, waiting: false) {
      pauses += 1
      flock(looker, LOCK_UN)  // the look ends
    }
    guard case .acquired(let lock) = outcome else {
      Issue.record("a look made the taker give up: \(outcome)")
      return
    }
    withExtendedLifetime(lock) {
      #expect(pauses == 1)
      #expect(flock(looker, LOCK_SH | LOCK_NB) != 0, "held for itself once taken")
    }
  }

  /// A holder (another process's exclusive lock) is not waited for; a look that does not end
  /// is waited out a bounded number of times, then given up on.
  @Test(arguments: [(LOCK_EX, 0), (LOCK_SH, StateLock.triesPastLookers + 1)])
  func aTakerGivesUpOn(other: Int32, afterPauses expected: Int) throws {
    let dir = try TemporaryDirectory()
    let url = dir.file("watcher.lock")
    let held = try look(at: url, other)
    defer { close(held) }
    var pauses = 0
    let outcome = StateLock.acquire(url, waiting: false) { pauses += 1 }
    guard case .heldBy = outcome else {
      Issue.record("taken while another held it: \(outcome)")
      return
    }
    #expect(pauses == expected)
  }
}
