import ClockworkCore
import ClockworkTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct TickerTests {
  @Test func wakesAtEachDeadline() async throws {
    let clock = TestClock()
    let start = clock.now
    let ticks = LockIsolated<[Duration]>([])
    let task = Task {
      await Ticker(clock: clock).run(next: { now in
        start.advanced(by: WallSeconds.nextMultiple(of: .seconds(1), after: start.duration(to: now)))
      }) { now in
        ticks.withValue { $0.append(start.duration(to: now)) }
        return true
      }
    }
    // Straight to each deadline once the ticker sleeps toward it (stepping the clock in small
    // increments let a loaded machine tick a step late; advancing before the ticker's first
    // sleep made it skip the first tick).
    for second in 1...3 {
      try await clock.waitForSleeper()
      await clock.advance(to: start.advanced(by: .seconds(second)))
      try await yieldToTasks(until: { ticks.value.count == second })
    }
    task.cancel()
    await task.value
    #expect(ticks.value == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test func skipsDeadlinesMissedWhileWorking() async throws {
    let clock = TestClock()
    let start = clock.now
    let ticks = LockIsolated<[Duration]>([])
    let (workDone, finishWork) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      await Ticker(clock: clock).run(next: { now in
        start.advanced(by: WallSeconds.nextMultiple(of: .seconds(1), after: start.duration(to: now)))
      }) { now in
        ticks.withValue { $0.append(start.duration(to: now)) }
        if ticks.value.count == 1 {
          for await _ in workDone { break }  // the first step's work is slow
        }
        return ticks.value.count < 2
      }
    }
    try await clock.advance(until: { ticks.value.count == 1 }, step: .milliseconds(100))
    // While the work runs, 2.5 s pass: the deadlines at 2 s and 3 s are missed.
    await clock.advance(by: .milliseconds(2500))
    finishWork.yield()
    try await clock.advance(until: { ticks.value.count == 2 }, step: .milliseconds(100))
    await task.value
    #expect(ticks.value == [.seconds(1), .seconds(4)])
  }

  @Test func stopsWhenNextIsNilOrBodySaysSo() async throws {
    let clock = TestClock()
    let count = LockIsolated(0)
    await Ticker(clock: clock).run(next: { _ in nil }) { _ in
      count.withValue { $0 += 1 }
      return true
    }
    #expect(count.value == 0)
  }

  @Test func cancellationEndsTheRun() async throws {
    let clock = TestClock()
    let task = Task {
      await Ticker(clock: clock).run(next: { $0.advanced(by: .seconds(1)) }) { _ in true }
    }
    await Task.megaYield()
    task.cancel()
    await task.value  // Returns: the sleep threw CancellationError.
  }

  @Test func wallSecondsAlignAndRealignAfterAStep() async throws {
    let clock = TestClock()
    let wall = TestWallClock(start: Date(timeIntervalSince1970: 1_000.25), following: clock)
    let stamps = LockIsolated<[Double]>([])
    let task = Task {
      await Ticker(clock: clock).runWallSeconds(wallNow: wall.now) { date in
        stamps.withValue { $0.append(date.timeIntervalSince1970) }
        return true
      }
    }
    try await clock.advance(until: { stamps.value.count == 2 }, step: .milliseconds(10))
    #expect(stamps.value.map { ($0 * 1000).rounded() / 1000 } == [1001, 1002])
    // NTP steps the wall clock 0.3 s forward: the sleep in progress ends late once (wall
    // 1003.3), the next lands on the boundary again. The step comes once the ticker sleeps.
    try await clock.waitForSleeper()
    wall.step(by: .milliseconds(300))
    try await clock.advance(until: { stamps.value.count == 4 }, step: .milliseconds(10))
    #expect(abs(stamps.value[2] - 1003.3) < 0.011)
    #expect(abs(stamps.value[3] - 1004) < 0.011 && stamps.value[3] >= 1004)
    // A step back by 0.5 s: the early wake-up (wall 1004.5) shows nothing; 1005 comes next.
    try await clock.waitForSleeper()
    wall.step(by: .milliseconds(-500))
    try await clock.advance(until: { stamps.value.count == 5 }, step: .milliseconds(10))
    task.cancel()
    await task.value
    #expect(abs(stamps.value[4] - 1005) < 0.011 && stamps.value[4] >= 1005)
  }

  @Test func nextMultiple() {
    #expect(WallSeconds.nextMultiple(of: .seconds(1), after: .milliseconds(2500)) == .seconds(3))
    #expect(WallSeconds.nextMultiple(of: .seconds(1), after: .seconds(3)) == .seconds(4))
    #expect(WallSeconds.nextMultiple(of: .milliseconds(10), after: .zero) == .milliseconds(10))
  }

  @Test func delayToNextSecond() {
    #expect(WallSeconds.delayToNextSecond(after: Date(timeIntervalSince1970: 10.75)) == .milliseconds(250))
    #expect(WallSeconds.delayToNextSecond(after: Date(timeIntervalSince1970: 10)) == .seconds(1))
  }
}
