import ClockworkCore
import ClockworkState
import FoundationEssentials

/// The one way into a timer that is shown (a window, a terminal, plain lines): what a request
/// opens, with the rules of what it keeps (a returned-to timer's `--exec`, sound, phase and
/// start; a preset's own; the choices given anew over both, the settings' under them), saved
/// and handed to what rings it. The command parses, then calls this, then shows what it gets.
///
/// ```swift
/// switch try Timers().launch("tea", .start(.seconds(240)), choices: .init()) {
/// case .finished(let timer): print(timer.finishedDescription(wallNow: .now, zone: .local))
/// case .shown(let launched): show(launched.countdown, saved by launched.persistence)
/// }
/// ```
extension Timers {
  /// What a start or a return asks beyond the request: what was given anew (`nil`: not given,
  /// the saved timer's or the preset's stays) and the settings' defaults under them.
  public struct Choices: Sendable {
    /// `--exec`.
    public var exec: String?
    /// Whether a sound was given (`--sound`, `--no-sound`).
    public var soundGiven = false
    /// The sound as kept (``StoredTimer/sound``): given, else the settings'.
    public var sound: String?
    /// Each next phase waits to be started (`--manual`).
    public var manual = false
    /// `--overtime`, `--no-overtime`.
    public var overtime: Bool?
    /// The settings' `overtime`.
    public var overtimeByDefault = false
    /// `--notify-running`, `--no-notify-running`.
    public var notifiesRunning: Bool?
    /// The settings' `notifyRunning`.
    public var notifiesRunningByDefault = false
    /// Start anew even if a timer of this name runs.
    public var replacing = false
    /// How the end's time of day is written.
    public var hours = HourCycle.twentyFour

    /// Nothing given: every default.
    public init() {}
  }

  /// A timer to show, saved and handed to what rings it.
  public struct Launched {
    /// Its countdown on the continuous clock, from ``at``.
    public var countdown: Countdown<ContinuousClock.Instant>
    /// What saves it on each change.
    public let persistence: TimerPersistence
    /// What rings its end.
    public let alert: TimerAlert
    /// The instant and the wall time it was opened at.
    public let at: (instant: ContinuousClock.Instant, wall: Date)
    /// The timer returned to, as saved; `nil`: started by this run.
    public let returnedTo: StoredTimer?
    /// An end already rung that it counts on from (overtime, `--since`): shown counting, never
    /// rung again.
    public let countingOn: Date?
  }

  /// What a launch gives.
  public enum Launch {
    /// Over already: said, not shown.
    case finished(StoredTimer)
    /// To be shown.
    case shown(Launched)
  }

  /// Opens timer `name` as `request` asks, with `choices`: a new timer is saved running and
  /// handed to what rings it; one returned to is taken as saved; a warning says a file that had
  /// to be set aside.
  /// - Parameters:
  ///   - name: a valid name.
  ///   - request: a start, a sequence, a preset, a return, or a count up from a time past.
  ///   - choices: what was given anew, and the settings' defaults.
  ///   - now: the wall time of the launch.
  public func launch(_ name: String, _ request: Request, choices: Choices, now: Date = Date())
    throws(AlertsError) -> (launch: Launch, warning: String?)
  {
    let (opening, warning) = try open(name, request, replacing: choices.replacing, now: now)
    let clock = ContinuousClock()
    var countdown: Countdown<ContinuousClock.Instant>
    var returnedTo: StoredTimer?
    var countingOn: Date?
    let kept: (sequence: PhaseSequence?, exec: String?, sound: String?)
    switch opening {
    case .finished(let timer):
      guard let end = timer.endsAt, timer.overtime(atWall: now) != nil else {
        return (.finished(timer), warning)
      }
      if case .countUp = request {} else { returnedTo = timer }  // a count-up ends with its run
      countdown = try restored(timer, at: clock.now, wallNow: now)
      kept = (timer.sequence, timer.exec, timer.sound)
      countingOn = Date(timeIntervalSince1970: end)
    case .resume(let timer):
      returnedTo = timer
      countdown = try restored(timer, at: clock.now, wallNow: now)
      kept = (timer.sequence, timer.exec, timer.sound)
    case .start(let first, let sequence, let exec, let sound):
      guard let fresh = try? Countdown<ContinuousClock.Instant>(duration: first) else {
        throw .cannotSave("timer \(name) cannot last \(first)")
      }
      countdown = fresh
      countdown.start(at: clock.now)
      kept = (sequence, exec, sound)
    }
    // Given anew wins; then a returned-to timer's or a preset's own; then the settings'.
    let exec = choices.exec ?? kept.exec
    let sound = choices.soundGiven ? choices.sound : kept.sound ?? choices.sound
    let persistence = self.persistence(
      name, exec: exec, sound: sound, sequence: kept.sequence, step: returnedTo?.step ?? 0,
      manual: choices.manual || returnedTo?.manual == true,
      started: returnedTo?.started.map(Date.init(timeIntervalSince1970:)),
      overtime: countingOn != nil
        || (choices.overtime ?? returnedTo?.overtime ?? choices.overtimeByDefault),
      notifiesRunning: choices.notifiesRunning ?? returnedTo?.notifiesRunning
        ?? choices.notifiesRunningByDefault)
    let at = (instant: clock.now, wall: Date())
    if countingOn == nil {
      persistence.save(countdown, at: at.instant, wallNow: at.wall)
    } else {
      persistence.takeAsSaved()
    }
    let alert = TimerAlert(name: name, exec: exec, sound: sound, hours: choices.hours)
    let launched = Launched(
      countdown: countdown, persistence: persistence, alert: alert, at: at,
      returnedTo: returnedTo, countingOn: countingOn)
    // The first timer set where nothing may wake the machine says so (once).
    let wake = returnedTo == nil ? MachineWake.problemOnce(directory: store.directory) : nil
    let said = [warning, wake].compactMap { $0 }
    return (.shown(launched), said.isEmpty ? nil : said.joined(separator: "\n"))
  }

  func restored(_ timer: StoredTimer, at instant: ContinuousClock.Instant, wallNow: Date)
    throws(AlertsError) -> Countdown<ContinuousClock.Instant>
  {
    do { return try timer.restored(at: instant, wallNow: wallNow) } catch {
      throw .cannotSave("timer \(timer.name) could not be read back")
    }
  }
}
