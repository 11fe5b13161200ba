import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkSystem
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials
import Synchronization

/// How a launched timer is shown: in a window, in the terminal, or as plain lines; each follows
/// the timer's changes made elsewhere (the timers folder is watched).
extension TimerCommand {
  /// The options that shape the ring, resolved.
  struct ShownLook {
    /// Frames a second while something moves.
    var fps: Double
    /// `--fps` or the settings', when given.
    var fpsAsked: Double?
    /// `--theme`.
    var theme: CountdownRing.Style
  }

  func showInWindow(
    _ launched: Timers.Launched, look: ShownLook, live: LiveOptions, speaks: Bool
  ) async throws {
    let control = TimerControl(
      launched, pulse: pulse, backdrop: backdrop, fps: look.fps, wait: true,
      ringStyle: TimerWindow.ringStyle(theme: look.theme).critical(for: critical),
      alertsTerminal: false)
    let speech = speaks ? ScreenSpeech() : nil
    control.speech = speech.map { TimerSpeech($0.speech) }
    let status = await LiveRun.window(
      title: "clockwork " + tr("timer"), size: live.windowPoints, placement: live.placement,
      hint: LiveOptions.noWindow, following: launched.persistence.store.folder.path
    ) { window in
      TimerWindow(control: control, fps: look.fpsAsked, stays: wait || blink) {
        window.requestAttention()
      }
    }
    AlertSound.waitForBackground(upTo: 10)  // the end's sound, played while the window went on
    speech?.finish()
    try keepsRunning(control, status: status, at: ContinuousClock.now)
    throw ExitCode(status)
  }

  func showAsLines(_ launched: Timers.Launched, speaks: Bool) async throws {
    let persist = launched.persistence
    // A paused timer has no lines to count down: it is said as it is, and left as it is.
    if launched.returnedTo != nil, !launched.countdown.isRunning {
      StandardOutput.line(
        CountdownFormat.string(launched.countdown.remaining(at: launched.at.instant)) + " (paused)")
      StandardOutput.error(
        "clockwork: timer '\(name)' is paused; `\(Self.resumeCommand(name))` in a terminal resumes it (Space)"
      )
      return
    }
    if let problem = persist.saveError {
      StandardOutput.error("warning: timer '\(name)': \(problem); it ends with this run")
    }
    let lines = TimerLines(launched)
    let speech =
      speaks
      ? Speech(language: Translation.language) { StandardOutput.error("clockwork: \($0)") } : nil
    lines.speech = speech.map(TimerSpeech.init)
    let status = await LiveRun.lines(lines, following: persist.store.folder.path)
    speech?.finish(upTo: 5)  // the end, said before the process goes
    // A script that stops a plain timer it started (Ctrl-C, timeout) is done with it: the next
    // starts afresh. One it returned to goes on, as after q in a terminal.
    if status != ExitStatus.success, launched.returnedTo == nil {
      persist.finished(cancelledAt: Date())
    }
    throw ExitCode(status)
  }

  func showInTerminal(
    _ launched: Timers.Launched, look: ShownLook, live: LiveOptions, speaks: Bool
  ) async throws {
    let session = try TerminalSession()
    // Without colour a gradient is a blob: the ring alone, lit where time is left. In 16
    // colours the backdrop's gradient is blobs too: the ring and its pulse alone.
    let monochrome = live.colorMode == .none
    let control = TimerControl(
      launched, pulse: pulse && !monochrome, backdrop: backdrop && live.colorMode.blendsEdges,
      fps: look.fps, wait: wait, blink: blink,
      ringStyle: TimerScreen.ringStyle(monochrome: monochrome, theme: look.theme)
        .critical(for: critical), alertsTerminal: true)
    let speech = speaks ? ScreenSpeech() : nil
    control.speech = speech.map { TimerSpeech($0.speech) }
    session.reportsClicks = mouse
    let screen = TimerScreen.open(
      control: control, session: session, graphics: live.graphics, colorMode: live.colorMode,
      fpsAsked: look.fpsAsked != nil)
    let status = LiveRun.terminal(
      screen, session: session, colorMode: live.colorMode,
      following: launched.persistence.store.folder.path)
    // The screen that showed why is gone: said once more where it stays.
    if let problem = control.alertProblem { StandardOutput.error("clockwork: \(problem)") }
    AlertSound.waitForBackground(upTo: 10)  // the end's sound, played while the screen went on
    speech?.finish()
    try keepsRunning(control, status: status, at: ContinuousClock.now)
    throw ExitCode(status)
  }
}

/// Speech for a timer on screen or in a window: what goes wrong with it while they are up is
/// said once they have gone.
final class ScreenSpeech: Sendable {
  /// What went wrong, kept until ``finish()``.
  private final class Problems: Sendable { let kept = Mutex<[String]>([]) }
  private let problems = Problems()
  let speech: Speech

  init() {
    let problems = problems
    speech = Speech(language: Translation.language) { problem in
      problems.kept.withLock { $0.append(problem) }
    }
  }

  /// Waits for the last words, then says what went wrong.
  func finish() {
    speech.finish(upTo: 5)
    for problem in problems.kept.withLock({ $0 }) { StandardOutput.error("clockwork: \(problem)") }
  }
}
