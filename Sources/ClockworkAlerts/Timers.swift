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
  /// Where the timers are kept.
  public let store: TimerStore
  /// Told after a timer is saved (with whether it runs): hands it to what rings it if no
  /// window shows it.
  let handOff: @Sendable (_ name: String, _ running: Bool) -> Void

  /// - Parameter store: where the timers are kept.
  /// - Parameter handOff: what has a saved timer rung with no window; by default the user's
  ///   systemd manager or the watcher (tests pass their own: no process).
  public init(
    store: TimerStore = TimerStore(),
    handOff: (@Sendable (_ name: String, _ running: Bool) -> Void)? = nil
  ) {
    self.store = store
    self.handOff =
      handOff ?? { name, running in TimerUnits.handOff(for: name, store: store)(running) }
  }

  /// A saved timer to return to.
  public enum Saved: Sendable {
    /// Running or paused: shown again from where it is.
    case resumable(StoredTimer)
    /// Over (rung, or its end passed): said as such.
    case finished(StoredTimer)
  }

  /// The timer `name` as saved, and a warning when its file had to be set aside.
  public func saved(_ name: String, now: Date = Date()) throws(AlertsError) -> (
    timer: Saved, warning: String?
  ) {
    let (timer, warning) = store.file(name).load(now: now)
    guard let timer else { throw .noSuchTimer(name) }
    return (timer.isFinished(atWall: now) ? .finished(timer) : .resumable(timer), warning)
  }

  /// What is asked of a name.
  public enum Request: Sendable {
    /// Return to it.
    case resume
    case start(Duration)
    case sequence(PhaseSequence)
    /// Return to it while it runs (unless replaced), else start it anew.
    case preset(Preset)
    /// Count up from a time past (`timer --since`).
    case countUp(since: Date)
  }

  /// What to show.
  public enum Opening: Sendable {
    case resume(StoredTimer)
    case finished(StoredTimer)
    /// A new timer: its first phase's length, its sequence, and a preset's `exec` and sound.
    case start(duration: Duration, sequence: PhaseSequence?, exec: String?, sound: String?)
  }

  /// Decides what `request` opens for timer `name`; the warning says a file set aside.
  public func open(_ name: String, _ request: Request, replacing: Bool, now: Date = Date())
    throws(AlertsError) -> (opening: Opening, warning: String?)
  {
    func start(_ sequence: PhaseSequence?, _ duration: Duration, preset: Preset? = nil)
      throws(AlertsError) -> Opening
    {
      try checkFree(name, replacing: replacing, now: now)
      if replacing, let old = store.file(name).load(now: now).value, !old.isFinished(atWall: now) {
        store.history.append(TimerHistory.Record(old, ended: now, outcome: .cancelled))
      }
      let first = sequence?.step(0)?.phase.duration ?? duration
      return .start(duration: first, sequence: sequence, exec: preset?.exec, sound: preset?.sound)
    }
    switch request {
    case .start(let duration): return (try start(nil, duration), nil)
    case .sequence(let sequence): return (try start(sequence, .zero), nil)
    case .countUp(let since):
      return (.finished(try countUp(name, since: since, replacing: replacing, now: now)), nil)
    case .preset(let preset):
      if !replacing, case .resumable(let timer)? = try? saved(name, now: now).timer {
        return (.resume(timer), nil)
      }
      return (try start(preset.sequence, preset.duration ?? .zero, preset: preset), nil)
    case .resume:
      let (timer, warning) = try saved(name, now: now)
      switch timer {
      case .finished(let timer): return (.finished(timer), warning)
      case .resumable(let timer): return (.resume(timer), warning)
      }
    }
  }

  /// Starts timer `name` counting up from `since`, a time past (`timer --since`): saved as an
  /// end already rung that counts on (``StoredTimer/overtime``), so nothing rings it.
  /// - Parameters:
  ///   - name: a valid name.
  ///   - since: when it counts from; not after `now`.
  ///   - replacing: whether a running or paused timer of that name is replaced.
  ///   - now: the wall time of the start.
  /// - Returns: the timer as saved.
  public func countUp(_ name: String, since: Date, replacing: Bool, now: Date = Date())
    throws(AlertsError) -> StoredTimer
  {
    try checkFree(name, replacing: replacing, now: now)
    guard var countdown = try? Countdown<ContinuousClock.Instant>(duration: .milliseconds(1)) else {
      throw .cannotSave("timer \(name) could not be made")
    }
    let instant = ContinuousClock.now
    countdown.start(at: instant)
    var timer = StoredTimer(countdown, name: name, at: instant, wallNow: now)
    (timer.endsAt, timer.rungAt) = (since.timeIntervalSince1970, now.timeIntervalSince1970)
    (timer.overtime, timer.started) = (true, since.timeIntervalSince1970)
    if let problem = store.save(timer) { throw .cannotSave(problem) }
    return timer
  }

  /// A sequence's next phase, now: the one waiting starts, or the one running is cut short
  /// (unrung) for the next. Returns the timer as saved.
  public func next(_ name: String, now: Date = Date()) throws(AlertsError) -> StoredTimer {
    // One at a time, after any ring of its end: ten at once start ten phases, or say why not.
    let claim = StateLock.acquire(store.claimLock(name), waiting: true)
    if case .failed(let error) = claim { throw .cannotSave("\(error)") }
    defer { withExtendedLifetime(claim) {} }
    guard let timer = store.file(name).load(now: now).value else { throw .noSuchTimer(name) }
    guard timer.sequence != nil else { throw .notASequence(name) }
    var updated: StoredTimer
    if timer.endsAt == nil && timer.rungAt == nil {
      updated = timer
      updated.endsAt = now.timeIntervalSince1970 + timer.remaining(atWall: now)
      updated.remainingWhenPaused = nil
      updated.started = now.timeIntervalSince1970
    } else {
      guard timer.rungAt == nil, let following = timer.nextPhase(startingAt: now, waits: false)
      else { throw .lastPhase(name) }
      if !timer.isFinished(atWall: now) {
        store.history.append(TimerHistory.Record(timer, ended: now, outcome: .skipped))
      }
      updated = following
    }
    if let problem = store.save(updated) { throw .cannotSave(problem) }
    handOff(name, true)
    return updated
  }

  /// Throws when a timer of that name is running or paused, unless it is to be replaced; a
  /// finished one is replaced by a new start.
  public func checkFree(_ name: String, replacing: Bool, now: Date = Date()) throws(AlertsError) {
    guard !replacing, let timer = store.file(name).load(now: now).value,
      !timer.isFinished(atWall: now)
    else { return }
    throw .timerRunning(
      name: name, secondsLeft: timer.remaining(atWall: now), paused: timer.endsAt == nil)
  }

  /// Saves a timer of this run on each change (with the terminal and session it runs in), and
  /// has it rung if the run goes away.
  public func persistence(
    _ name: String, exec: String?, sound: String?, sequence: PhaseSequence? = nil, step: Int = 0,
    manual: Bool = false, started: Date? = nil, overtime: Bool = false,
    notifiesRunning: Bool = false
  ) -> TimerPersistence {
    let persistence = TimerPersistence(
      store: store, name: name, exec: exec, tty: TerminalIdentity.current(), sound: sound,
      sequence: sequence, step: step, manual: manual, started: started, overtime: overtime,
      notifiesRunning: notifiesRunning)
    let (handOff, store) = (handOff, store)
    persistence.whenSaved = { running in
      handOff(name, running)
      if running && notifiesRunning { RunningNotice.ensure(name, store: store) }
    }
    return persistence
  }

  /// Starts timer `name` with no window to show it (the desktop app): checked and saved as a
  /// command's start is, and left to what rings a timer whose window is gone, at once.
  /// - Parameter name: a valid name (``TimerStore/validName(_:)``).
  /// - Parameter request: a length (more than zero: the caller says why not before it calls),
  ///   a sequence, or a preset; a preset whose timer runs is not started again (it throws
  ///   ``AlertsError/timerRunning(name:secondsLeft:paused:)``, as a name taken does).
  /// - Parameter now: the wall time of the start.
  @discardableResult
  public func startUnshown(_ name: String, _ request: Request, now: Date = Date())
    throws(AlertsError) -> String?
  {
    let (opening, _) = try open(name, request, replacing: false, now: now)
    if case .resume(let timer) = opening {
      throw .timerRunning(
        name: name, secondsLeft: timer.remaining(atWall: now), paused: timer.endsAt == nil)
    }
    guard case .start(let duration, let sequence, let exec, let sound) = opening,
      var countdown = try? Countdown<ContinuousClock.Instant>(duration: duration)
    else { return nil }
    let instant = ContinuousClock.now
    countdown.start(at: instant)
    // Let go when this returns: no window shows it, so the watcher does not wait for one.
    let persistence = persistence(name, exec: exec, sound: sound, sequence: sequence)
    persistence.save(countdown, at: instant, wallNow: now)
    if let problem = persistence.saveError { throw .cannotSave(problem) }
    return MachineWake.problemOnce(directory: store.directory)
  }

  /// What a timer's controls do, from any process: the keys of its window, with none.
  public enum Change: Sendable, Hashable {
    case pause, resume, toggle
    /// Adds time; a negative one takes it away, never all that is left.
    case add(Duration)
    /// Counts down again the length it was started with.
    case restart
  }

  /// Changes timer `name` as its window's keys would: saved, and what rings it told (a pause
  /// takes its ring back, a resume or restart sets it again); a window, terminal or plain run
  /// that shows it follows (it watches the folder). A finished timer can only be restarted.
  /// - Parameter name: the timer.
  /// - Parameter change: what to do.
  /// - Parameter now: the wall time of the change.
  /// - Returns: the timer as saved.
  @discardableResult
  public func change(_ name: String, _ change: Change, now: Date = Date()) throws(AlertsError)
    -> StoredTimer
  {
    // After any ring of its end.
    let claim = StateLock.acquire(store.claimLock(name), waiting: true)
    if case .failed(let error) = claim { throw .cannotSave("\(error)") }
    defer { withExtendedLifetime(claim) {} }
    guard let timer = store.file(name).load(now: now).value else { throw .noSuchTimer(name) }
    let instant = ContinuousClock.now
    let finished = timer.isFinished(atWall: now)
    guard !finished || change == .restart else { throw .timerFinished(name) }
    var countdown = try restored(timer, at: instant, wallNow: now)
    switch change {
    case .pause: countdown.pause(at: instant)
    case .resume: countdown.resume(at: instant)
    case .toggle:
      if countdown.isRunning { countdown.pause(at: instant) } else { countdown.resume(at: instant) }
    case .add(let delta):
      let left = countdown.remaining(at: instant)
      guard delta > .zero || left + delta > .zero else {
        throw .tooLittleLeft(name: name, secondsLeft: left / .seconds(1))
      }
      countdown.add(delta, at: instant)
    case .restart: countdown.restart(at: instant)
    }
    var updated = StoredTimer(
      countdown, name: name, at: instant, wallNow: now, exec: timer.exec, tty: timer.tty,
      sound: timer.sound)
    (updated.sequence, updated.step, updated.manual) = (timer.sequence, timer.step, timer.manual)
    (updated.started, updated.overtime, updated.notifiesRunning) = (
      timer.started, timer.overtime, timer.notifiesRunning
    )
    if let problem = store.save(updated) { throw .cannotSave(problem) }
    handOff(name, updated.isPending)
    return updated
  }

  /// Removes a timer, running, paused or finished, and what would have rung it; one not
  /// finished is logged in the history as cancelled.
  public func cancel(_ name: String, now: Date = Date()) throws(AlertsError) -> StoredTimer {
    guard let timer = store.file(name).load(now: now).value else { throw .noSuchTimer(name) }
    do { try store.remove(name) } catch { throw .cannotSave("\(error)") }
    if !timer.isFinished(atWall: now) {
      store.history.append(TimerHistory.Record(timer, ended: now, outcome: .cancelled))
    }
    if timer.isPending { handOff(name, false) }  // its systemd unit, if it has one, goes too
    return timer
  }

  /// Every saved timer, with warnings for files set aside.
  public func list(now: Date = Date()) -> (timers: [StoredTimer], warnings: [String]) {
    store.all(now: now)
  }
}
