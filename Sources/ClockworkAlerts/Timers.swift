import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// Named timers: starting, returning to, listing and cancelling them, and who rings each if its
/// window goes (the user's systemd manager where one runs, else the watcher). The one place
/// their rules live; a command parses, then calls one of these.
///
/// ```swift
/// let timers = Timers()
/// try timers.checkFree("tea", replacing: false)
/// let persistence = timers.persistence("tea", exec: nil, sound: nil)
/// ```
public struct Timers: Sendable {
  public let store: TimerStore

  public init(store: TimerStore = TimerStore()) { self.store = store }

  /// A saved timer to return to.
  public enum Saved: Sendable {
    /// Running or paused: shown again from where it is.
    case resumable(StoredTimer)
    /// Over (rung, or its end passed): said as such.
    case finished(StoredTimer)
  }

  /// The timer `name` as saved, and a warning when its file had to be set aside.
  public func saved(_ name: String, now: Date = Date()) throws(AlertsError) -> (timer: Saved, warning: String?) {
    let (timer, warning) = store.file(name).load(now: now)
    guard let timer else { throw .noSuchTimer(name) }
    return (timer.isFinished(atWall: now) ? .finished(timer) : .resumable(timer), warning)
  }

  /// Throws when a timer of that name is running or paused, unless it is to be replaced; a
  /// finished one is replaced by a new start.
  public func checkFree(_ name: String, replacing: Bool, now: Date = Date()) throws(AlertsError) {
    guard !replacing, let timer = store.file(name).load(now: now).value, !timer.isFinished(atWall: now) else { return }
    throw .timerRunning(name: name, secondsLeft: timer.remaining(atWall: now), paused: timer.endsAt == nil)
  }

  /// Saves a timer of this run on each change (with the terminal and session it runs in), and
  /// has it rung if the run goes away.
  public func persistence(_ name: String, exec: String?, sound: String?) -> TimerPersistence {
    let persistence = TimerPersistence(store: store, name: name, exec: exec, tty: TerminalIdentity.current(), sound: sound)
    persistence.whenSaved = TimerUnits.ringer(for: name, store: store)
    return persistence
  }

  /// Removes a timer, running, paused or finished, and what would have rung it.
  public func cancel(_ name: String) throws(AlertsError) -> StoredTimer {
    guard let timer = store.file(name).load().value else { throw .noSuchTimer(name) }
    do { try store.remove(name) } catch { throw .cannotSave("\(error)") }
    if timer.isPending { TimerUnits.ringer(for: name, store: store)(false) }  // its systemd unit, if it has one, goes too
    return timer
  }

  /// Every saved timer, with warnings for files set aside.
  public func list(now: Date = Date()) -> (timers: [StoredTimer], warnings: [String]) { store.all(now: now) }
}
