/// A layer's animations and clock, and what it shows at a time: its animations applied in its
/// own time, and when that next changes.
extension Layer {
  // MARK: Animations

  /// Adds `animation` under `key`. An animation already under that key is interrupted (its
  /// completion runs with `.interrupted`); others are untouched.
  public func add(
    _ animation: any Animation, forKey key: String,
    completion: ((AnimationCompletion) -> Void)? = nil
  ) {
    if let index = animationEntries.firstIndex(where: { $0.key == key }) {
      let old = animationEntries.remove(at: index)
      if !old.reported { old.completion?(.interrupted) }
    }
    animationEntries.append((key, animation, completion, false))
  }

  /// Removes the animation under `key`; if it had not finished, its completion runs with
  /// `.interrupted`.
  public func removeAnimation(forKey key: String) {
    guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
    let old = animationEntries.remove(at: index)
    if !old.reported { old.completion?(.interrupted) }
  }

  /// Removes every animation; each one whose completion was not yet reported hears `.interrupted`.
  public func removeAllAnimations() {
    for key in animationKeys { removeAnimation(forKey: key) }
  }

  /// The keys of the layer's animations, in the order they were added.
  public var animationKeys: [String] { animationEntries.map(\.key) }

  /// The animation added under `key`.
  public func animation(forKey key: String) -> (any Animation)? {
    animationEntries.first { $0.key == key }?.animation
  }

  /// Reports animations in this tree whose active window has ended by `t` seconds (completion with
  /// `.finished`) and removes those marked `removedOnCompletion`. Call it as time moves on;
  /// presentation never does this itself.
  public func settleAnimations(at t: Double) {
    let t = timing.localTime(at: t)
    var finished: [(AnimationCompletion) -> Void] = []
    for index in animationEntries.indices where !animationEntries[index].reported {
      if animationEntries[index].animation.timing.endTime <= t {
        animationEntries[index].reported = true
        if let completion = animationEntries[index].completion { finished.append(completion) }
      }
    }
    animationEntries.removeAll { $0.reported && $0.animation.timing.removedOnCompletion }
    for sublayer in sublayers { sublayer.settleAnimations(at: t) }
    mask?.settleAnimations(at: t)
    for completion in finished { completion(.finished) }
  }

  // MARK: Timing

  /// The layer's own time when the scene's (its root's) is `sceneTime`: each ancestor's clock
  /// applied, from the root down.
  public func localTime(at sceneTime: Double) -> Double {
    timing.localTime(at: superlayer?.localTime(at: sceneTime) ?? sceneTime)
  }

  /// Stops the layer's clock at scene time `sceneTime`: it and its sublayers show that moment
  /// until ``resume(at:)`` (Core Animation's speed 0 with the time as offset).
  public func pause(at sceneTime: Double) {
    let now = localTime(at: sceneTime)
    timing = LayerTiming(speed: 0, timeOffset: now)
  }

  /// Starts a paused clock again at scene time `sceneTime`, from where it stopped.
  public func resume(at sceneTime: Double) {
    let stopped = timing.timeOffset
    let parent = superlayer?.localTime(at: sceneTime) ?? sceneTime
    timing = LayerTiming(beginTime: parent, speed: 1, timeOffset: stopped)
  }

  // MARK: Presentation

  /// What a viewer sees at `t` seconds of scene time: a copy of the tree with every animation
  /// applied. The model is not changed. Under a layer with a `rasterizationKey` whose
  /// sublayers have no animations, the copies are made when the key changes and shown again
  /// while it stays the same (as a renderer's raster is).
  public func presentation(at t: Double) -> Layer {
    let copy = Layer.presenting.whileSet { type(of: self).init(copying: self) }
    applyAnimations(to: copy, at: t)
    return copy
  }

  /// Set while ``presentation(at:)`` copies a tree on this thread. A thread's, not a task's:
  /// a copy never suspends, and a task-local costs every layer copied an allocation and every
  /// start the concurrency runtime's pages.
  static let presenting = ThreadFlag()

  /// Shows this layer's animations, and its sublayers', at `t` (the superlayer's time) on
  /// `copy`, a copy of it.
  func applyAnimations(to copy: Layer, at t: Double) {
    let t = timing.localTime(at: t)
    copy.modelLayer = modelLayer ?? self  // a presentation of a presentation too
    copy.timing = LayerTiming()  // its animations are applied at its own time already
    for entry in animationEntries { entry.animation.apply(to: copy, at: t) }
    if !copy.reusesPresentedSublayers { presentSublayers(into: copy, at: t) }
    if let modelMask = mask, let copyMask = copy.mask {
      modelMask.applyAnimations(to: copyMask, at: t)
    }
  }

  /// Whether this layer or one below it has an animation.
  var hasAnimationsInSubtree: Bool {
    !animationEntries.isEmpty || sublayers.contains { $0.hasAnimationsInSubtree }
      || mask?.hasAnimationsInSubtree == true
  }

  /// The earliest time at or after `t` at which the presentation may change: `t` itself while
  /// an animation runs, the next begin time while one waits, `nil` when nothing will change
  /// (a stopped subtree never does). `t` and the answer are seconds of the superlayer's time.
  public func nextFrameTime(after t: Double) -> Double? {
    guard !timing.isIdentity else { return nextLocalFrameTime(after: t) }
    return nextLocalFrameTime(after: timing.localTime(at: t)).flatMap {
      timing.parentTime(reaching: $0, after: t)
    }
  }

  /// ``nextFrameTime(after:)`` in the layer's own time.
  private func nextLocalFrameTime(after t: Double) -> Double? {
    var next: Double?
    func consider(_ time: Double) { next = min(next ?? time, time) }
    for entry in animationEntries {
      let timing = entry.animation.timing
      if t < timing.beginTime {
        consider(timing.beginTime)
      } else if t < timing.endTime {
        consider(t)
      }
    }
    if let time = sublayersNextFrameTime(after: t) { consider(time) }
    if let time = mask?.nextFrameTime(after: t) { consider(time) }
    return next
  }
}
