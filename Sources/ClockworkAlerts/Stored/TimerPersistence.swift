import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// Saves a running timer on every change and forgets it once it has finished and rung.
///
/// ```swift
/// let persistence = TimerPersistence(store: TimerStore(), name: "tea")
/// persistence.save(countdown, at: clock.now, wallNow: Date())
/// ```
public final class TimerPersistence {
  /// Where the timer is kept.
  public let store: TimerStore
  /// The timer's name.
  public let name: String
  let exec: String?
  let tty: TerminalIdentity?
  let sound: String?
  /// The last save failed (read-only or full disk): the app says so and keeps running.
  public private(set) var saveError: String?
  /// Held while this process shows the timer: the alert watcher leaves its end to us.
  let viewing: StateLock?
  /// A phase end taken whose next phase could not be saved: this run keeps it until a save
  /// goes through.
  var held: HeldEnd?
  /// The sequence it runs, and the phase it is at.
  public let sequence: PhaseSequence?
  /// The phase of the sequence it is at, from 0.
  public private(set) var step: Int
  /// The next phase waits to be started instead of starting by itself.
  public let manual: Bool
  /// Once rung, it counts on past zero until cancelled (`--overtime`).
  public let overtime: Bool
  /// A notification shows it while it runs (`--notify-running`).
  public let notifiesRunning: Bool
  /// When the timer, or its phase, started (the first save, unless given).
  public private(set) var started: Date?
  /// The file as this process last saved or read it (device and inode: each save is a new
  /// file renamed into place), to tell another's change from its own.
  var known: (device: UInt, inode: UInt)?

  /// Keeps the timer `name` in `store`.
  /// - Parameters:
  ///   - store: where it is kept.
  ///   - name: its name.
  ///   - exec: the shell command its end runs.
  ///   - tty: the terminal it was started from.
  ///   - sound: its sound (see ``StoredTimer/sound``).
  ///   - sequence: the phases it runs.
  ///   - step: the phase it is at.
  ///   - manual: each next phase waits to be started.
  ///   - started: when it (its phase) started, for one returned to; `nil`: at its first save.
  ///   - overtime: once rung, it counts on past zero until cancelled.
  ///   - notifiesRunning: a notification shows it while it runs.
  public init(
    store: TimerStore, name: String, exec: String? = nil, tty: TerminalIdentity? = nil,
    sound: String? = nil,
    sequence: PhaseSequence? = nil, step: Int = 0, manual: Bool = false, started: Date? = nil,
    overtime: Bool = false, notifiesRunning: Bool = false
  ) {
    self.overtime = overtime
    self.notifiesRunning = notifiesRunning
    self.started = started
    self.store = store
    self.name = name
    self.exec = exec
    self.tty = tty
    self.sound = sound
    self.sequence = sequence
    self.step = step
    self.manual = manual
    if case .acquired(let lock) = StateLock.acquire(store.viewLock(name)) {
      viewing = lock
    } else {
      viewing = nil
    }
  }

  /// Called after each save (with whether the timer runs) and after it is forgotten (false):
  /// what rings it if this process goes away is told.
  public var whenSaved: (_ running: Bool) -> Void = { _ in }

  /// Saves the countdown as it is at `now` (the wall clock then: `wallNow`).
  public func save(
    _ countdown: Countdown<ContinuousClock.Instant>, at now: ContinuousClock.Instant, wallNow: Date
  ) {
    var timer = StoredTimer(
      countdown, name: name, at: now, wallNow: wallNow, exec: exec, tty: tty, sound: sound)
    if started == nil { started = wallNow }
    timer.started = started?.timeIntervalSince1970
    if let sequence {
      (timer.sequence, timer.step, timer.manual) = (sequence, step, manual ? true : nil)
    }
    if overtime { timer.overtime = true }
    if notifiesRunning { timer.notifiesRunning = true }
    saveError = store.save(timer)
    guard saveError == nil else { return }
    known = fileIdentity()
    held?.release()  // on disk again: the end it held is settled
    held = nil
    whenSaved(countdown.isRunning)
  }

  /// How an end went: whether this process rings it, and the phase that comes next.
  public struct EndClaim: Sendable {
    /// Whether this process rings the end (no other took it first).
    public var ours: Bool
    /// In a sequence: the phase that ended and what comes next.
    public var phaseEnd: TimerAlert.PhaseEnd?

    /// A claim as given.
    public init(ours: Bool, phaseEnd: TimerAlert.PhaseEnd? = nil) {
      self.ours = ours
      self.phaseEnd = phaseEnd
    }

    /// In a sequence: the phase that comes next.
    public var next: PhaseSequence.Phase? { phaseEnd?.next }
    /// The next phase waits to be started.
    public var nextWaits: Bool { phaseEnd?.nextWaits ?? false }

