import ClockworkCore
import Testing

@testable import ClockworkModes

/// How the animated SVG's hands turn: the oscillators' own steps, started at the moment shown.
@Suite struct TurningClockSVGTests {
  @Test func aQuartzSecondHandJumpsSixDegreesEachSecond() {
    let turn = TurningClockSVG.secondTurn(.quartz, phase: 42)
    #expect(turn.discrete && turn.period == 60 && turn.phase == 42)
    #expect(turn.values.count == 60)
    for (index, value) in turn.values.enumerated() {
      #expect(abs(value - Double(index) * 6) < 1e-9)
      #expect(abs((turn.keyTimes?[index] ?? -1) - Double(index) / 60) < 1e-12)
    }
  }

  @Test func aMechanicalHandBeatsEightTimesASecond() {
    let turn = TurningClockSVG.secondTurn(.mechanical(), phase: 0)
    #expect(turn.discrete && turn.values.count == 480)
    #expect(abs(turn.values[1] - 0.75) < 1e-9)  // 6° a second in 8 beats
  }

  @Test func aRecoilingHandOvershootsThenSettlesAndNeverRunsBackwards() throws {
    let turn = TurningClockSVG.secondTurn(.quartzRecoil, phase: 0)
    let times = try #require(turn.keyTimes)
    #expect(!turn.discrete && times.count == turn.values.count)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(times.first == 0 && times.last == 1)
    // Second 10: two keys at its time, the hand still on 9 s then past 10 s by the overshoot
    // (a jump); on the mark once the recoil is over, held there to the next jump.
    let jump = try #require(times.lastIndex { abs($0 - 10.0 / 60) < 1e-12 })
    #expect(abs(turn.values[jump - 1] - 54) < 1e-6)
    #expect(abs(turn.values[jump] - (60 + 0.75)) < 1e-6)
    #expect(turn.values[jump + 1] < turn.values[jump] && turn.values[jump + 1] > 60)
    #expect(abs(turn.values[jump + 4] - 60) < 1e-6 && abs(turn.values[jump + 5] - 60) < 1e-6)
  }

  @Test func theSlowHandsTurnEvenlyFromTheMomentShown() {
    let time = WallTime(hour: 22, minute: 8, second: 42)
    let hour = TurningClockSVG.turn(of: .hourHand, at: time, dial: .twelveHour, oscillator: .quartz)
    #expect(hour.period == 43_200 && hour.phase == 10 * 3600 + 8 * 60 + 42)
    let day = TurningClockSVG.turn(
      of: .hourHand, at: time, dial: .twentyFourHour, oscillator: .quartz)
    #expect(day.period == 86_400 && day.phase == 22 * 3600 + 8 * 60 + 42)
    let minute = TurningClockSVG.turn(
      of: .minuteHand, at: time, dial: .twelveHour, oscillator: .sweep)
    #expect(minute.values == [0, 360] && minute.keyTimes == nil && minute.phase == 522)
  }

  @Test func numbersAreWrittenShort() {
    #expect(TurningClockSVG.number(256) == "256")
    #expect(TurningClockSVG.number(0.1) == "0.1")
    #expect(TurningClockSVG.number(1.0 / 3) == "0.3333")
    #expect(TurningClockSVG.number(-2.5) == "-2.5")
  }
}
