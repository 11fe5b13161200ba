import ClockworkState
import FoundationEssentials
import Glibc

/// An end taken from the store whose sequence's next phase could not be saved (a full disk).
/// The process that took it keeps the claim (its lock and the taken file) and the phase: it
/// rings the phase from memory and saves it as soon as the disk lets it. Should that process
/// die meanwhile, the next look at the timers takes the end back from the file, so nothing is
/// lost (the end may ring twice).
///
/// ```swift
/// if let held = claimed.held, held.save(next) { … }   // saved: the claim is let go
/// ```
public final class HeldEnd: @unchecked Sendable {  // used by the one thread that took it
  let store: TimerStore
  let lock: StateLock
  let taken: URL
  /// Why it could not be saved.
  public let problem: String

  init(store: TimerStore, lock: StateLock, taken: URL, problem: String) {
    self.store = store
    self.lock = lock
    self.taken = taken
    self.problem = problem
  }

  /// Saves `timer` (what follows now) unless a new timer of its name was started meanwhile;
  /// once it is on disk, or has been superseded, the claim is let go. Whether it was.
  public func save(_ timer: StoredTimer) -> Bool {
    guard store.putBack(timer) == nil else { return false }
    release()
    return true
  }

  /// Lets the claim go, and the taken file with it: what it held is rung, or kept elsewhere.
  public func release() {
    unlink(taken.path)
    withExtendedLifetime(lock) {}
  }
}
