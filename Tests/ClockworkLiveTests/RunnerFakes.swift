import ClockworkLive
import ClockworkTestSupport
import Foundation

typealias Instant = TestClock<Duration>.Instant

/// What the runner did, in order, as a fake sink and mode saw it.
enum Entry: Equatable {
  /// A frame drawn for this many seconds after the start on the test clock.
  case drawn(at: Double)
  case shown(String, at: Double)
  case tick(at: Double)
  case skipped(from: Double, to: Double)
  case handled(String, at: Double)
  case rewind, invalidate, finish
}

extension Entry {
  /// The same entry with its time to the microsecond: wall times are doubles, so deadlines
  /// derived from them carry float noise of about 1e-7 s.
  var rounded: Entry {
    func micro(_ t: Double) -> Double { (t * 1e6).rounded() / 1e6 }
    switch self {
    case .drawn(let at): return .drawn(at: micro(at))
    case .shown(let frame, let at): return .shown(frame, at: micro(at))
    case .tick(let at): return .tick(at: micro(at))
    case .skipped(let from, let to): return .skipped(from: micro(from), to: micro(to))
    case .handled(let input, let at): return .handled(input, at: micro(at))
    default: return self
    }
  }
}

/// The log both fakes write to, stamped with the test clock's time since `start`.
final class RunLog: Sendable {
  let entries = LockIsolated<[Entry]>([])
  let clock: TestClock<Duration>
  let start: Instant

  init(clock: TestClock<Duration>) {
    self.clock = clock
    start = clock.now
  }

  func seconds(_ instant: Instant) -> Double { start.duration(to: instant) / .seconds(1) }
  func add(_ entry: Entry) { entries.withValue { $0.append(entry) } }

  var rounded: [Entry] { entries.value.map(\.rounded) }

  var shown: [(frame: String, at: Double)] {
    entries.value.compactMap { if case .shown(let frame, let at) = $0 { (frame, at) } else { nil } }
  }
}

/// A sink that logs what it is asked to do; a frame is shown with the time it went on screen.
final class RecordingSink: FrameSink {
  let log: RunLog
  var canvas: Int = 80

  init(log: RunLog) { self.log = log }

  func encode(_ frame: String) -> String { frame }
  func show(_ frame: String) { log.add(.shown(frame, at: log.seconds(log.clock.now))) }
  func rewind() { log.add(.rewind) }
  func invalidate() { log.add(.invalidate) }
  func finish() { log.add(.finish) }
}

/// A clock-like mode: a frame shows the wall clock's whole second (and the canvas and a
/// label), and the next change is the next wall second.
final class SecondsMode: LiveMode {
  typealias Instant = ClockworkLiveTests.Instant
  let log: RunLog
  var label = "a"
  let framesAhead: Int
  let framesCaughtUp: Int
  /// Whether each tick changes the mode's state.
  let changesAtTicks: Bool
  var failAfter: Int?

  init(log: RunLog, framesAhead: Int = 1, framesCaughtUp: Int = 0, changesAtTicks: Bool = false) {
    self.log = log
    self.framesAhead = framesAhead
    self.framesCaughtUp = framesCaughtUp
    self.changesAtTicks = changesAtTicks
  }

  func skippedFrames(from first: Moment<Instant>, to now: Moment<Instant>) {
    log.add(.skipped(from: log.seconds(first.instant), to: log.seconds(now.instant)))
  }

  struct Broken: Error {}

  func frame(at moment: Moment<Instant>, on canvas: Int) throws -> Planned<String, Instant> {
    log.add(.drawn(at: log.seconds(moment.instant)))
    if let failAfter {
      guard failAfter > 0 else { throw Broken() }
      self.failAfter = failAfter - 1
    }
    let wall = moment.wall.timeIntervalSince1970
    let second = wall.rounded(.down)
    let next = moment.instant.advanced(by: .seconds(second + 1 - wall))
    return Planned("\(Int(second)) \(label) \(canvas)", next: next)
  }

  func handle(_ input: String, at moment: Moment<Instant>) -> LiveAction {
    log.add(.handled(input, at: log.seconds(moment.instant)))
    switch input {
    case "quit": return .quit(7)
    case "nothing": return .keepGoing
    default:
      label = input
      return .redraw
    }
  }

  func tick(at moment: Moment<Instant>) -> LiveAction {
    log.add(.tick(at: log.seconds(moment.instant)))
    guard changesAtTicks else { return .keepGoing }
    label += "+"
    return .redraw
  }
}

