import ClockworkState
import FoundationEssentials
import Glibc

/// An end taken from the store whose outcome could not be saved: a sequence's next phase on a
/// full disk, or anything on a folder that cannot be written (a read-only mount). The process
/// that took it keeps the claim and the timer: it rings what follows from memory and saves it
/// as soon as the disk lets it. Should that process die meanwhile, the next look at the timers
/// finds the end again, so nothing is lost (the end may ring twice).
///
/// ```swift
/// if let held = claimed.held, held.save(next) { … }   // saved: the claim is let go
/// ```
public final class HeldEnd: @unchecked Sendable {  // used by the one thread that took it
  /// How the end is held.
  enum Claim {
    /// Taken away (renamed to this file), under the claim's lock: put back with a link, which
    /// never replaces a timer started since.
    case taken(URL)
    /// Left in place, its own file locked (the folder cannot be written): saved over it while
    /// it is still that file.
    case inPlace(URL)
  }
  let store: TimerStore
  let lock: StateLock
  let claim: Claim
  /// Why it could not be saved.
  public let problem: String

  init(store: TimerStore, lock: StateLock, claim: Claim, problem: String) {
    self.store = store
    self.lock = lock
    self.claim = claim
    self.problem = problem
  }

  /// Saves `timer` (what follows now) unless a new timer of its name was started meanwhile;
  /// once it is on disk, or has been superseded, the claim is let go. Whether it was.
  public func save(_ timer: StoredTimer) -> Bool {
    switch claim {
    case .taken:
      guard store.putBack(timer) == nil else { return false }
    case .inPlace(let url):
      guard !lock.isStill(at: url) || store.save(timer) == nil else { return false }
    }
    release()
    return true
  }

  /// Lets the claim go (and a taken file with it): what it held is rung, or kept elsewhere.
  public func release() {
    if case .taken(let taken) = claim { unlink(taken.path) }
    withExtendedLifetime(lock) {}
  }
}
