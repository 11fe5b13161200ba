import ClockworkCore
import ClockworkScene
import ClockworkState
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials
import Glibc

/// `clockwork timer`: the ring filling with its gradient, the pulse, the cycling backdrop and
/// the time left in the middle. Space pauses, r restarts, + and - add or remove a minute.
final class LiveTimer: LiveMode {
  var countdown: Countdown<ContinuousClock.Instant>
  let clock = ContinuousClock()
  let origin: ContinuousClock.Instant
  let pulse: Bool
  let fps: Double
  let wait: Bool
  let exec: String?
  let presenter: BlockPresenter
  let ring = CountdownRing(size: 200)
  let backdrop: GradientBackdrop?
  let scene = Layer()
  var finishedAt: Date?
  var rang = false
  var pixelScale = 1.0

  let persistence: TimerPersistence?

  init(
    countdown: Countdown<ContinuousClock.Instant>, persistence: TimerPersistence?, pulse: Bool, backdrop: Bool, fps: Double,
    wait: Bool, exec: String?, graphics: Graphics
  ) {
    self.countdown = countdown
    self.persistence = persistence
    origin = clock.now
    self.pulse = pulse
    self.fps = fps
    self.wait = wait
    self.exec = exec
    presenter = BlockPresenter(graphics: graphics)
    scene.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    self.backdrop = backdrop ? GradientBackdrop(size: Size(width: 200, height: 200)) : nil
    if let layer = self.backdrop?.layer { scene.addSublayer(layer) }
    scene.addSublayer(ring.layer)
    ring.layer.sublayers.last?.isHidden = true  // the label is real terminal text instead
    self.backdrop?.start(at: 0)
    updatePulse()
  }

  /// Scene time: seconds since the mode started.
  func sceneTime(at instant: ContinuousClock.Instant) -> Double { origin.duration(to: instant) / .seconds(1) }

  func updatePulse() {
    ring.setPulsing(pulse && countdown.isRunning && !countdown.isFinished(at: clock.now), at: sceneTime(at: clock.now))
  }

  func handle(_ key: Key) -> LiveAction {
    let now = clock.now
    switch key {
    case .character("q"), .character("Q"), .escape, .controlC:
      return finishedAt == nil ? .quit(130) : .quit(0)
    case .space:
      if countdown.isRunning { countdown.pause(at: now) } else { countdown.resume(at: now) }
    case .character("r"), .character("R"):
      countdown.restart(at: now)
      finishedAt = nil
      rang = false
    case .character("+"), .character("="):
      countdown.add(.seconds(60), at: now)
      if !countdown.isFinished(at: now) { finishedAt = nil; rang = false }
    case .character("-"), .character("_"):
      countdown.add(.seconds(-60), at: now)
    default: break
    }
    persistence?.save(countdown, at: now)
    updatePulse()
    return checkFinished()
  }

  func tick() -> LiveAction {
    updatePulse()
    return checkFinished()
  }

  /// At zero: the bell, a desktop notification and `--exec`, once per run; then quit with 0
  /// unless told to wait.
  func checkFinished() -> LiveAction {
    guard countdown.isFinished(at: clock.now), !rang else { return .keepGoing }
    rang = true
    finishedAt = Date()
    persistence?.finished()
    updatePulse()
    Output.write(Escape.bell + Escape.notify(title: "clockwork", body: "Timer finished (\(CountdownFormat.string(countdown.duration)))"), to: STDOUT_FILENO)
    if let exec { ExecHook.run(exec) }
    return wait ? .redraw : .quit(0)
  }

  func frame(size: TerminalSize, at now: ContinuousClock.Instant) throws -> CellGrid {
    let left = countdown.remaining(at: now)
    ring.show(remaining: left, progress: countdown.progress(at: now))
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let graphicsRows = max(0, size.rows - 2)
    layout(columns: size.columns, rows: graphicsRows, cellAspect: size.cellAspect)
    let cells = try presenter.cells(for: scene, at: sceneTime(at: now), columns: size.columns, rows: graphicsRows, cell: size.cell)
    pixelScale = presenter.scale(for: scene.bounds.size, columns: size.columns, rows: graphicsRows, cell: size.cell)
    grid.place(cells, column: 0, row: 0)
    let label = CountdownFormat.string(left, tenths: left < .seconds(60))
    grid.writeCentered(" \(label) ", row: graphicsRows / 2, foreground: RGB(255, 255, 255), bold: true)
    let status = finishedAt.map { "finished at \(ClockText.time($0, in: .local))" }
      ?? (countdown.isRunning ? "" : "paused")
    if let problem = persistence?.saveError { grid.writeCentered(String(problem.prefix(size.columns)), row: graphicsRows / 2 + 2, foreground: RGB(255, 200, 120)) }
    if !status.isEmpty { grid.writeCentered(" \(status) ", row: graphicsRows / 2 + 1, foreground: RGB(230, 230, 230)) }
    let help = "Space pause/resume  r restart  +/- a minute  q quit"
    if size.rows > 2 { grid.writeCentered(String(help.prefix(size.columns)), row: size.rows - 1, foreground: RGB(128, 128, 128)) }
    return grid
  }

  /// The scene takes the screen's shape, so the backdrop fills it; the ring stays a 200-unit
  /// square in the middle.
  func layout(columns: Int, rows: Int, cellAspect: Double) {
    let shape = Double(columns) * cellAspect / Double(max(rows, 1))
    let size = Size(width: max(200, 200 * shape), height: max(200, 200 / shape))
    guard size != scene.bounds.size else { return }
    scene.frame = Rect(origin: .zero, size: size)
    backdrop?.resize(to: size)
    ring.layer.position = Point(x: size.width / 2, y: size.height / 2)
  }

  /// While the pulse or backdrop moves: the next frame at the frame rate. Otherwise: the
  /// label's next change or the arc's next pixel, and the finish itself.
  func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    let animating = (ring.isPulsing || backdrop != nil) && (countdown.isRunning || finishedAt != nil)
    if animating && (finishedAt == nil || wait) { return now.advanced(by: .seconds(1 / fps)) }
    guard countdown.isRunning, let finish = countdown.finishInstant, finish > now else { return nil }
    let delay = ring.delayToNextChange(remaining: countdown.remaining(at: now), total: countdown.duration, pixelScale: pixelScale)
    return min(finish, now.advanced(by: .seconds(max(0.001, min(delay, 1)))))
  }
}

/// Saves a timer on every change and forgets it once it has finished and rung.
final class TimerPersistence {
  let store: TimerStore
  let name: String
  private(set) var saveError: String?

  init(store: TimerStore, name: String) {
    self.store = store
    self.name = name
  }

  func save(_ countdown: Countdown<ContinuousClock.Instant>, at now: ContinuousClock.Instant) {
    saveError = store.save(StoredTimer(countdown, name: name, at: now, wallNow: Date()))
  }

  func finished() { store.remove(name) }
}

/// `--exec`: a shell command run once when the timer ends, detached from the terminal.
enum ExecHook {
  static func run(_ command: String) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
    }
    // A session of its own, and the signals this process ignores (it handles them through
    // Dispatch) back to their defaults.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    let newSession: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), which Glibc's module leaves out
    posix_spawnattr_setflags(&attributes, Int16(newSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid = pid_t()
    let argv = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
    defer { for arg in argv { free(arg) } }
    _ = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
  }
}
