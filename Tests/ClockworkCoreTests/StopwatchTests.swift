import ClockworkCore
import ClockworkTestSupport
import Foundation
import Testing

@Suite struct StopwatchTests {
  typealias Watch = Stopwatch<TestClock<Duration>.Instant>

  @Test func runsPausesAndResumesFromClockInstants() async throws {
    let clock = TestClock()
    var watch = Watch()
    #expect(watch.phase == .idle)
    #expect(watch.elapsed(at: clock.now) == .zero)
    try watch.start(at: clock.now)
    await clock.advance(by: .milliseconds(1500))
    #expect(watch.elapsed(at: clock.now) == .milliseconds(1500))
    try watch.pause(at: clock.now)
    await clock.advance(by: .seconds(10))
    #expect(watch.elapsed(at: clock.now) == .milliseconds(1500))
    try watch.resume(at: clock.now)
    await clock.advance(by: .milliseconds(250))
    #expect(watch.elapsed(at: clock.now) == .milliseconds(1750))
    #expect(watch.phase == .running)
  }

  @Test func lapsRecordSplitAndTotal() async throws {
    let clock = TestClock()
    var watch = Watch()
    try watch.start(at: clock.now)
    for ms in [3_210, 2_000, 4_500, 1_000] {
      await clock.advance(by: .milliseconds(ms))
      try watch.lap(at: clock.now)
    }
    #expect(watch.laps.map(\.number) == [1, 2, 3, 4])
    #expect(
      watch.laps.map(\.split) == [
        .milliseconds(3_210), .seconds(2), .milliseconds(4_500), .seconds(1),
      ])
    #expect(
      watch.laps.map(\.total) == [
        .milliseconds(3_210), .milliseconds(5_210), .milliseconds(9_710), .milliseconds(10_710),
      ])
    let sum = watch.laps.reduce(Duration.zero) { $0 + $1.split }
    #expect(sum == watch.laps.last?.total)
    #expect(watch.bestLap?.number == 4)
    #expect(watch.worstLap?.number == 3)
  }

  @Test func lapsExcludePausedTime() async throws {
    let clock = TestClock()
    var watch = Watch()
    try watch.start(at: clock.now)
    await clock.advance(by: .seconds(2))
    try watch.pause(at: clock.now)
    await clock.advance(by: .seconds(60))
    try watch.resume(at: clock.now)
    await clock.advance(by: .seconds(1))
    let lap = try watch.lap(at: clock.now)
    #expect(lap.split == .seconds(3))
  }

  @Test func illegalTransitionsThrowAndChangeNothing() async throws {
    let clock = TestClock()
    var watch = Watch()
    #expect(throws: StopwatchError(action: .lap, phase: .idle)) { try watch.lap(at: clock.now) }
    #expect(throws: StopwatchError(action: .pause, phase: .idle)) { try watch.pause(at: clock.now) }
    #expect(throws: StopwatchError(action: .reset, phase: .idle)) { try watch.reset() }
    try watch.start(at: clock.now)
    #expect(throws: StopwatchError(action: .start, phase: .running)) {
      try watch.start(at: clock.now)
    }
    #expect(throws: StopwatchError(action: .reset, phase: .running)) { try watch.reset() }
    #expect(throws: StopwatchError(action: .resume, phase: .running)) {
      try watch.resume(at: clock.now)
    }
    try watch.pause(at: clock.now)
    #expect(throws: StopwatchError(action: .lap, phase: .paused)) { try watch.lap(at: clock.now) }
    #expect(
      StopwatchError(action: .lap, phase: .paused).description
        == "cannot lap a stopwatch that is paused")
  }

  @Test func resetClearsLapsOnlyWhenPaused() async throws {
    let clock = TestClock()
    var watch = Watch()
    try watch.start(at: clock.now)
    await clock.advance(by: .seconds(1))
    try watch.lap(at: clock.now)
    try watch.pause(at: clock.now)
    try watch.reset()
    #expect(watch == Watch())
  }

  @Test func hundredHourRunKeepsCentisecondPrecision() async throws {
    let clock = TestClock()
    var watch = Watch()
    try watch.start(at: clock.now)
    await clock.advance(by: .seconds(100 * 3600) + .milliseconds(10))
    try watch.lap(at: clock.now)
    #expect(watch.elapsed(at: clock.now) == .seconds(360_000) + .milliseconds(10))
    #expect(StopwatchFormat.string(watch.elapsed(at: clock.now)) == "100:00:00.01")
  }

  @Test func bestAndWorstNeedTwoLaps() async throws {
    let clock = TestClock()
    var watch = Watch()
    try watch.start(at: clock.now)
    await clock.advance(by: .seconds(1))
    try watch.lap(at: clock.now)
    #expect(watch.bestLap == nil && watch.worstLap == nil)
  }

  @Test func codableRoundTripWithContinuousClock() throws {
    let clock = ContinuousClock()
    var watch = Stopwatch<ContinuousClock.Instant>()
    let start = clock.now
    try watch.start(at: start)
    try watch.lap(at: start.advanced(by: .seconds(2)))
    let data = try JSONEncoder().encode(watch)
    let decoded = try JSONDecoder().decode(Stopwatch<ContinuousClock.Instant>.self, from: data)
    #expect(decoded == watch)
    #expect(decoded.elapsed(at: start.advanced(by: .seconds(5))) == .seconds(5))
  }
}
