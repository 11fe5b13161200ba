import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// What happens when a timer ends: a desktop notification; where none can be shown, the
/// terminal's own (OSC 777 and OSC 9, through tmux's passthrough inside tmux); the bell; the
/// sound theme's `complete` (or `--sound FILE`); and `--exec`, with the timer in its
/// environment.
public struct TimerAlert: Sendable {
  /// The timer's name.
  public var name: String
  /// A shell command run once at the end (`--exec`).
  public var exec: String?
  /// The sound to play: the sound theme's by default.
  public var sound = sound(saved: nil)

  /// A timer's sound as saved with it (see `AlertSound.init(saved:theme:)`): by default the
  /// sound theme's `complete`.
  public static func sound(saved: String?) -> AlertSound {
    AlertSound(saved: saved, theme: "complete")
  }
  /// How the end's time of day is written.
  public var hours = HourCycle.twentyFour
  /// Wait up to a second for `--exec` to fail (a plain timer, which exits at once: a quick
  /// failure is said before the prompt). A window or screen goes on drawing instead.
  public var waitsForExec = false

  /// - Parameter name: the timer's name, as the notification says it.
  /// - Parameter exec: a shell command run once at the end (`--exec`), if any.
  /// - Parameter sound: as saved with the timer (``sound(saved:)``).
  /// - Parameter hours: how the end's time of day is written.
  public init(name: String, exec: String?, sound: String? = nil, hours: HourCycle = .twentyFour) {
    self.name = name
    self.exec = exec
    self.sound = Self.sound(saved: sound)
    self.hours = hours
  }

  /// Where the end is rung besides the notification.
  public enum Terminal: Sendable {
    /// The live screen on standard output: the bell, and the terminal's notification if the
    /// desktop's could not be shown.
    case screen
    /// Plain lines on standard output: the bell.
    case lines
    /// No screen (a ringer): the terminal the timer was started from gets what `.screen`
    /// would, while its session lasts (never a reused terminal number).
    case device(TerminalIdentity?)
  }

  /// The end of a sequence's phase, and what comes next, for the notification's words.
  public var phase: PhaseEnd?

  /// In a sequence: the phase that ended and what comes next.
  public struct PhaseEnd: Sendable, Hashable {
    /// The phase that ended.
    public var name: String
    /// Its round, from 1.
    public var round: Int
    /// The rounds in all.
    public var rounds: Int
    /// The phase that comes next, if any.
    public var next: PhaseSequence.Phase?
    /// Whether the next phase waits to be started.
    public var nextWaits: Bool

    /// A phase's end as given.
    public init(name: String, round: Int, rounds: Int, next: PhaseSequence.Phase?, nextWaits: Bool)
    {
      self.name = name
      self.round = round
      self.rounds = rounds
      self.next = next
      self.nextWaits = nextWaits
    }

    /// The end of `sequence`'s phase at `step`, and the phase after it (waiting when `manual`);
    /// `nil` outside a sequence.
    public init?(sequence: PhaseSequence?, step: Int?, manual: Bool) {
      guard let sequence, let step, let at = sequence.step(step) else { return nil }
      self.init(
        name: at.phase.name, round: at.round, rounds: sequence.rounds,
        next: sequence.step(step + 1)?.phase, nextWaits: manual)
    }
  }

  /// Later than this after its end, a ring says how late it is.
  static let lateAfter: TimeInterval = 2

