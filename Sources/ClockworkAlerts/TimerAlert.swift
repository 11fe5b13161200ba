import ClockworkCore
import ClockworkSystem
import FoundationEssentials
import Glibc

/// What happens when a timer ends: a desktop notification; where none can be shown, the
/// terminal's own (OSC 777 and OSC 9, through tmux's passthrough inside tmux); the bell; the
/// sound theme's `complete` (or `--sound FILE`); and `--exec`, with the timer in its
/// environment.
public struct TimerAlert: Sendable {
  public var name: String
  public var exec: String?
  public var sound = sound(saved: nil)

  /// A timer's sound as saved with it (see ``AlertSound/init(saved:theme:)``): by default the
  /// sound theme's `complete`.
  public static func sound(saved: String?) -> AlertSound { AlertSound(saved: saved, theme: "complete") }
  /// How the end's time of day is written.
  public var hours = HourCycle.twentyFour
  /// Wait up to a second for `--exec` to fail (a plain timer, which exits at once: a quick
  /// failure is said before the prompt). A window or screen goes on drawing instead.
  public var waitsForExec = false

  public init(name: String, exec: String?) {
    self.name = name
    self.exec = exec
  }

  /// Where the end is rung besides the notification.
  public enum Terminal: Sendable {
    /// The live screen on standard output: the bell, and the terminal's notification if the
    /// desktop's could not be shown.
    case screen
    /// Plain lines on standard output: the bell.
    case lines
    /// No screen (the alert watcher): this terminal device gets what `.screen` would.
    case device(String?)
  }

  /// Rings; returns what went wrong, for the caller to say once (nothing if all went well).
  @discardableResult
  public func ring(duration: Duration, endedAt: Date, on terminal: Terminal) -> [String] {
    let summary = name == "timer" ? "Timer finished" : "Timer finished: \(name)"
    let body = "\(CountdownFormat.string(duration)) timer, ended at \(ClockText.time(endedAt, in: .local, hours: hours))"
    var problems = Self.announce(summary: summary, body: body, on: terminal)
    // A screen and the watcher go on while it sounds (each waits for it before it exits);
    // plain lines wait for its end, and say when a file of one's own could not be played (the
    // theme's sound failing is not said: the bell rang).
    if case .lines = terminal {
      if let problem = sound.play(description: summary), case .file = sound { problems.append(problem) }
    } else {
      sound.playInBackground(description: summary)
    }
    if let exec {
      let environment = [
        "CLOCKWORK_TIMER_NAME": name, "CLOCKWORK_TIMER_ENDED_AT": ClockText.iso8601(endedAt, in: .local),
        "CLOCKWORK_REASON": "finished",
      ]
      let errors: DetachedProcess.Output = switch terminal {
      case .screen, .lines: .inherited
      case .device(let path): path.map { .file($0) } ?? .discarded
      }
      switch ExecHook.start(exec, timer: name, environment: environment, errors: errors, notifies: errors != .inherited) {
      case .failure(let error): problems.append("--exec could not be started: \(error)")
      case .success(let pid): if waitsForExec { ExecHook.wait(for: pid, upTo: .seconds(1)) }
      }
    }
    return problems
  }

  /// The notification, and the terminal's bell (with its own notification when the desktop's
  /// could not be shown).
  static func announce(summary: String, body: String, on terminal: Terminal) -> [String] {
    let failure = DesktopNotification.show(summary: summary, body: body)
    let tmux = ProcessInfo.processInfo.environment["TMUX"] != nil
    let own = failure == nil ? "" : TerminalAlert.notify(title: "clockwork", body: "\(summary) (\(body))", throughTmux: tmux)
    switch terminal {
    case .screen: StandardOutput.write(TerminalAlert.bell + own)
    case .lines: StandardOutput.bell()
    case .device(let path?): TextFile.write(TerminalAlert.bell + own, to: path, flags: O_NOCTTY | O_NONBLOCK)
    case .device(nil): break
    }
    return failure.map { ["no desktop notification (\($0)); the terminal's bell instead"] } ?? []
  }
}
