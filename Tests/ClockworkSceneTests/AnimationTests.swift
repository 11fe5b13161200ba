import ClockworkScene
import Testing

@Suite struct AnimationTests {
  func ring() -> ShapeLayer {
    let layer = ShapeLayer()
    layer.strokeEnd = 0.3
    return layer
  }

  @Test func presentationNeverMutatesTheModel() throws {
    let layer = ring()
    layer.add(
      BasicAnimation(
        \ShapeLayer.strokeEnd, from: 0, to: 1, timing: AnimationTiming(beginTime: 0, duration: 10)),
      forKey: "p")
    let shown = try #require(layer.presentation(at: 5) as? ShapeLayer)
    #expect(shown.strokeEnd == 0.5)
    #expect(layer.strokeEnd == 0.3)
    #expect(shown !== layer)
  }

  @Test func missingFromOrToIsTheModelValue() throws {
    let layer = ring()
    layer.add(
      BasicAnimation(
        \ShapeLayer.strokeEnd, to: 1, timing: AnimationTiming(beginTime: 0, duration: 1)),
      forKey: "p")
    let shown = try #require(layer.presentation(at: 0.5) as? ShapeLayer)
    #expect(abs(shown.strokeEnd - 0.65) < 1e-12)
  }

  @Test func byAddsToFrom() throws {
    let layer = Layer()
    layer.position = Point(x: 10, y: 10)
    layer.add(
      BasicAnimation(
        \Layer.position, by: Point(x: 100, y: 0), timing: AnimationTiming(beginTime: 0, duration: 1)
      ), forKey: "slide")
    #expect(layer.presentation(at: 0.5).position == Point(x: 60, y: 10))
  }

  @Test func removedFillShowsTheModelAfterTheEnd() {
    let layer = Layer()
    layer.add(
      BasicAnimation(
        \Layer.opacity, from: 0, to: 0.5, timing: AnimationTiming(beginTime: 0, duration: 1)),
      forKey: "fade")
    #expect(layer.presentation(at: 0.5).opacity == 0.25)
    #expect(layer.presentation(at: 1).opacity == 1)
    #expect(layer.presentation(at: -1).opacity == 1)
  }

  @Test func animationsOfAnotherLayerTypeAreIgnored() {
    let layer = Layer()
    layer.add(
      BasicAnimation(
        \ShapeLayer.strokeEnd, from: 0, to: 1, timing: AnimationTiming(beginTime: 0, duration: 1)),
      forKey: "p")
    #expect(layer.presentation(at: 0.5).opacity == 1)
  }

  @Test func keyframesLinearDiscreteAndPaced() {
    let linear = KeyframeAnimation(\Layer.opacity, values: [0, 1, 0.5], keyTimes: [0, 0.25, 1])
    #expect(linear.value(at: 0.125) == 0.5)
    #expect(linear.value(at: 0.625) == 0.75)
    let discrete = KeyframeAnimation(
      \Layer.opacity, values: [0, 1, 0.5], calculationMode: .discrete)
    #expect(discrete.value(at: 0.4) == 0)
    #expect(discrete.value(at: 0.6) == 1)
    // Paced: 0 → 1 is twice as far as 1 → 1.5, so it takes two thirds of the time.
    let paced = KeyframeAnimation(\Layer.opacity, values: [0, 1, 1.5], calculationMode: .paced)
    #expect(abs(paced.value(at: 2.0 / 3)! - 1) < 1e-12)
    #expect(abs(paced.value(at: 1.0 / 3)! - 0.5) < 1e-12)
  }

  @Test func keyframeSegmentsHaveTheirOwnCurves() {
    let eased = KeyframeAnimation(
      \Layer.opacity, values: [0, 1, 0], timingFunctions: [.easeInEaseOut, .linear])
    #expect(abs(eased.value(at: 0.125)! - 0.129162) < 1e-5)
    #expect(abs(eased.value(at: 0.75)! - 0.5) < 1e-12)
  }

  @Test func groupsRunChildrenOnTheirTimeline() {
    let layer = Layer()
    let scale = BasicAnimation(
      \Layer.transform, from: .identity, to: AffineTransform(scale: 1.2),
      timing: AnimationTiming(beginTime: 0, duration: 1))
    let fade = BasicAnimation(
      \Layer.opacity, from: 0.7, to: 0, timing: AnimationTiming(beginTime: 0, duration: 1))
    var timing = AnimationTiming(beginTime: 100, duration: 1, timingFunction: .linear)
    timing.repeatCount = .infinity
    layer.add(AnimationGroup([scale, fade], timing: timing), forKey: "pulse")
    let shown = layer.presentation(at: 102.5)
    #expect(abs(shown.opacity - 0.35) < 1e-12)
    #expect(abs(shown.transform.a - 1.1) < 1e-12)
    #expect(layer.nextFrameTime(after: 50) == 100)
    #expect(layer.nextFrameTime(after: 1000) == 1000)
  }