  /// What the notification says: late (nothing could ring it at its end), how late.
  public func texts(duration: Duration, endedAt: Date, now: Date) -> (summary: String, body: String)
  {
    var summary =
      name == "timer"
      ? tr("Timer finished") : translate("Timer finished: {name}", filling: ["name": name])
    let ended = ClockText.time(endedAt, in: .local, hours: hours)
    var body = translate(
      "{length} timer, ended at {time}",
      filling: ["length": CountdownFormat.string(duration), "time": ended])
    if let phase {
      summary =
        phase.next.map {
          let values: KeyValuePairs = [
            "phase": phase.name, "next": $0.name, "length": CountdownFormat.string($0.duration),
          ]
          return phase.nextWaits
            ? translate("{phase} done — {next} {length} is next", filling: values)
            : translate("{phase} done — {next} {length} starts", filling: values)
        }
        ?? translate(
          "{phase} done — {name} finished", filling: ["phase": phase.name, "name": name])
      body = translate(
        "round {round}/{rounds}, ended at {time}",
        filling: ["round": "\(phase.round)", "rounds": "\(phase.rounds)", "time": ended])
    }
    let late = now.timeIntervalSince(endedAt)
    if late > Self.lateAfter {
      body +=
        " "
        + translate(
          "(rung {span} late: nothing could ring it then)",
          filling: ["span": StoredStopwatch.describe(late)])
    }
    return (summary, body)
  }

  /// Rings; returns what went wrong, for the caller to say once (nothing if all went well).
  @discardableResult
  public func ring(duration: Duration, endedAt: Date, on terminal: Terminal, now: Date = Date())
    -> Rung
  {
    let (summary, body) = texts(duration: duration, endedAt: endedAt, now: now)
    var rung = Self.announce(summary: summary, body: body, on: terminal)
    // A screen and the watcher go on while it sounds (each waits for it before it exits);
    // plain lines wait for its end, and say when a file of one's own could not be played (the
    // theme's sound failing is not said: the bell rang).
    if case .lines = terminal {
      if let problem = sound.play(description: summary), case .file = sound {
        rung.problems.append(problem)
      }
    } else {
      sound.playInBackground(description: summary)
    }
    if let exec {
      let environment = [
        "CLOCKWORK_TIMER_NAME": name,
        "CLOCKWORK_TIMER_ENDED_AT": ClockText.iso8601(endedAt, in: .local),
        "CLOCKWORK_REASON": "finished",
      ]
      let errors: DetachedProcess.Output =
        switch terminal {
        case .screen, .lines: .inherited
        case .device(let tty): tty.flatMap { $0.isStillOurs() ? .file($0.path) : nil } ?? .discarded
        }
      switch ExecHook.start(
        exec, timer: name, environment: environment, errors: errors, notifies: errors != .inherited)
      {
      case .failure(let error): rung.problems.append("--exec could not be started: \(error)")
      case .success(let pid): if waitsForExec { ExecHook.wait(for: pid, upTo: .seconds(1)) }
      }
    }
    return rung
  }

  /// How a ring went.
  public struct Rung: Sendable {
    /// What went wrong, for the caller to say once.
    public var problems: [String] = []
    /// Whether anyone could see it: a notification shown, or a terminal of the user's told.
    public var seen = true
    /// What it said, for whoever tells it later when no one saw it.
    public var summary = ""
    /// The longer text under it.
    public var body = ""
  }

  /// The notification, and the terminal's bell (with its own notification when the desktop's
  /// could not be shown).
  static func announce(summary: String, body: String, on terminal: Terminal) -> Rung {
    let failure = DesktopNotification.show(summary: summary, body: body)
    let tmux = ProcessEnvironment.current["TMUX"] != nil
    let own =
      failure == nil
      ? ""
      : TerminalAlert.notify(title: "clockwork", body: "\(summary) (\(body))", throughTmux: tmux)
    var rung = Rung(summary: summary, body: body)
    switch terminal {
    case .screen: StandardOutput.write(TerminalAlert.bell + own)
    case .lines: StandardOutput.bell()
    case .device(let tty?) where tty.isStillOurs():
      TextFile.write(TerminalAlert.bell + own, to: tty.path, flags: O_NOCTTY | O_NONBLOCK)
    case .device: rung.seen = failure == nil
    }
    if let failure {
      rung.problems.append("no desktop notification (\(failure)); the terminal's bell instead")
    }
    return rung
  }
}
