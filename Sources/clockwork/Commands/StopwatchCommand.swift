import ArgumentParser
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkState
import ClockworkSystem
import ClockworkTerminal
import FoundationEssentials

struct StopwatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stopwatch",
    abstract: "Run a stopwatch with laps.",
    // With more than 12 options the parser says "<options>", as if some were required.
    usage: "clockwork stopwatch [<options>]",
    discussion: """
      In a terminal: the elapsed time large (MM:SS.cc); Space starts and stops, l or Enter takes \
      a lap, r resets when stopped, q quits. Laps are listed newest first, the best and worst \
      marked once there are three; on quitting they are printed as a table, and --export writes \
      them to a CSV or JSON file too.

      Nothing is lost: every change is saved at once under $XDG_STATE_HOME/clockwork \
      (~/.local/state/clockwork). Quitting leaves a running stopwatch running; the next \
      `clockwork stopwatch` resumes it, laps intact. --new archives it (stopped at that moment) \
      and starts afresh; --history lists past ones, and with --export writes all their laps to \
      one file. A second clockwork shows the stopwatch read-only \
      (--take takes it over).

      Several run at once with --name: each is saved, resumed, archived and taken over on its \
      own, and `clockwork status` lists every one that has counted a second.

      Plain mode (--plain, or output not a terminal) prints the elapsed time once a second; \
      each line on standard input (Enter) records a lap and prints it. End of input (Ctrl-D) or \
      Ctrl-C stops the stopwatch (saved, stopped) and prints the laps as a table, newest first, \
      with the best and worst marked once there are three.

        $ clockwork stopwatch --plain
        00:00.00
        00:01.00
                           <- Enter
        lap 1  00:01.43  total 00:01.43
      """
  )

  @OptionGroup var live: LiveOptions

  @Option(
    name: .customLong("fps"), parsing: .unconditional,
    help: ArgumentHelp("Frames per second while running (1 to 100; default: 30).", valueName: "n"))
  var fpsOption: Double?

  @Option(
    help: ArgumentHelp(
      "Also write the laps to this file when quitting (.csv or .json); with --history, every past session's.",
      valueName: "file"), completion: Completions.laps)
  var export: String?

  @Option(
    name: .customLong("name"),
    help: ArgumentHelp(
      "Name the stopwatch, so several can run (letters, digits, - _ .; default: none).",
      valueName: "name"))
  var name: String?

  @Flag(help: "Start a new stopwatch; the current one is archived (see --history).")
  var new = false

  @Flag(help: "List past stopwatches with their laps, and exit.")
  var history = false

  @Flag(help: "Take the stopwatch over from another clockwork that has it open.")
  var take = false

  func validate() throws {
    if let name, !StateDirectory.validName(name) {
      throw ValidationError(
        "'\(name)' cannot name a stopwatch: use letters, digits, - _ and . (up to 64, not starting with .)"
      )
    }
    if history && (new || take) {
      throw ValidationError(
        "--history lists past stopwatches; it does not combine with --new or --take")
    }
    if let fps = fpsOption, !fps.isFinite || !(1...100).contains(fps) {
      throw ValidationError("--fps must be from 1 to 100, got \(fps)")
    }
    if let export {
      do { _ = try LapExport.Format(path: export) } catch {
        throw ValidationError(error.description)
      }
      // Said now, not after the laps are taken.
      if let problem = StampFiles.problem(writing: export) {
        throw OutputOptions.failure("cannot write laps to \(export)", problem)
      }
    }
  }

  func run() async throws {
    let store = StopwatchStore(name: name)
    if history {
      // With --name, that stopwatch's sessions alone.
      let sessions = StopwatchHistory.sessions(
        store.history().filter { name == nil || $0.stored.name == name })
      StandardOutput.line(StopwatchHistory.render(sessions, zone: .local))
      if let export {
        do { try LapExport.write(sessions, zone: .local, to: export) } catch {
          throw RuntimeFailure(error.description)
        }
      }
      return
    }
    let settings = try Settings.load()
    let live = live.resolved(settings)
    let fps = try fpsOption ?? settings.fps(in: 1...100, for: "stopwatch") ?? 30
    var notes: [String] = []
    switch store.claim(take: take) {
    case .owned: break
    case .unsaved(let error): notes.append("warning: \(error); the stopwatch will not be saved")
    case .readOnly(let pid):
      notes.append(
        "another clockwork (pid \(pid.map(String.init) ?? "?")) owns this stopwatch: showing it read-only (--take to take it over)"
      )
    case .tookOver(let pid): notes.append("took the stopwatch over from pid \(pid)")
    case .couldNotTake(let pid):
      notes.append("could not take the stopwatch over from pid \(pid): showing it read-only")
    }
    if new {
      guard !store.readOnly else {
        throw RuntimeFailure("another clockwork owns the stopwatch; --take it first")
      }
      if let note = try store.archive() { notes.append(note) }
    }
    let clock = ContinuousClock()
    let (watch, resumeNotes) = store.resume(at: clock.now)
    notes += resumeNotes
    let status: Int32
    let laps: () -> Stopwatch<ContinuousClock.Instant>
    if live.window {
      let control = StopwatchControl(
        watch: watch, store: store, notes: notes, readOnlyHint: "--take")
      status = await LiveRun.window(
        title: "clockwork " + tr("stopwatch") + (name.map { " \($0)" } ?? ""),
        size: live.windowPoints,
        placement: live.placement,
        hint: LiveOptions.noWindow
      ) { _ in
        StopwatchWindow(control: control, fps: fps)
      }
      laps = { control.watch }
    } else if live.wantsLiveView {
      let session = try TerminalSession()
      let control = StopwatchControl(
        watch: watch, store: store, notes: notes, readOnlyHint: "--take")
      status = LiveRun.terminal(
        StopwatchScreen(
          control: control, fps: fps, graphics: live.graphics,
          background: session.background(environment: ProcessEnvironment.current)),
        session: session, colorMode: live.colorMode)
      laps = { control.watch }
    } else {
      for note in notes { StandardOutput.error(note) }
      let mode = StopwatchLines(
        watch: watch, store: store, at: Moment(instant: clock.now, wall: Date()),
        readOnlyHint: "--take to take it over")
      status = await LiveRun.lines(mode)
      mode.stop(at: Moment(instant: clock.now, wall: Date()))
      laps = { mode.watch }
    }
    // The terminal is back (or the lines are done): the laps stay in the scrollback.
    let total = laps().elapsed(at: clock.now)
    StandardOutput.line(LapTable.render(laps().laps, total: total))
    if let export {
      do { try LapExport.write(laps().laps, total: total, to: export) } catch {
        StandardOutput.error("clockwork: \(error)")
        throw ExitCode(status == ExitStatus.success ? ExitStatus.failure : status)
      }
    }
    throw ExitCode(status)
  }
}
