import ClockworkCore
import ClockworkState
import ClockworkSystem
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
  let exec: String?
  let tty: TerminalIdentity?
  let sound: String?
  /// The last save failed (read-only or full disk): the app says so and keeps running.
  public private(set) var saveError: String?
  /// Held while this process shows the timer: the alert watcher leaves its end to us.
  let viewing: StateLock?

  public init(store: TimerStore, name: String, exec: String? = nil, tty: TerminalIdentity? = nil, sound: String? = nil) {
    self.store = store
    self.name = name
    self.exec = exec
    self.tty = tty
    self.sound = sound
    if case .acquired(let lock) = StateLock.acquire(store.viewLock(name)) { viewing = lock } else { viewing = nil }
  }

  /// Called after each save (with whether the timer runs) and after it is forgotten (false):
  /// what rings it if this process goes away is told.
  public var whenSaved: (_ running: Bool) -> Void = { _ in }

  public func save(_ countdown: Countdown<ContinuousClock.Instant>, at now: ContinuousClock.Instant, wallNow: Date) {
    saveError = store.save(StoredTimer(countdown, name: name, at: now, wallNow: wallNow, exec: exec, tty: tty, sound: sound))
    if saveError == nil { whenSaved(countdown.isRunning) }
  }

  /// At the end: whether this process rings it. The one that takes it from the store does (the
  /// alert watcher may have, if this process was stopped past the end); an unsaved timer is
  /// this process's alone.
  public func claimEnd(wallNow: Date) -> Bool {
    if saveError != nil { return true }
    return store.claimEnd(name, now: wallNow.addingTimeInterval(1)) != nil  // our clock says it is over: a hair of wall-clock difference is not a reason to stay quiet
  }

  /// Forgets the timer; a failure is kept in ``saveError`` (a finished timer left on disk is
  /// listed as finished, never rung twice).
  public func finished() {
    do { try store.remove(name) } catch { saveError = "state could not be removed (\(error.problem))" }
    whenSaved(false)
  }
}
