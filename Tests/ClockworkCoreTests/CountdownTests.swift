import ClockworkCore
import ClockworkTestSupport
import Foundation
import Testing

@Suite struct CountdownTests {
  typealias Timer = Countdown<TestClock<Duration>.Instant>

  @Test func rejectsZeroNegativeAndTooLong() {
    #expect(throws: CountdownError.notPositive) { try Timer(duration: .zero) }
    #expect(throws: CountdownError.notPositive) { try Timer(duration: .seconds(-1)) }
    #expect(throws: CountdownError.tooLong) { try Timer(duration: .seconds(100 * 86_400 + 1)) }
    #expect(throws: Never.self) { try Timer(duration: .seconds(100 * 86_400)) }
  }

  @Test func remainingAndProgressComeFromTheDeadline() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(10))
    #expect(timer.remaining(at: clock.now) == .seconds(10))
    #expect(timer.progress(at: clock.now) == 0)
    timer.start(at: clock.now)
    await clock.advance(by: .milliseconds(2500))
    #expect(timer.remaining(at: clock.now) == .milliseconds(7500))
    #expect(timer.progress(at: clock.now) == 0.25)
    await clock.advance(by: .milliseconds(7500))
    #expect(timer.isFinished(at: clock.now))
    #expect(timer.progress(at: clock.now) == 1)
    await clock.advance(by: .seconds(5))
    #expect(timer.remaining(at: clock.now) == .zero)
  }

  @Test func finishInstantIsTheDeadline() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(3))
    #expect(timer.finishInstant == nil)
    let start = clock.now
    timer.start(at: start)
    #expect(timer.finishInstant == start.advanced(by: .seconds(3)))
  }

  @Test func pauseFreezesAndResumeShiftsTheDeadline() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(10))
    timer.start(at: clock.now)
    await clock.advance(by: .seconds(4))
    timer.pause(at: clock.now)
    #expect(timer.finishInstant == nil)
    await clock.advance(by: .seconds(100))
    #expect(timer.remaining(at: clock.now) == .seconds(6))
    timer.resume(at: clock.now)
    #expect(timer.finishInstant == clock.now.advanced(by: .seconds(6)))
    await clock.advance(by: .seconds(6))
    #expect(timer.isFinished(at: clock.now))
  }

  @Test func restartLeavesNoStaleFinish() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(10))
    timer.start(at: clock.now)
    let firstRun = timer.run
    let firstFinish = timer.finishInstant
    await clock.advance(by: .seconds(8))
    timer.restart(at: clock.now)
    #expect(timer.run == firstRun + 1)
    #expect(timer.finishInstant != firstFinish)
    await clock.advance(by: .seconds(3))  // past the first run's deadline
    #expect(!timer.isFinished(at: clock.now))
    #expect(timer.remaining(at: clock.now) == .seconds(7))
  }

  @Test func addingAndRemovingTime() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(60))
    timer.start(at: clock.now)
    await clock.advance(by: .seconds(30))
    timer.add(.seconds(60), at: clock.now)
    #expect(timer.remaining(at: clock.now) == .seconds(90))
    #expect(timer.duration == .seconds(120))
    #expect(timer.progress(at: clock.now) == 0.25)
    timer.add(.seconds(-200), at: clock.now)
    #expect(timer.remaining(at: clock.now) == .zero)
    #expect(timer.isFinished(at: clock.now))
  }

  /// + and − change this run; a restart counts down the length it was started with, as GNOME
  /// Clocks and KClock do. Restored from disk, it remembers that length.
  @Test func aRestartAfterAddingTimeCountsDownTheLengthItWasStartedWith() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(60))
    timer.start(at: clock.now)
    timer.add(.seconds(120), at: clock.now)
    #expect(timer.remaining(at: clock.now) == .seconds(180))
    await clock.advance(by: .seconds(10))
    timer.restart(at: clock.now)
    #expect(timer.remaining(at: clock.now) == .seconds(60))
    #expect(timer.progress(at: clock.now) == 0)
    var restored = try Timer(
      duration: .seconds(180), remaining: .seconds(100), running: true, at: clock.now,
      length: .seconds(60))
    restored.restart(at: clock.now)
    #expect(restored.remaining(at: clock.now) == .seconds(60))
  }

  @Test func addingWhilePausedAndCappedAtTheMaximum() async throws {
    let clock = TestClock()
    var timer = try Timer(duration: .seconds(60))
    timer.start(at: clock.now)
    timer.pause(at: clock.now)
    timer.add(.seconds(60), at: clock.now)
    #expect(timer.remaining(at: clock.now) == .seconds(120))
    timer.add(.seconds(200 * 86_400), at: clock.now)
    #expect(timer.remaining(at: clock.now) == Timer.maximumDuration)
    #expect(timer.duration == Timer.maximumDuration)
  }

  @Test func codableRoundTrip() throws {
    var timer = try Countdown<ContinuousClock.Instant>(duration: .seconds(90))
    timer.start(at: ContinuousClock().now)
    let data = try JSONEncoder().encode(timer)
    #expect(try JSONDecoder().decode(Countdown<ContinuousClock.Instant>.self, from: data) == timer)
  }
}
