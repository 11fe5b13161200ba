import ClockworkScene
import Testing

@Suite struct AnimationTimingTests {
  @Test func localTimeIsArithmetic() {
    var timing = AnimationTiming(beginTime: 10, duration: 2)
    timing.speed = 2
    timing.timeOffset = 0.5
    #expect(timing.localTime(at: 11) == 2.5)
    let expectedEnd: Double = 10 + (2 - 0.5) / 2
    #expect(timing.endTime == expectedEnd)
  }

  @Test(arguments: AnimationTiming.FillMode.allCases)
  func fillModesDecideOutsideTheWindow(mode: AnimationTiming.FillMode) {
    var timing = AnimationTiming(beginTime: 10, duration: 2)
    timing.fillMode = mode
    let before = timing.fraction(at: 9.999)
    let after = timing.fraction(at: 12)
    switch mode {
    case .removed: #expect(before == nil && after == nil)
    case .forwards: #expect(before == nil && after == 1)
    case .backwards: #expect(before == 0 && after == nil)
    case .both: #expect(before == 0 && after == 1)
    }
    #expect(timing.fraction(at: 10) == 0)
    #expect(timing.fraction(at: 11) == 0.5)
    #expect(timing.fraction(at: 11.999)! > 0.999)
  }

  @Test func repeatCountCapsIterations() {
    var timing = AnimationTiming(beginTime: 0, duration: 1)
    timing.repeatCount = 2.5
    timing.fillMode = .forwards
    #expect(timing.activeDuration == 2.5)
    #expect(timing.fraction(at: 1.25) == 0.25)  // second iteration
    #expect(timing.fraction(at: 2.25) == 0.25)  // third, partial
    #expect(timing.fraction(at: 2.5) == 0.5)  // ends half way through the third
    #expect(timing.fraction(at: 100) == 0.5)
  }

  @Test func autoreverseRunsOddIterationsBackwards() {
    var timing = AnimationTiming(beginTime: 0, duration: 1)
    timing.autoreverses = true
    timing.repeatCount = 2
    timing.fillMode = .both
    #expect(timing.activeDuration == 4)
    #expect(timing.fraction(at: 0.25) == 0.25)
    #expect(timing.fraction(at: 1.25) == 0.75)  // on the way back
    #expect(timing.fraction(at: 2.25) == 0.25)  // second iteration, forwards again
    #expect(timing.fraction(at: 3.75) == 0.25)
    #expect(timing.fraction(at: 4) == 0)  // ends where it started
  }

  @Test func infiniteRepeatNeverEnds() {
    var timing = AnimationTiming(beginTime: 0, duration: 1)
    timing.repeatCount = .infinity
    #expect(timing.endTime == .infinity)
    #expect(timing.fraction(at: 1_000_000.5) == 0.5)
  }

  @Test func repeatDurationOverridesRepeatCount() {
    var timing = AnimationTiming(beginTime: 0, duration: 1)
    timing.repeatCount = 10
    timing.repeatDuration = 1.5
    #expect(timing.activeDuration == 1.5)
    #expect(timing.fraction(at: 1.6) == nil)
  }

  @Test func timingFunctionEasesEachIteration() {
    var timing = AnimationTiming(beginTime: 0, duration: 1, timingFunction: .easeInEaseOut)
    timing.repeatCount = 2
    #expect(abs(timing.progress(at: 1.25)! - 0.129162) < 1e-5)
  }
}