  @Test func springsOvershootAndSettleWithinTheirSettlingDuration() {
    let spring = SpringAnimation(\Layer.opacity, from: 0, to: 1, stiffness: 200, damping: 8)
    let settle = spring.settlingDuration
    #expect(settle > 0.5 && settle < 60)
    let samples = stride(from: 0.0, through: settle, by: 0.001).map {
      spring.spring.position(at: $0)
    }
    #expect((samples.max() ?? 0) > 1.1)  // under-damped: overshoots
    for t in stride(from: settle, through: settle + 5, by: 0.001) {
      #expect(abs(spring.spring.position(at: t) - 1) <= Spring.restThreshold)
    }
    #expect(spring.spring.position(at: 0) == 0)
    let layer = Layer()
    layer.add(spring, forKey: "s")
    #expect(abs(layer.presentation(at: settle).opacity - 1) <= Spring.restThreshold)
  }

  @Test(arguments: [(1.0, 100.0, 20.0, 0.0), (1, 100, 40, 0), (2, 50, 5, 3), (1, 300, 10, -5)])
  func springsOfEveryDampingSettle(
    mass: Double, stiffness: Double, damping: Double, velocity: Double
  ) {
    let spring = Spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    let settle = spring.settlingDuration
    for t in stride(from: settle, through: settle + 3, by: 0.002) {
      #expect(abs(spring.position(at: t) - 1) <= Spring.restThreshold)
    }
  }

  @Test func replacingInterruptsOnlyTheOldAnimation() {
    let layer = Layer()
    var events: [String] = []
    let timing = AnimationTiming(beginTime: 0, duration: 1)
    layer.add(BasicAnimation(\Layer.opacity, from: 0, to: 1, timing: timing), forKey: "fade") {
      events.append("old \($0)")
    }
    layer.add(
      BasicAnimation(\Layer.position, to: Point(x: 5, y: 5), timing: timing), forKey: "move"
    ) { events.append("move \($0)") }
    layer.add(BasicAnimation(\Layer.opacity, from: 1, to: 0, timing: timing), forKey: "fade") {
      events.append("new \($0)")
    }
    #expect(events == ["old interrupted"])
    layer.settleAnimations(at: 0.5)
    #expect(events == ["old interrupted"])
    layer.settleAnimations(at: 1)
    #expect(events == ["old interrupted", "move finished", "new finished"])
    #expect(layer.animationKeys.isEmpty)
    layer.settleAnimations(at: 2)
    #expect(events.count == 3)
  }

  @Test func keptAnimationsReportOnceAndStay() {
    let layer = Layer()
    var count = 0
    var timing = AnimationTiming(beginTime: 0, duration: 1)
    timing.removedOnCompletion = false
    timing.fillMode = .forwards
    layer.add(BasicAnimation(\Layer.opacity, from: 1, to: 0, timing: timing), forKey: "fade") { _ in
      count += 1
    }
    layer.settleAnimations(at: 5)
    layer.settleAnimations(at: 6)
    #expect(count == 1)
    #expect(layer.animationKeys == ["fade"])
    #expect(layer.presentation(at: 6).opacity == 0)
  }

  @Test func removingInterrupts() {
    let layer = Layer()
    var result: AnimationCompletion?
    layer.add(
      BasicAnimation(\Layer.opacity, to: 0, timing: AnimationTiming(beginTime: 0, duration: 1)),
      forKey: "f"
    ) { result = $0 }
    layer.removeAnimation(forKey: "f")
    #expect(result == .interrupted)
  }

  @Test func nextFrameTimeIsNilWhenNothingRuns() {
    let root = Layer()
    let child = Layer()
    root.addSublayer(child)
    #expect(root.nextFrameTime(after: 0) == nil)
    child.add(
      BasicAnimation(\Layer.opacity, to: 0, timing: AnimationTiming(beginTime: 5, duration: 1)),
      forKey: "f")
    #expect(root.nextFrameTime(after: 0) == 5)
    #expect(root.nextFrameTime(after: 5.5) == 5.5)
    #expect(root.nextFrameTime(after: 6) == nil)
  }

  @Test func sublayerAnimationsShowInThePresentationTree() throws {
    let root = Layer()
    let child = ShapeLayer()
    root.addSublayer(child)
    child.add(
      BasicAnimation(
        \ShapeLayer.strokeEnd, from: 0, to: 1, timing: AnimationTiming(beginTime: 0, duration: 4)),
      forKey: "p")
    let shown = try #require(root.presentation(at: 1).sublayers.first as? ShapeLayer)
    #expect(shown.strokeEnd == 0.25)
  }

  @Test func presentationCopiesKnowTheirModelLayers() {
    let root = Layer()
    let child = Layer()
    child.mask = Layer()
    root.addSublayer(child)
    let shown = root.presentation(at: 0)
    #expect(shown.modelLayer === root)
    #expect(shown.sublayers[0].modelLayer === child)
    #expect(shown.sublayers[0].mask?.modelLayer === child.mask)
    #expect(shown.presentation(at: 1).modelLayer === root)
    #expect(root.modelLayer == nil)
    #expect(root.copy().modelLayer == nil)
  }
}
