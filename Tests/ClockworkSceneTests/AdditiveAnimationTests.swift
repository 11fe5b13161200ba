import ClockworkScene
import Testing

/// Additive and cumulative animations, as Core Animation adds them: an additive value to the
/// model's (and to other additive animations'), a cumulative repetition on from the last.
@Suite struct AdditiveAnimationTests {
  static func slide(from: Double, to: Double, duration: Double = 2) -> BasicAnimation<Layer, Point>
  {
    BasicAnimation(
      \Layer.position, from: Point(x: from, y: 0), to: Point(x: to, y: 0),
      timing: AnimationTiming(duration: duration))
  }

  @Test func anAdditiveAnimationAddsItsValueToTheModels() {
    let layer = Layer()
    layer.position = Point(x: 50, y: 20)
    var nudge = Self.slide(from: 0, to: 10)
    nudge.isAdditive = true
    layer.add(nudge, forKey: "nudge")
    #expect(layer.presentation(at: 1).position == Point(x: 55, y: 20))
    #expect(layer.position == Point(x: 50, y: 20))
  }

  @Test func additiveAnimationsOfOnePropertyAddUp() {
    let layer = Layer()
    layer.position = Point(x: 50, y: 0)
    var one = Self.slide(from: 0, to: 10)
    one.isAdditive = true
    var two = Self.slide(from: 0, to: -4)
    two.isAdditive = true
    layer.add(one, forKey: "one")
    layer.add(two, forKey: "two")
    #expect(layer.presentation(at: 1).position.x == 50 + 5 - 2)
  }

  @Test func withoutAdditiveTheLastAnimationSetsTheValue() {
    let layer = Layer()
    layer.position = Point(x: 50, y: 0)
    layer.add(Self.slide(from: 0, to: 10), forKey: "slide")
    #expect(layer.presentation(at: 1).position.x == 5)
  }

  @Test func aCumulativeRepetitionGoesOnFromWhereTheLastEnded() {
    let layer = Layer()
    var steps = Self.slide(from: 0, to: 10, duration: 1)
    steps.timing.repeatCount = 3
    steps.timing.fillMode = .forwards
    steps.isCumulative = true
    layer.add(steps, forKey: "steps")
    #expect(layer.presentation(at: 0.5).position.x == 5)
    #expect(layer.presentation(at: 1.5).position.x == 15)
    #expect(layer.presentation(at: 2.5).position.x == 25)
    #expect(layer.presentation(at: 3).position.x == 30)
    #expect(layer.presentation(at: 9).position.x == 30)
  }

  @Test func aLongCumulativeRepetitionIsStillExact() {
    var counter = BasicAnimation(
      \Layer.opacity, from: 0, to: 1, timing: AnimationTiming(duration: 1))
    counter.timing.repeatCount = .infinity
    counter.isCumulative = true
    let layer = Layer()
    layer.add(counter, forKey: "count")
    #expect(layer.presentation(at: 1_000_000.25).opacity == 1_000_000.25)
  }

  @Test func theIterationShowingIsCountedAsCoreAnimationCountsIt() {
    var timing = AnimationTiming(duration: 1)
    timing.repeatCount = 3
    #expect(timing.iteration(at: -1) == 0)
    #expect(timing.iteration(at: 0.5) == 0)
    #expect(timing.iteration(at: 1) == 1)
    #expect(timing.iteration(at: 2.99) == 2)
    #expect(timing.iteration(at: 3) == 2)
    #expect(timing.iteration(at: 50) == 2)
  }
}
