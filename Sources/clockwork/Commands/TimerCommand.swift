import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkSystem
import ClockworkTerminal
import FoundationEssentials

struct TimerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Count down a duration or to a time of day.",
    discussion: """
      In a terminal: a ring fills with its gradient while a pulse beats around it over a cycling \
      backdrop, the time left in the middle (tenths in the last minute). Space pauses and \
      resumes, r or a click restarts, + and - add or remove a minute, q quits (exit 130 before the end). \
      At zero: the bell, a desktop notification (OSC 777 and OSC 9), --exec run once, then \
      exit 0 (or stay with --wait; or, with --overtime, count on past zero as +0:42 until q, \
      which ends it). With --window while the desktop app runs, a timer of a length given opens \
      on its Timer page instead.

      Plain mode (--plain, or output not a terminal, or TERM=dumb) prints the remaining time once \
      a second, rings the bell at zero and exits 0 (with --overtime: then prints +0:01, +0:02 … \
      each second until interrupted, and `status` shows it until --cancel); Ctrl-C (or any signal) cancels a timer it \
      started and exits 130 (128 + the signal), so the next plain timer starts afresh. A timer it \
      returned to goes on running; a paused one is printed once with "(paused)".

      Timers survive their window: quitting early leaves the timer running, and `clockwork \
      timer` with no duration returns to it, or says when it finished (a finished timer is \
      listed until started again or --cancel removes it). Several run side by side with \
      --name; --list shows them. State lives under $XDG_STATE_HOME/clockwork.

      A timer rings once at its end even with no window open: through the systemd user \
      manager where one runs, else clockwork-alerts, a small watcher that any clockwork command \
      starts again if it was killed (an end missed meanwhile rings then, saying how late). \
      Ringing is a desktop notification (with no notification service: the terminal it was \
      started from, while that session lasts; else the next clockwork command says it), and \
      --exec with CLOCKWORK_TIMER_NAME, CLOCKWORK_TIMER_ENDED_AT and CLOCKWORK_REASON in its \
      environment; its output goes to exec.log in the state folder, and a failure is said.

        $ clockwork timer 25m --plain
        $ clockwork timer 1h30m --plain
        $ clockwork timer --until 5:30pm --plain

      Durations: \(DurationParser.acceptedForms).

      Times: \(TargetTimeParser.acceptedForms).
      """
  )

  @Argument(
    help: ArgumentHelp(
      "How long to count down, e.g. 90s, 25m, 1h 30m (quoted or not), 1:30; or a preset's name (`clockwork preset`).",
      valueName: "duration"),
    completion: Completions.preset)
  var durationWords: [String] = []

  /// The duration's words as one (`timer 1h 30m` unquoted is `1h 30m`).
  var duration: String? { durationWords.isEmpty ? nil : durationWords.joined(separator: " ") }

  @Option(
    help: ArgumentHelp(
      "Count down to this time instead, e.g. 17:30, 5pm, 2026-12-31T23:59:59Z, 2027-01-01 (its midnight).",
      valueName: "time"))
  var until: String?

  @Option(
    name: .customLong("zone"), help: "The time zone that --until is read in (default: local).",
    completion: Completions.zone, transform: ZoneArgument.parse)
  var zone: Zone?

  @OptionGroup var live: LiveOptions

  @Flag(
    inversion: .prefixedNo, exclusivity: .exclusive, help: "Pulse around the ring while it runs.")
  var pulse = true

  @Flag(inversion: .prefixedNo, exclusivity: .exclusive, help: "Cycle a gradient behind the ring.")
  var backdrop = true

  @Option(
    help: ArgumentHelp(
      "The ring's look from a JSON file (track, gradient, pulse, lineWidth, radius, label).",
      valueName: "file"), completion: .file(extensions: ["json"]))
  var theme: String?

  @Flag(
    inversion: .prefixedNo, exclusivity: .exclusive,
    help: "A click restarts the timer, as r does (--no-mouse leaves the mouse to select text).")
  var mouse = true

  @Flag(help: "Stay on screen after the end (until q) instead of exiting.")
  var wait = false

  @Flag(
    inversion: .prefixedNo, exclusivity: .exclusive,
    help:
      "Once rung, count on past zero (+0:42, in the last seconds' colour) until stopped (q, Ctrl-C, --cancel); default: the settings' overtime, else off."
  )
  var overtime: Bool?

  @Flag(
    inversion: .prefixedNo, exclusivity: .exclusive,
    help:
      "While it runs, a desktop notification says when it ends, with Pause/Resume and +1 min; default: the settings' notifyRunning, else off."
  )
  var notifyRunning: Bool?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The time left turns red in the last N seconds (0: never).", valueName: "N"))
  var critical: Double = 10

  @Flag(help: "Flash the ring and the time at the end until a key is pressed (implies --wait).")
  var blink = false

  @Flag(
    inversion: .prefixedNo, exclusivity: .exclusive,
    help:
      "Say the time left aloud through speech-dispatcher (spd-say) at 10, 5 and 1 minute and each of the last ten seconds, each phase's name, and the end; default: the settings' speak, else off."
  )
  var speak: Bool?

  @Option(
    name: .customLong("name"),
    help: ArgumentHelp(
      "Name the timer, so several can run; a preset's timer has the preset's name (default: timer).",
      valueName: "name"))
  var nameOption: String?

  var name: String { nameOption ?? presetWord ?? "timer" }

  /// The duration's one word when it cannot be read as one: a preset's name. (A duration that
  /// reads but cannot be, `0s`, is no name.)
  var presetWord: String? {
    guard durationWords.count == 1, TimerStore.validName(durationWords[0]) else { return nil }
    do { _ = try DurationParser.parse(durationWords[0]) } catch {
      if case .malformed = error.problem { return durationWords[0] }
    }
    return nil
  }

  @OptionGroup var phases: SequenceOptions

  @Flag(help: "Start a sequence's waiting phase, or skip to its next one, and exit.")
  var next = false

  @OptionGroup(title: "Change a timer from anywhere") var controls: TimerControlOptions

  /// The command that goes back to the timer `name`.
  static func resumeCommand(_ name: String) -> String {
    name == "timer" ? "clockwork timer" : "clockwork timer --name \(name)"
  }

  @Flag(help: "Start anew even if a timer of this name is running.")
  var replace = false

  @Flag(help: "List the timers with their remaining time, and exit.")
  var list = false

  @OptionGroup(title: "What was timed") var past: TimerHistoryOptions

  @Flag(
    help:
      "Stop and forget the timer (--name, or the only one running or counting on), or forget a finished one, and exit."
  )
  var cancel = false

  @Option(
    name: .customLong("exec"),
    help: ArgumentHelp("A shell command to run once when the timer ends.", valueName: "command"))
  var command: String?

  @OptionGroup var sound: SoundOptions

  // 15 a second keeps a 1 s pulse smooth for about half the CPU and bytes of 30.
  @Option(
    name: .customLong("fps"), parsing: .unconditional,
    help: ArgumentHelp(
      "Frames per second while the pulse or backdrop moves (1 to 60; in a window 30; in a terminal 15 where it lets us set palette entries, else 4, to keep within 20 KB a second).",
      valueName: "n"))
  var fpsOption: Double?

  func run() async throws { try await run(given: nil) }

  /// `--list`: the saved timers, each with its state and time (read without ArgumentParser
  /// when it is all that is asked: ``Clockwork/main()``).
  static func showList() {
    let wallNow = Date()
    StandardOutput.line(TimerList.render(Timers().list(now: wallNow), wallNow: wallNow))
  }

  /// Runs the timer; `given` (a pomodoro's phases) is started in place of what the arguments
  /// ask.
  func run(given: Timers.Request?) async throws {
    if list { return Self.showList() }
    let timers = Timers()
    let wallNow = Date()
    if past.history { return try past.run(timers, now: wallNow) }
    if cancel {
      let target = try controlledName(timers, now: wallNow)
      let gone: StoredTimer
      do { gone = try timers.cancel(target) } catch { throw failure(error) }
      StandardOutput.line(
        gone.isPending || gone.endsAt == nil
          ? "cancelled timer '\(target)'" : "removed finished timer '\(target)'")
      return
    }
    let settings = try Settings.load()
    let live = live.resolved(settings)
    if let change = controls.changes.first {
      return try control(change, timers, now: wallNow, hours: live.hourCycle)
    }
    let fpsGiven = try fpsOption ?? settings.fps(in: 1...60, for: "timer")
    let fps = fpsGiven ?? 15
    if next {
      let timer: StoredTimer
      do { timer = try timers.next(name, now: wallNow) } catch { throw failure(error) }
      return StandardOutput.line(
        "timer '\(name)': \(timer.phaseLabel ?? "next phase") started, ends \(ClockText.time(Date(timeIntervalSince1970: timer.endsAt ?? 0), in: .local))"
      )
    }
    var choices = Timers.Choices()
    (choices.exec, choices.soundGiven, choices.sound) = (
      command, sound.given, sound.saved(settings.shared)
    )
    (choices.manual, choices.replacing, choices.hours) = (phases.manual, replace, live.hourCycle)
    (choices.overtime, choices.overtimeByDefault) = (overtime, settings.overtime ?? false)
    (choices.notifiesRunning, choices.notifiesRunningByDefault) = (
      notifyRunning, settings.notifyRunning ?? false
    )
    let request = try given ?? request(now: wallNow)
    // A window asked while the desktop app runs opens there: its Timer page.
    if live.window, let typed = duration, case .start = request, DesktopApp.isRunning() {
      guard DesktopApp.startTimer(typed, name: name) else {
        throw RuntimeFailure("the desktop app could not start timer '\(name)' (it says why)")
      }
      return StandardOutput.line("timer '\(name)' started in the desktop app (its Timer page)")
    }
    let launch: (launch: Timers.Launch, warning: String?)
    do { launch = try timers.launch(name, request, choices: choices) } catch {
      throw failure(error)
    }
    if let warning = launch.warning { StandardOutput.error(warning) }
    let launched: Timers.Launched
    switch launch.launch {
    case .finished(let timer):
      return StandardOutput.line(
        "timer '\(name)' \(timer.finishedDescription(wallNow: wallNow, zone: zone ?? .local))")
    case .shown(let shown): launched = shown
    }
    let look = ShownLook(
      fps: fps, fpsAsked: fpsGiven, theme: try theme.map(RingThemeArgument.parse) ?? .init())
    let speaks = speak ?? settings.speak ?? false
    if live.window {
      return try await showInWindow(launched, look: look, live: live, speaks: speaks)
    }
    guard live.wantsLiveView else { return try await showAsLines(launched, speaks: speaks) }
    try await showInTerminal(launched, look: look, live: live, speaks: speaks)
  }
}
