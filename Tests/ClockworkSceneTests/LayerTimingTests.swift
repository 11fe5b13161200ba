import ClockworkScene
import Testing

/// Layers' own clocks against Core Animation's arithmetic: a layer's time is
/// (parent's time − beginTime)·speed + timeOffset, inherited down the tree.
@Suite struct LayerTimingTests {
  /// A layer whose x slides from 0 to 100 over its own seconds 0 to 10.
  func slider(beginTime: Double = 0) -> Layer {
    let layer = Layer()
    layer.add(
      BasicAnimation(
        \Layer.position, from: Point(x: 0, y: 0), to: Point(x: 100, y: 0),
        timing: AnimationTiming(beginTime: beginTime, duration: 10)), forKey: "slide")
    return layer
  }

  /// The presented x of `root`'s sublayer `index` at scene time `t`.
  func x(_ root: Layer, _ index: Int, at t: Double) -> Double {
    root.presentation(at: t).sublayers[index].position.x
  }

  @Test func aPausedSubtreeStopsWhileItsSiblingsRun() {
    let root = Layer()
    let paused = slider()
    let running = slider()
    root.addSublayer(paused)
    root.addSublayer(running)
    paused.pause(at: 2)
    #expect(x(root, 0, at: 5) == 20 && x(root, 1, at: 5) == 50)
    #expect(x(root, 0, at: 9) == 20 && x(root, 1, at: 9) == 90)
    // Nothing in the paused subtree will change; the scene changes because its sibling runs.
    #expect(paused.nextFrameTime(after: 5) == nil)
    #expect(root.nextFrameTime(after: 5) == 5)
    #expect(root.nextFrameTime(after: 11) == nil)
  }

  @Test func aResumedSubtreeGoesOnFromWhereItStopped() {
    let root = Layer()
    let layer = slider()
    root.addSublayer(layer)
    layer.pause(at: 4)
    layer.resume(at: 10)
    #expect(x(root, 0, at: 10) == 40)
    #expect(x(root, 0, at: 11) == 50)
    #expect(layer.localTime(at: 16) == 10)
    #expect(root.nextFrameTime(after: 12) == 12)
  }

  @Test func beginTimeSpeedAndOffsetAreCoreAnimationsArithmetic() {
    let root = Layer()
    let layer = slider()
    layer.timing = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
    root.addSublayer(layer)
    // (3 − 1)·2 + 0.5 = 4.5 seconds of its own.
    #expect(layer.localTime(at: 3) == 4.5)
    #expect(x(root, 0, at: 3) == 45)
    #expect(x(root, 0, at: 5.5) == 95)
    // Its animation ends at its own 10 s, the scene's 1 + (10 − 0.5)/2 = 5.75: nothing after.
    #expect(root.nextFrameTime(after: 5.7) == 5.7)
    #expect(root.nextFrameTime(after: 5.75) == nil)
  }

  @Test func aLaterAnimationIsWaitedForInTheSceneTime() {
    let root = Layer()
    let layer = slider(beginTime: 10)
    layer.timing = LayerTiming(speed: 2)
    root.addSublayer(layer)
    // Its own 10 s is the scene's 5 s: the next change, and nothing drawn before it.
    #expect(root.nextFrameTime(after: 1) == 5)
    #expect(x(root, 0, at: 4.9) == 0)
  }

  @Test func clocksCompoundDownTheTree() {
    let root = Layer()
    let parent = Layer()
    parent.timing = LayerTiming(speed: 2)
    let child = slider()
    child.timing = LayerTiming(speed: 3)
    parent.addSublayer(child)
    root.addSublayer(parent)
    #expect(child.localTime(at: 0.5) == 3)
    #expect(root.presentation(at: 0.5).sublayers[0].sublayers[0].position.x == 30)
    // Running at the scene's 1 s (its own 6 s); over at its own 10 s, the scene's 10/6 s.
    #expect(root.nextFrameTime(after: 1) == 1)
    #expect(root.nextFrameTime(after: 10.0 / 6 + 0.01) == nil)
  }

  @Test func aScrubbedLayerShowsItsMomentAndNeverChanges() {
    let layer = slider()
    layer.timing = LayerTiming(speed: 0, timeOffset: 7.5)
    #expect(layer.presentation(at: 0).position.x == 75)
    #expect(layer.presentation(at: 100).position.x == 75)
    #expect(layer.nextFrameTime(after: 0) == nil)
  }

  @Test func aNegativeSpeedIsAStop() {
    #expect(LayerTiming(speed: -1).speed == 0)
    var timing = LayerTiming()
    timing.speed = -2
    #expect(timing.speed == 0)
  }

  @Test func completionsComeAtTheLayersOwnEnd() {
    let root = Layer()
    let layer = Layer()
    layer.timing = LayerTiming(speed: 2)
    var finished = false
    layer.add(
      BasicAnimation(
        \Layer.opacity, from: 0, to: 1, timing: AnimationTiming(beginTime: 0, duration: 10)),
      forKey: "fade", completion: { _ in finished = true })
    root.addSublayer(layer)
    root.settleAnimations(at: 4.9)
    #expect(!finished)
    root.settleAnimations(at: 5)
    #expect(finished)
  }
}
