import ClockworkLive
import ClockworkTestSupport
import Foundation
import Testing

/// The wall clock starts at x.25 s, so its seconds turn at 0.75, 1.75, … on the test clock.
@Suite(.timeLimit(.minutes(1))) struct FrameRunnerTests {
  let t0 = 1_700_000_000

  @Test func framesStartAtTheirDeadlinesAcrossABatch() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    // The present, then four frames drawn ahead in one go, before any deadline.
    #expect(
      run.log.rounded == [
        .rewind, .drawn(at: 0), .shown("\(t0) a 80", at: 0), .drawn(at: 0.751), .drawn(at: 1.751),
        .drawn(at: 2.751), .drawn(at: 3.751),
      ])
    for (index, second) in [0.75, 1.75, 2.75, 3.75, 4.75, 5.75].enumerated() {
      try await run.advance(to: second, until: { run.log.shown.count == index + 2 })
    }
    run.runner.stop(0)
    #expect(await task.value == 0)
    let shown = run.log.shown.dropFirst()
    #expect(shown.map(\.frame) == (1...6).map { "\(t0 + $0) a 80" })
    for (frame, deadline) in zip(shown, [0.75, 1.75, 2.75, 3.75, 4.75, 5.75]) {
      #expect(
        abs(frame.at - deadline) < 1e-5, "\(frame.frame) shown at \(frame.at), due at \(deadline)")
    }
    // The second batch was drawn when the first had all been shown.
    let drawn = run.log.entries.value.filter { if case .drawn = $0 { true } else { false } }
    #expect(drawn.count == 9)
  }

  /// A wake-up a hair before the last deadline still ends the run: before, the mode was asked
  /// at a moment just short of its end, had nothing more to draw, and the runner waited forever
  /// (a timer with no pulse or backdrop never ended).
  @Test func aWakeUpJustBeforeTheLastDeadlineIsThatDeadline() async throws {
    let clock = TestClock()
    let log = RunLog(clock: clock)
    let scheduler = EarlyScheduler(clock: clock)
    let mode = EndingMode(end: clock.now.advanced(by: .seconds(2)))
    let runner = FrameRunner(
      mode: mode, sink: RecordingSink(log: log), clock: clock, wallNow: { Date() },
      scheduler: scheduler)
    let task = Task { await runner.run() }
    try await yieldToTasks(until: { scheduler.pending.value != nil })
    await scheduler.fireEarly()
    #expect(await task.value == 0)
  }

  /// FWTClock's `isTicking`: on while frames are scheduled, off when the mode has nothing more
  /// to show and after the run.
  @Test func isTickingWhileFramesAreScheduled() async throws {
    let run = Harness(framesAhead: 1)
    #expect(!run.runner.isTicking, "not before the run")
    let task = try await run.start()
    #expect(run.runner.isTicking)
    run.runner.stop(0)
    _ = await task.value
    #expect(!run.runner.isTicking, "not after it")

    let clock = TestClock()
    let scheduler = EarlyScheduler(clock: clock)
    let wall = TestWallClock(start: Date(timeIntervalSince1970: Double(t0)), following: clock)
    let runner = FrameRunner(
      mode: EndingMode(end: clock.now.advanced(by: .seconds(2)), quits: false),
      sink: RecordingSink(log: RunLog(clock: clock)), clock: clock,
      wallNow: { wall.now() }, scheduler: scheduler)
    let ending = Task { await runner.run() }
    try await yieldToTasks(until: { scheduler.pending.value != nil })
    #expect(runner.isTicking)
    await scheduler.fireEarly()
    try await yieldToTasks(until: { !runner.isTicking })
    #expect(scheduler.pending.value == nil, "the last frame is shown and nothing more is due")
    runner.stop(0)
    _ = await ending.value
  }

  @Test func anInputMidBatchRepaintsAndTheRestOfTheBatchIsNeverShown() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    try await run.advance(to: 0.75, until: { run.log.shown.count == 2 })
    try await run.advance(to: 1.0)
    run.runner.send(.input("b"))
    try await run.settle(until: { run.log.shown.count == 3 })
    #expect(run.log.shown.last?.frame == "\(t0 + 1) b 80")
    #expect(run.log.shown.last.map { abs($0.at - 1.0) < 1e-5 } == true)
    // Held frames of the old batch were thrown away: the sink was told before the repaint.
    #expect(run.log.entries.value.contains(.rewind))
    try await run.advance(to: 1.75, until: { run.log.shown.count == 4 })
    #expect(run.log.shown.last?.frame == "\(t0 + 2) b 80")
    run.runner.stop(0)
    _ = await task.value
  }

  @Test func anInputThatChangesNothingKeepsTheHeldFrames() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    let before = run.log.entries.value.count
    run.runner.send(.input("nothing"))
    try await run.advance(to: 0.75, until: { run.log.shown.count == 2 })
    // the input, the tick and the held frame, nothing drawn
    #expect(run.log.entries.value.count == before + 3)
    run.runner.stop(0)
    _ = await task.value
  }

  @Test func aResizeRepaintsWholeForTheNewCanvas() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    try await run.advance(to: 0.75, until: { run.log.shown.count == 2 })
    run.runner.queue.sync { run.sink.canvas = 120 }
    run.runner.send(.repaint)
    try await run.settle(until: { run.log.shown.count == 3 })
    #expect(run.log.entries.value.contains(.invalidate))
    #expect(run.log.shown.last?.frame == "\(t0 + 1) a 120")
    try await run.advance(to: 1.75, until: { run.log.shown.count == 4 })
    #expect(run.log.shown.last?.frame == "\(t0 + 2) a 120")
    run.runner.stop(0)
    _ = await task.value
  }

  @Test func aResizeStormIsOneRedrawAndInputAndSignalsKeepTheirPlace() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    run.runner.queue.sync { run.sink.canvas = 120 }  // the size the storm ends at
    let busy = DispatchSemaphore(value: 0)
    run.runner.queue.async { busy.wait() }  // the runner is drawing while the storm comes
    for _ in 0..<1000 { run.runner.send(.repaint) }
    run.runner.send(.input("b"))
    for _ in 0..<1000 { run.runner.send(.repaint) }
    run.runner.send(.signal(SIGINT))
    busy.signal()
    #expect(await task.value == 128 + SIGINT)
    let invalidated = run.log.entries.value.filter { $0 == .invalidate }
    #expect(invalidated.count == 1)
    // One repaint for the new size, then the input, then the signal: nothing was dropped.
    #expect(run.log.shown.map(\.frame).suffix(2) == ["\(t0) a 120", "\(t0) b 120"])
  }

  @Test func aRepaintSentWhileOneIsDrawnIsDrawnToo() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    run.runner.send(.repaint)
    try await run.settle(until: { run.log.entries.value.contains(.invalidate) })
    run.runner.queue.sync { run.sink.canvas = 100 }
    run.runner.send(.repaint)
    try await run.settle(until: { run.log.shown.last?.frame == "\(t0) a 100" })
    #expect(run.log.entries.value.filter { $0 == .invalidate }.count == 2)
    run.runner.stop(0)
    _ = await task.value
  }

  @Test(arguments: [0.4, -0.4])
  func aWallClockStepRealignsAtTheNextChange(step: Double) async throws {
    let run = Harness(framesAhead: 8)
    let task = try await run.start()
    try await run.advance(to: 0.75, until: { run.log.shown.count == 2 })
    run.wall.step(by: .seconds(step))
    // The next deadline was computed before the step: its held frame is not shown, the present
    // is drawn instead, and the deadlines after it follow the stepped wall clock.
    try await run.advance(to: 1.75, until: { run.log.shown.count == 3 })
    let stepped = Double(t0) + 1.75 + 0.25 + step
    #expect(run.log.shown.last?.frame == "\(Int(stepped.rounded(.down))) a 80")
    let nextTurn = 1.75 + (stepped.rounded(.up) - stepped)
    try await run.advance(to: nextTurn, until: { run.log.shown.count == 4 })
    #expect(run.log.shown.last?.frame == "\(Int(stepped.rounded(.up))) a 80")
    #expect(run.log.shown.last.map { abs($0.at - nextTurn) < 1e-5 } == true)
    run.runner.stop(0)
    _ = await task.value
  }

  @Test func aWakeUpAfterAFreezeDrawsThePresentNotAHeldFrame() async throws {
    let run = Harness(framesAhead: 8)
    let task = try await run.start()
    try await run.clock.waitForSleeper()
    // Stopped without a signal: the first deadline's tick comes 10.5 s late.
    run.scheduler.freeze()
    await run.clock.advance(by: .seconds(11.25))
    run.scheduler.thaw()
    try await run.settle(until: { run.log.shown.count == 2 })
    #expect(run.log.shown.last?.frame == "\(t0 + 11) a 80")
    #expect(run.log.shown.last.map { abs($0.at - 11.25) < 1e-5 } == true)
    try await run.advance(to: 11.75, until: { run.log.shown.count == 3 })
    #expect(run.log.shown.last?.frame == "\(t0 + 12) a 80")
    run.runner.stop(0)
    _ = await task.value
  }

  /// Plain lines promise a line a second: a wake-up 3.5 s late shows the three frames it
  /// missed, late and in order, each ticked at its own deadline, then goes on on time.
  @Test(arguments: [1, 4])
  func aModeThatCatchesUpShowsEachMissedFrameLate(framesAhead: Int) async throws {
    let run = Harness(framesAhead: framesAhead, framesCaughtUp: 10)
    let task = try await run.start()
    try await run.clock.waitForSleeper()
    run.scheduler.freeze()
    await run.clock.advance(by: .seconds(3.5))
    run.scheduler.thaw()
    try await run.settle(until: { run.log.shown.count == 4 })
    #expect(run.log.shown.map(\.frame) == (0...3).map { "\(t0 + $0) a 80" })
    #expect(run.log.shown.dropFirst().allSatisfy { abs($0.at - 3.5) < 1e-5 }, "\(run.log.shown)")
    let ticks = run.log.rounded.compactMap { if case .tick(let at) = $0 { at } else { nil } }
    #expect(ticks == [0.75, 1.75, 2.75])
    try await run.advance(to: 3.75, until: { run.log.shown.count == 5 })
    #expect(run.log.shown.last?.frame == "\(t0 + 4) a 80")
    #expect(run.log.shown.last.map { abs($0.at - 3.75) < 1e-5 } == true)
    run.runner.stop(0)
    _ = await task.value
  }

  /// Past its limit the rest are left out, said to the mode, and the present is shown.
  @Test func aModeThatCatchesUpSaysWhatItLeftOut() async throws {
    let run = Harness(framesAhead: 1, framesCaughtUp: 2)
    let task = try await run.start()
    try await run.clock.waitForSleeper()
    run.scheduler.freeze()
    await run.clock.advance(by: .seconds(10.5))
    run.scheduler.thaw()
    try await run.settle(until: { run.log.shown.count == 4 })
    #expect(
      run.log.shown.map(\.frame) == [
        "\(t0) a 80", "\(t0 + 1) a 80", "\(t0 + 2) a 80", "\(t0 + 10) a 80",
      ])
    #expect(run.log.rounded.contains(.skipped(from: 2.75, to: 10.5)))
    run.runner.stop(0)
    _ = await task.value
  }

  /// A key typed before the runner comes to it is handled as of when it came (its wall time
  /// too), but never before what the mode was last told of.
  @Test func anInputIsTimedByItsArrivalNotBeforeTheLastTick() async throws {
    let run = Harness(framesAhead: 1)
    let task = try await run.start()
    let typed = run.clock.now
    try await run.advance(to: 0.5)
    run.runner.send("nothing", arrivedAt: typed)
    try await run.settle(until: { run.log.rounded.contains(.handled("nothing", at: 0)) })
    try await run.advance(to: 0.75, until: { run.log.shown.count == 2 })
    run.runner.send("nothing", arrivedAt: typed.advanced(by: .seconds(0.6)))
    try await run.settle(until: {
      run.log.entries.value.filter { if case .handled = $0 { true } else { false } }.count == 2
    })
    let tick = run.log.rounded.compactMap { if case .tick(let at) = $0 { at } else { nil } }.last
    #expect(run.log.rounded.last == .handled("nothing", at: tick ?? -1), "\(run.log.rounded)")
    run.runner.stop(0)
    _ = await task.value
  }

  @Test func aModeThatChangesAtEveryTickNeverGetsFramesAhead() async throws {
    let run = Harness(framesAhead: 1, changesAtTicks: true)
    let task = try await run.start()
    for (index, second) in [0.75, 1.75, 2.75].enumerated() {
      try await run.advance(to: second, until: { run.log.shown.count == 2 * (index + 1) + 1 })
    }
    run.runner.stop(0)
    _ = await task.value
    // Never more than one frame drawn for the future before the next tick.
    var ahead = 0
    var worst = 0
    for entry in run.log.entries.value {
      switch entry {
      case .drawn(let at) where at > run.log.seconds(run.clock.now) - 3: ahead += 1
      case .tick: ahead = 0
      default: break
      }
      worst = max(worst, ahead)
    }
    #expect(worst <= 2)  // the present and one frame ahead
    #expect(run.log.shown.map(\.frame).suffix(2) == ["\(t0 + 3) a++ 80", "\(t0 + 3) a+++ 80"])
  }

  @Test func stoppingEndsCleanlyAndNothingIsShownAfter() async throws {
    let run = Harness(framesAhead: 4)
    let task = try await run.start()
    run.runner.stop(5)
    #expect(await task.value == 5)
    await run.clock.advance(by: .seconds(10))
    try await Task.sleep(for: .zero)
    #expect(run.log.shown.count == 1)
    #expect(run.log.entries.value.filter { $0 == .finish }.count == 1)
    run.runner.send(.input("b"))
    run.runner.queue.sync {}
    #expect(run.log.shown.count == 1)
  }

  @Test func aSignalEndsWith128PlusItsNumber() async throws {
    let run = Harness()
    let task = try await run.start()
    run.runner.send(.signal(15))
    #expect(await task.value == 143)
    #expect(run.log.entries.value.last == .finish)
  }

  /// A run held up in a frame (the runner's queue busy) can be ended from outside only while
  /// it has not begun to end by itself; once claimed, the runner leaves the end to the claimer.
  @Test func theEndIsClaimedOnceByTheRunnerOrFromOutside() async throws {
    let run = Harness()
    let task = try await run.start()
    run.runner.send(.signal(15))
    #expect(await task.value == 143)
    #expect(!run.runner.claimEnd(), "the runner ended the run itself")

    let held = Harness()
    let heldTask = try await held.start()
    held.runner.queue.suspend()  // as a frame that takes long to draw
    held.runner.send(.signal(15))
    #expect(held.runner.claimEnd(), "not begun: the claimer ends it")
    #expect(!held.runner.claimEnd())
    held.runner.queue.resume()
    held.runner.queue.sync {}
    #expect(held.log.entries.value.last != .finish, "the runner does not end a claimed run")
    heldTask.cancel()
  }

  @Test func aModeThatQuitsEndsTheRunWithItsStatus() async throws {
    let run = Harness()
    let task = try await run.start()
    run.runner.send(.input("quit"))
    #expect(await task.value == 7)
  }

  @Test func aFrameThatCannotBeDrawnEndsWithStatus1() async throws {
    let run = Harness(framesAhead: 2)
    run.mode.failAfter = 2
    let runner = run.runner
    let task = Task { await runner.run() }
    #expect(await task.value == ExitStatus.failure)
    #expect(run.runner.failure is SecondsMode.Broken)
    #expect(run.log.entries.value.last == .finish)
  }
}
