import Dispatch
import FoundationEssentials
import Synchronization

/// Runs a live mode on a sink: draws the present, then draws the frames of the next deadlines
/// ahead and holds them, so at a deadline only showing the frame is left and the change lands
/// within a fraction of a millisecond of it. Nothing wakes between deadlines.
///
/// ```swift
/// final class Seconds: LiveMode {   // a line with the time, at each second
///   func frame(at moment: Moment<ContinuousClock.Instant>, on canvas: Void) -> Planned<String?, ContinuousClock.Instant> {
///     Planned("\(moment.wall)", next: moment.instant.advanced(by: .seconds(1)))
///   }
/// }
/// final class Lines: FrameSink {
///   func encode(_ frame: String?) -> String? { frame }
///   func show(_ line: String?) { print(line ?? "") }
///   func rewind() {}
///   func invalidate() {}
///   func finish() {}
/// }
/// let clock = ContinuousClock()
/// let runner = FrameRunner(mode: Seconds(), sink: Lines(), clock: clock, wallNow: { Date() }, scheduler: ClockScheduler(clock: clock))
/// let status = await runner.run()   // until runner.stop(_:), or runner.send(.signal(_:))
/// ```
///
/// A mode whose frames depend on the time alone gets several drawn in one go (warm caches). A
/// drawn-ahead frame is thrown away and the present drawn instead on an input that changes the
/// mode, a repaint, a step of the wall clock, and a tick that comes after the frame's time is
/// over (the process was stopped without a signal, or the machine slept).
public final class FrameRunner<Mode: LiveMode, Sink: FrameSink, C: Clock>: @unchecked Sendable
where
  Sink.Frame == Mode.Frame, Sink.Canvas == Mode.Canvas, C.Instant == Mode.Instant,
  C.Duration == Duration
{
  // Everything below is touched only on `queue`.
  /// The queue every event, frame and deadline is handled on, in turn.
  public let queue = DispatchQueue(label: "clockwork.runner")
  let mode: Mode
  let sink: Sink
  let clock: C
  let wallNow: @Sendable () -> Date
  let scheduler: any DeadlineScheduler<C.Instant>

  /// Frames ahead are drawn for a hair after their deadline: a deadline computed from a clock
  /// reading can land a few nanoseconds before the change it is for.
  public static var aheadMargin: Duration { .milliseconds(1) }
  /// How far the wall clock may drift from the monotonic one before held frames are redrawn:
  /// NTP slews by microseconds a second; a step is a jump.
  public static var wallClockTolerance: Double { 0.002 }

  private var held: [(deadline: C.Instant, encoded: Sink.Encoded)] = []
  /// The deadline after the last frame drawn or held.
  private var next: C.Instant?
  /// Both clocks' readings when the held frames were drawn.
  private var reference: Moment<C.Instant>?
  private var scheduled: C.Instant?
  /// The last moment the mode was told of (a tick, an input): an input that arrived before it
  /// is taken as coming then, so the mode never sees time go back.
  private var lastTold: C.Instant?
  var running = false
  var finish: CheckedContinuation<Int32, Never>?
  /// How the run ended, once it has.
  private(set) var endStatus: Int32?
  /// Why the run ended with status 1, when a frame could not be drawn.
  public private(set) var failure: (any Error)?
  /// A repaint is queued and not yet begun: more repaints until then are the same one, drawn
  /// for the canvas as it is when it begins (a resize storm is one redraw, not one per signal).
  private let repaintQueued = Atomic(false)
  private let ticking = Atomic(false)
  /// Set once by whoever ends the run: the runner, or ``claimEnd()`` from outside.
  let endClaimed = Atomic(false)
  /// While a run on a loop starts (`begin`, then the first frame): what was handed in with
  /// `sendNow` meanwhile, handled after it. Touched on the loop's thread alone.
  var sentWhileStarting: [() -> Void]?

  /// Whether the run is on and a next frame is scheduled (FWTClock's `isTicking`): false
  /// before the run, after it, and while the mode has nothing more to show (a paused stopwatch,
  /// a finished timer). Readable from any thread.
  public var isTicking: Bool { ticking.load(ordering: .acquiring) }

  /// A runner of `mode` on `sink`, its deadlines on `clock` through `scheduler`.
  public init(
    mode: Mode, sink: Sink, clock: C, wallNow: @escaping @Sendable () -> Date,
    scheduler: some DeadlineScheduler<C.Instant>
  ) {
    self.mode = mode
    self.sink = sink
    self.clock = clock
    self.wallNow = wallNow
    self.scheduler = scheduler
  }

  /// The run's first frame, its events' sources started first (`begin`).
  func start(_ begin: () -> Void) {
    running = true
    begin()
    // `sync` returning nothing: the generic one looks up its result's type at every deadline.
    scheduler.start { [weak self] deadline in
      guard let self else { return }
      queue.sync(execute: { self.tick(deadline) } as () -> Void)
    }
    redraw()
    if running { apply(mode.started(at: reference ?? now())) }
  }

  /// Hands an event to the runner; it is handled on `queue`, in turn. Repaints sent while one
  /// waits are merged into it; inputs and signals keep their place.
  public func send(_ event: RunnerEvent<Mode.Input>) {
    if case .repaint = event, repaintQueued.exchange(true, ordering: .acquiringAndReleasing) {
      return
    }
    queue.async { [self] in handle(event) }
  }

  /// Hands an input to the runner with when it arrived: the mode gets that moment (not when
  /// the runner came to it, after a frame it was drawing, or after the first frame for a key
  /// typed before it).
  public func send(_ input: Mode.Input, arrivedAt arrival: C.Instant) {
    queue.async { [self] in
      guard running else { return }
      tell(input, at: moment(at: arrival))
    }
  }

  /// `arrival` as a moment: now's wall time taken back by how long ago it was.
  func moment(at arrival: C.Instant) -> Moment<C.Instant> {
    let now = now()
    let at = max(arrival, lastTold ?? arrival)
    guard at < now.instant else { return now }
    return Moment(
      instant: at, wall: now.wall.addingTimeInterval(-(at.duration(to: now.instant) / .seconds(1))))
  }

  func tell(_ input: Mode.Input, at moment: Moment<C.Instant>) {
    lastTold = moment.instant
    apply(mode.handle(input, at: moment))
  }

  func handle(_ event: RunnerEvent<Mode.Input>) {
    guard running else { return }
    switch event {
    case .input(let input): tell(input, at: now())
    case .repaint:
      repaintQueued.store(false, ordering: .releasing)  // one sent from now on draws again
      sink.invalidate()
      redraw()
    case .outsideChange:
      let moment = now()
      lastTold = moment.instant
      apply(mode.outsideChange(at: moment))
    case .signal(let number): end(ExitStatus.signal(number))
    }
  }

  func now() -> Moment<C.Instant> { Moment(instant: clock.now, wall: wallNow()) }

  func apply(_ action: LiveAction) {
    switch action {
    case .keepGoing: break
    case .redraw: redraw()
    case .quit(let status): end(status)
    }
  }

  /// A deadline has come: show its held frame if that is still the present, else draw now.
  func tick(_ deadline: C.Instant) {
    guard running, deadline == scheduled else { return }  // replaced or stopped meanwhile
    scheduled = nil
    // A wake-up a hair early (timer slack, another clock's rounding) is the deadline: the
    // mode's last change (a timer's end) must not be judged still to come, with nothing after.
    var now = now()
    if now.instant < deadline { now = now.advanced(to: deadline) }
    var onTime = false
    if let first = held.first, first.deadline == deadline, heldFrameIsCurrent(at: now) {
      held.removeFirst()
      do { try sink.show(first.encoded) } catch { return fail(error) }
      onTime = true
    } else if mode.framesCaughtUp > 0, held.first?.deadline == deadline, wallKeptTime(at: now) {
      return catchUp(from: deadline, to: now)
    }
    lastTold = now.instant
    let action = mode.tick(at: now)
    guard onTime, action == .keepGoing else {
      return action == .keepGoing ? redraw() : apply(action)
    }
    if let first = held.first { return schedule(first.deadline) }
    attempt { try drawAhead(from: now) }
  }

  /// Replays the deadlines from `deadline` to `now` that came while the process was held up:
  /// each frame shown late, in order, and the mode ticked at its deadline, as if on time. Past
  /// the mode's ``LiveMode/framesCaughtUp`` the rest are skipped, said to the mode, and the
  /// present is drawn.
  func catchUp(from deadline: C.Instant, to now: Moment<C.Instant>) {
    guard let reference else { return redraw() }
    var due = deadline
    for _ in 0..<mode.framesCaughtUp {
      let encoded: Sink.Encoded
      if let first = held.first, first.deadline == due {
        encoded = held.removeFirst().encoded
      } else {
        let planned: Planned<Mode.Frame, C.Instant>
        do {
          planned = try mode.frame(
            at: reference.advanced(to: due.advanced(by: Self.aheadMargin)), on: sink.canvas)
        } catch {
          return fail(error)
        }
        encoded = sink.encode(planned.frame)
        next = planned.next
      }
      do { try sink.show(encoded) } catch { return fail(error) }
      lastTold = due
      let action = mode.tick(at: reference.advanced(to: due))
      guard action == .keepGoing else { return apply(action) }
      guard let upcoming = held.first?.deadline ?? next, upcoming <= now.instant else {
        if let first = held.first { return schedule(first.deadline) }
        return attempt { try drawAhead(from: now) }
      }
      due = upcoming
    }
    mode.skippedFrames(from: reference.advanced(to: due), to: now)
    lastTold = now.instant
    let action = mode.tick(at: now)
    action == .keepGoing ? redraw() : apply(action)
  }

  /// Throws the held frames away, draws the present and draws ahead again.
  func redraw() {
    held = []
    sink.rewind()
    attempt {
      let now = now()
      let planned = try mode.frame(at: now, on: sink.canvas)
      try sink.show(sink.encode(planned.frame))
      next = planned.next
      try drawAhead(from: now)
    }
  }

  /// Draws the frames of the next deadlines (as many as the mode allows) and holds them.
  func drawAhead(from now: Moment<C.Instant>) throws {
    held = []
    reference = now
    let canvas = sink.canvas
    while held.count < max(1, mode.framesAhead), let deadline = next {
      let planned = try mode.frame(
        at: now.advanced(to: deadline.advanced(by: Self.aheadMargin)), on: canvas)
      held.append((deadline, sink.encode(planned.frame)))
      next = planned.next
    }
    schedule(held.first?.deadline)
  }

  /// Whether the next held frame may be shown: its time is not over (the next frame is not
  /// yet due) and the wall clock has not been stepped since it was drawn.
  func heldFrameIsCurrent(at now: Moment<C.Instant>) -> Bool {
    let end = held.count > 1 ? held[1].deadline : next
    if let end, now.instant >= end { return false }
    return wallKeptTime(at: now)
  }

  /// Whether the wall clock has kept to the monotonic one since the held frames were drawn.
  func wallKeptTime(at now: Moment<C.Instant>) -> Bool {
    guard let reference else { return false }
    let expected = reference.advanced(to: now.instant).wall
    return abs(now.wall.timeIntervalSince(expected)) <= Self.wallClockTolerance
  }

  func schedule(_ deadline: C.Instant?) {
    scheduled = deadline
    ticking.store(running && deadline != nil, ordering: .releasing)
    scheduler.schedule(deadline)
  }

  func attempt(_ body: () throws -> Void) {
    do { try body() } catch { fail(error) }
  }

  func fail(_ error: any Error) {
    failure = error
    end(ExitStatus.failure)
  }

  /// Leaves the surface as found and hands back the status.
  func end(_ status: Int32) {
    guard running, claimEnd() else { return }
    running = false
    held = []
    scheduled = nil
    ticking.store(false, ordering: .releasing)
    scheduler.stop()
    sink.finish()
    endStatus = status
    finish?.resume(returning: status)
    finish = nil
  }
}