    /// The next phase's countdown once `ended` is over: from its end itself (exact), or not
    /// started when it waits; `nil` after the last phase.
    public func following<Instant>(_ ended: Countdown<Instant>) -> Countdown<Instant>? {
      guard let next, let finish = ended.finishInstant,
        var following = try? Countdown<Instant>(duration: next.duration)
      else { return nil }
      if !nextWaits { following.start(at: finish) }
      return following
    }
  }

  /// At the end: whether this process rings it, and what comes next. The one that takes it
  /// from the store rings it (the alert watcher may have, if this process was stopped past the
  /// end), and saves the next phase; an unsaved timer is this process's alone.
  public func claimEnd(wallNow: Date) -> EndClaim {
    let phaseEnd = TimerAlert.PhaseEnd(sequence: sequence, step: step, manual: manual)
    // The next phase's start as whoever rang the end saved it (at that end, exactly).
    var nextStart: Double?
    defer {
      if phaseEnd?.next != nil {
        step += 1
        started = manual ? nil : nextStart.map(Date.init(timeIntervalSince1970:)) ?? wallNow
      }
    }
    if saveError != nil { return EndClaim(ours: true, phaseEnd: phaseEnd) }
    // Our clock says it is over: a hair of wall-clock difference is not a reason to stay quiet.
    if let claimed = store.claimEnd(name, now: wallNow.addingTimeInterval(1)) {
      if let held = claimed.held {
        // A full disk: this run goes on with the phases, as with any save that failed.
        (self.held, saveError) = (held, held.problem)
      } else if let saved = claimed.next {
        whenSaved(saved.endsAt != nil)
      }
      nextStart = claimed.next?.started
      known = fileIdentity()
      return EndClaim(ours: true, phaseEnd: phaseEnd)
    }
    nextStart = store.file(name).load(now: wallNow).value?.started  // rung by another
    return EndClaim(ours: false, phaseEnd: phaseEnd)
  }

  /// Takes the file as saved now for this process's own (a timer shown as it is, not saved
  /// anew), so that only later changes are another's.
  public func takeAsSaved() { known = fileIdentity() }

  /// The saved file's device and inode; `nil` when there is none.
  func fileIdentity() -> (device: UInt, inode: UInt)? {
    var status = stat()
    guard stat(store.file(name).path, &status) == 0 else { return nil }
    return (UInt(status.st_dev), UInt(status.st_ino))
  }

  /// What another process did to the timer since this one last saved or read it.
  public enum OutsideChange: Sendable {
    /// Saved anew (paused, resumed, time added, restarted, a phase started): as it is now.
    case changed(StoredTimer)
    /// Cancelled.
    case removed
  }

  /// Whether another process changed or cancelled the timer since this one last saved or read
  /// it (`timer --pause` from a panel, `--cancel`); a change is taken as this process's own
  /// from then on (its phase and start), for the caller to show.
  /// - Parameter wallNow: the wall time it is read at.
  public func outsideChange(wallNow: Date) -> OutsideChange? {
    guard saveError == nil, held == nil, let known else { return nil }
    guard let now = fileIdentity() else {
      // Gone while someone rings its end (taken away to be put back) is not cancelled.
      guard case .acquired(let claim) = StateLock.acquire(store.claimLock(name)) else { return nil }
      defer { withExtendedLifetime(claim) {} }
      guard fileIdentity() == nil else { return nil }
      self.known = nil
      return .removed
    }
    guard now != known, let timer = store.file(name).load(now: wallNow).value else { return nil }
    self.known = now
    if let phase = timer.step { step = phase }
    started = timer.started.map(Date.init(timeIntervalSince1970:))
    return .changed(timer)
  }

  /// Skips to the next phase (saved by the caller), the phase cut short logged in the history
  /// as skipped; the phase, or `nil` after the last.
  /// - Parameter wallNow: the wall time of the skip.
  public func advance(wallNow: Date) -> PhaseSequence.Phase? {
    guard let next = sequence?.step(step + 1)?.phase else { return nil }
    if let timer = store.file(name).load(now: wallNow).value, !timer.isFinished(atWall: wallNow) {
      store.history.append(TimerHistory.Record(timer, ended: wallNow, outcome: .skipped))
    }
    step += 1
    started = nil
    return next
  }

  /// Forgets the timer, which is over: rung, or stopped (cancelled: logged so in the history,
  /// as it was saved). A failure is kept in ``saveError`` (a finished timer left on disk is
  /// listed as finished, never rung twice).
  /// - Parameter cancelledAt: the wall time it was stopped at, before its end; `nil`: it rang.
  public func finished(cancelledAt: Date? = nil) {
    if let cancelledAt, let timer = store.file(name).load(now: cancelledAt).value,
      !timer.isFinished(atWall: cancelledAt)
    {
      store.history.append(TimerHistory.Record(timer, ended: cancelledAt, outcome: .cancelled))
    }
    held?.release()
    held = nil
    do { try store.remove(name) } catch {
      saveError = "state could not be removed (\(error.problem))"
    }
    whenSaved(false)
  }
}
