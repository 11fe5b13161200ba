import Dispatch
import CGlibcExtras
import ClockworkTerminal
import FoundationEssentials

/// What a live mode wants after an event.
enum LiveAction: Equatable {
  case keepGoing
  /// The mode's state changed at a tick: draw now rather than wait for the next frame.
  case redraw
  case quit(Int32)
}

/// A live mode: reacts to keys and ticks, draws a frame, and says when it next changes.
protocol LiveMode: AnyObject {
  func handle(_ key: Key) -> LiveAction
  /// Called at the deadline the mode asked for, once its frame is on screen.
  func tick() -> LiveAction
  /// The whole screen as it should look at `instant` (now, or the next deadline).
  func frame(size: TerminalSize, at instant: ContinuousClock.Instant) throws -> CellGrid
  /// When the screen next changes visibly after `now`, or `nil` when nothing will change by
  /// itself.
  func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant?
  /// How many frames may be drawn ahead, in one go: more than one only for a mode whose frames
  /// depend on the time alone (its `tick` changes nothing).
  var framesAhead: Int { get }
}

extension LiveMode {
  var framesAhead: Int { 1 }
}

/// Runs a live mode in the terminal: one event at a time (keys, signals, resizes, deadline
/// ticks) on the session's queue, each frame written as a damage diff in one `write`. Nothing
/// wakes between deadlines, and a deadline wakes one thread (``DeadlineThread``).
///
/// Frames are rendered ahead: as soon as one is on screen, the next is drawn for its deadline
/// and held; at the deadline only the `write` is left, so the change lands within a fraction of
/// a millisecond of it. A mode whose frames depend on the time alone (the clock) has several
/// drawn in one go: drawn back to back they find the caches warm, where one a second finds
/// them cold. A key, a resize, or a step of the wall clock throws the held frames away (and
/// when part of a batch is on screen, the next frame repaints every cell: the writer keeps
/// its state only for before and after the batch, as one state a frame is 128 KB); so does a
/// tick that comes after its frame's time is over, and the screen is drawn for now.
final class LiveLoop: @unchecked Sendable {  // used only inside `session.queue` once running
  let session: TerminalSession
  var writer: DamageWriter
  let clock = ContinuousClock()
  static let aheadMargin = Duration.milliseconds(1)
  /// The next frames' deadlines and bytes.
  private var held: [(deadline: ContinuousClock.Instant, bytes: [UInt8])] = []
  /// When the last held frame's time is over (`nil`: nothing changes after it).
  private var heldUntil: ContinuousClock.Instant?
  /// The writer as it will be once every held frame is written.
  private var writerAfterHeld: DamageWriter?
  /// How many frames of the batch are on screen.
  private var heldWritten = 0
  /// The wall time and the clock's reading when the held frames were drawn.
  private var heldSince: (wall: Date, instant: ContinuousClock.Instant)?
  /// How far the wall clock may move against the monotonic clock before held frames are
  /// redrawn (NTP slews by microseconds a second; a step is a jump).
  static let wallClockStep = 0.002
  private var mode: LiveMode?
  private var finish: CheckedContinuation<Int32, Never>?
  /// Sleeps until each deadline and ticks there, in turn with the queue's other events.
  private lazy var ticks = DeadlineThread(queue: session.queue) { [weak self] in self?.handle(.tick) }

  init(session: TerminalSession, colorMode: ColorMode) {
    self.session = session
    writer = DamageWriter(colorMode: colorMode)
  }

  /// Runs until the mode quits or a signal arrives; returns the exit status. The terminal is
  /// restored before this returns.
  func run(_ mode: LiveMode) async -> Int32 {
    self.mode = mode  // before anything runs on the queue
    Self.keepFreedMemory()
    return await withCheckedContinuation { finish in
      session.queue.async { [self] in
        self.finish = finish
        session.start { [weak self] event in self?.handle(event) }
        guard let mode = self.mode else { return }
        do {
          try draw(mode)
          try prepareNext(mode)
        } catch { end(fail(error)) }
      }
    }
  }