/// A scheduler on the test clock that can be frozen, as a process stopped without a signal
/// is: a deadline that comes meanwhile fires only on thawing, late.
final class FreezableScheduler: DeadlineScheduler, @unchecked Sendable {  // state in LockIsolated
  let inner: ClockScheduler<TestClock<Duration>>
  private let frozen = LockIsolated(false)
  private let pending = LockIsolated<Instant?>(nil)
  private let fire = LockIsolated<(@Sendable (Instant) -> Void)?>(nil)

  init(clock: TestClock<Duration>) { inner = ClockScheduler(clock: clock) }

  func start(fire: @escaping @Sendable (Instant) -> Void) {
    self.fire.setValue(fire)
    inner.start { [frozen, pending] deadline in
      if frozen.value { pending.setValue(deadline) } else { fire(deadline) }
    }
  }

  func schedule(_ deadline: Instant?) { inner.schedule(deadline) }
  func stop() { inner.stop() }
  func freeze() { frozen.setValue(true) }

  func thaw() {
    frozen.setValue(false)
    if let deadline = pending.value {
      pending.setValue(nil)
      fire.value?(deadline)
    }
  }
}

/// A runner on a test clock and a wall clock that follows it, started at `wallStart`.
struct Harness {
  let clock = TestClock()
  let log: RunLog
  let wall: TestWallClock
  let mode: SecondsMode
  let sink: RecordingSink
  let scheduler: FreezableScheduler
  let runner: FrameRunner<SecondsMode, RecordingSink, TestClock<Duration>>

  init(
    framesAhead: Int = 1, framesCaughtUp: Int = 0, changesAtTicks: Bool = false,
    wallStart: Double = 1_700_000_000.25
  ) {
    log = RunLog(clock: clock)
    wall = TestWallClock(start: Date(timeIntervalSince1970: wallStart), following: clock)
    mode = SecondsMode(
      log: log, framesAhead: framesAhead, framesCaughtUp: framesCaughtUp,
      changesAtTicks: changesAtTicks)
    sink = RecordingSink(log: log)
    scheduler = FreezableScheduler(clock: clock)
    let wall = wall
    runner = FrameRunner(
      mode: mode, sink: sink, clock: clock, wallNow: { wall.now() }, scheduler: scheduler)
  }

  /// Starts the run; its exit status comes from the task.
  func start() async throws -> Task<Int32, Never> {
    let runner = runner
    let task = Task { await runner.run() }
    try await yieldToTasks(until: { !log.shown.isEmpty })
    return task
  }

  /// Moves the test clock to a microsecond after `seconds` from the start (past the float noise
  /// of deadlines derived from wall times), once the runner sleeps, and lets it work until
  /// `condition` holds.
  func advance(to seconds: Double, until condition: () -> Bool = { true }) async throws {
    try await clock.waitForSleeper()
    await clock.advance(to: log.start.advanced(by: .seconds(seconds) + .microseconds(1)))
    try await yieldToTasks(until: condition)
  }

  /// Lets the runner handle what was sent, without time passing.
  func settle(until condition: () -> Bool) async throws { try await yieldToTasks(until: condition) }
}

/// A countdown's last change: frames until `end`, then none; its tick quits at `end`.
final class EndingMode: LiveMode {
  typealias Instant = ClockworkLiveTests.Instant
  let end: Instant
  /// Whether it quits at its end, as a timer does, or stays (a timer with --wait).
  let quits: Bool

  init(end: Instant, quits: Bool = true) { (self.end, self.quits) = (end, quits) }

  func frame(at moment: Moment<Instant>, on canvas: Int) throws -> Planned<String, Instant> {
    Planned(moment.instant < end ? "running" : "ended", next: moment.instant < end ? end : nil)
  }

  func handle(_ input: String, at moment: Moment<Instant>) -> LiveAction { .keepGoing }
  func tick(at moment: Moment<Instant>) -> LiveAction {
    quits && moment.instant >= end ? .quit(0) : .keepGoing
  }
}

/// A scheduler whose wake-up comes a microsecond before the deadline, as timer slack or a
/// second clock's rounding can make it.
final class EarlyScheduler: DeadlineScheduler, @unchecked Sendable {  // state in LockIsolated
  let clock: TestClock<Duration>
  let pending = LockIsolated<Instant?>(nil)
  private let fire = LockIsolated<(@Sendable (Instant) -> Void)?>(nil)

  init(clock: TestClock<Duration>) { self.clock = clock }

  func start(fire: @escaping @Sendable (Instant) -> Void) { self.fire.setValue(fire) }
  func schedule(_ deadline: Instant?) { pending.setValue(deadline) }
  func stop() { pending.setValue(nil) }

  /// Moves the clock to a microsecond before the pending deadline and fires it.
  func fireEarly() async {
    guard let deadline = pending.value else { return }
    await clock.advance(to: deadline.advanced(by: .microseconds(-1)))
    fire.value?(deadline)
  }
}
