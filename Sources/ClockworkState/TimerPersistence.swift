import ClockworkCore
import FoundationEssentials

/// Saves a running timer on every change and forgets it once it has finished and rung.
///
/// ```swift
/// let persistence = TimerPersistence(store: TimerStore(), name: "tea")
/// persistence.save(countdown, at: clock.now, wallNow: Date())
/// ```
public final class TimerPersistence {
  public let store: TimerStore
  public let name: String
  /// The last save failed (read-only or full disk): the app says so and keeps running.
  public private(set) var saveError: String?

  public init(store: TimerStore, name: String) {
    self.store = store
    self.name = name
  }

  public func save(_ countdown: Countdown<ContinuousClock.Instant>, at now: ContinuousClock.Instant, wallNow: Date) {
    saveError = store.save(StoredTimer(countdown, name: name, at: now, wallNow: wallNow))
  }

  /// Forgets the timer; a failure is kept in ``saveError`` (a finished timer left on disk is
  /// listed as finished, never rung twice).
  public func finished() {
    do { try store.remove(name) } catch { saveError = "state could not be removed (\(error.problem))" }
  }
}