  /// One event, on the session's queue.
  func handle(_ event: TerminalEvent) {
    guard let mode else { return }  // ended
    let action: LiveAction
    var onTime = false
    switch event {
    case .key(let key): action = mode.handle(key)
    case .tick:
      if heldFrameIsCurrent() {
        let next = held.removeFirst()
        if !next.bytes.isEmpty { session.write(next.bytes) }
        heldWritten += 1
        if held.isEmpty, let after = writerAfterHeld { writer = after }
        onTime = true
      }
      action = mode.tick()
    case .resized, .resumed:
      writer.invalidate()
      action = .keepGoing
    case .signal(let number): action = .quit(128 + number)
    }
    if onTime, action == .keepGoing, let next = held.first {
      return schedule(next.deadline)
    }
    dropHeld()
    if case .quit(let status) = action { return end(status) }
    do {
      if !onTime || action == .redraw { try draw(mode) }
      try prepareNext(mode)
    } catch { end(fail(error)) }
  }

  /// Leaves the terminal as found and hands back the status.
  func end(_ status: Int32) {
    guard mode != nil else { return }
    mode = nil
    ticks.stop()
    let farewell = writer.farewell()
    if !farewell.isEmpty { session.write(farewell) }
    session.restore()
    finish?.resume(returning: status)
    finish = nil
  }

  /// Draws the screen as it is now.
  func draw(_ mode: LiveMode) throws {
    let bytes = writer.frameBytes(try mode.frame(size: session.size, at: clock.now))
    if !bytes.isEmpty { session.write(bytes) }
  }

  /// Renders the frames for the next deadlines (as many as the mode allows) and holds them
  /// until then.
  func prepareNext(_ mode: LiveMode) throws {
    dropHeld()
    var after = clock.now
    heldSince = (Date(), after)
    var next = writer
    while held.count < max(1, mode.framesAhead), let deadline = mode.nextDeadline(after: after) {
      // Drawn for a hair after the deadline: a deadline computed from a clock reading can land
      // a few nanoseconds before the change it is for, and the frame would then show the old
      // reading until the next deadline (measured: timer seconds up to 0.4 s late).
      after = deadline.advanced(by: Self.aheadMargin)
      held.append((deadline, next.frameBytes(try mode.frame(size: session.size, at: after))))
    }
    heldUntil = mode.nextDeadline(after: after)
    writerAfterHeld = next
    schedule(held.first?.deadline)
  }

  /// Forgets the held frames; if some of them are on screen, the writer no longer knows which
  /// and the next frame repaints.
  func dropHeld() {
    if !held.isEmpty, heldWritten > 0 { writer.invalidate() }
    held = []
    heldWritten = 0
    writerAfterHeld = nil
  }

  /// Whether the next held frame may go on screen: it is not yet past (a process stopped
  /// without a signal, or a machine that slept, wakes after its time) and the wall clock has
  /// not been stepped.
  func heldFrameIsCurrent() -> Bool {
    guard !held.isEmpty else { return false }
    // A frame's time is over when the next one is due.
    let end = held.count > 1 ? held[1].deadline : heldUntil
    return (end.map { clock.now < $0 } ?? true) && wallClockKept()
  }

  /// Whether the wall clock still reads what it did when the held frames were drawn, give or
  /// take the time since.
  func wallClockKept() -> Bool {
    guard let heldSince else { return false }
    let expected = heldSince.wall.addingTimeInterval(heldSince.instant.duration(to: clock.now) / .seconds(1))
    return abs(Date().timeIntervalSince(expected)) <= Self.wallClockStep
  }

  /// One pending tick at a time: a new deadline replaces the old one.
  func schedule(_ deadline: ContinuousClock.Instant?) { ticks.schedule(deadline) }

  /// Frames allocate and free the same few buffers (a grid is 64 KB), and glibc hands freed
  /// memory at the top of a thread's heap back to the kernel: every frame then faulted and
  /// zeroed its pages again (seen in `perf`: page faults, `madvise`, TLB shootdowns). Keeping
  /// up to 4 MB costs nothing the process does not already use.
  static func keepFreedMemory() {
    mallopt(M_TRIM_THRESHOLD, 4 << 20)
    mallopt(M_MMAP_THRESHOLD, 1 << 20)
  }

  func fail(_ error: Error) -> Int32 {
    session.restore()
    Output.error("clockwork: \(error)")
    return 1
  }
}
