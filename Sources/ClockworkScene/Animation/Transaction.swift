import Synchronization

/// Changes made together, as Core Animation's transactions: inside one, setting a layer's
/// animatable property (position, bounds, transform, opacity, corner radius, border; a shape's
/// path, stroke start and end, line width) animates it from its old value to the new one over
/// the transaction's duration, starting at its time (an implicit animation). `disableActions`
/// sets them at once instead; `completion` runs once every animation the transaction made has
/// finished (``Layer/settleAnimations(at:)`` reports it), or at once when it made none.
///
/// ```swift
/// let dial = Layer()
/// Transaction.perform(at: 12, duration: 0.5) {
///   dial.opacity = 0.4                       // fades from 1 to 0.4 over the scene's 12…12.5 s
/// }
/// Transaction.perform(at: 13, disableActions: true) { dial.opacity = 1 }   // at once
/// ```
public enum Transaction {
  /// What the transaction open on this task or thread asks of a change.
  struct Settings {
    var time: Double
    var duration: Double
    var timingFunction: TimingFunction
    var disableActions: Bool
    var batch: Batch?
  }

  /// The transaction open on this task or thread, if any.
  @TaskLocal static var current: Settings?

  /// How many transactions are open anywhere: while none is, a property set does not look for
  /// one (setting properties is what every frame does).
  static let open = Atomic<Int>(0)

  /// Runs `changes` as one transaction at scene time `time` (in the time of the layers changed,
  /// ``Layer/localTime(at:)`` of their superlayers'): each animatable property they set animates
  /// over `duration` seconds along `timingFunction`, unless `disableActions`. Transactions nest:
  /// an inner one's settings hold for its own changes.
  public static func perform<Result>(
    at time: Double, duration: Double = 0.25, timingFunction: TimingFunction = .linear,
    disableActions: Bool = false, completion: (() -> Void)? = nil,
    _ changes: () throws -> Result
  ) rethrows -> Result {
    let batch = completion.map(Batch.init)
    let settings = Settings(
      time: time, duration: duration, timingFunction: timingFunction,
      disableActions: disableActions, batch: batch)
    open.add(1, ordering: .relaxed)
    defer {
      open.subtract(1, ordering: .relaxed)
      batch?.committed()
    }
    return try $current.withValue(settings, operation: changes)
  }

  /// The animation for a change from `old` to `new` of the property at `keyPath`, when a
  /// transaction with actions is open; its completion counted in the transaction's batch.
  static func action<Root: Layer, Value: Interpolatable & Equatable>(
    _ keyPath: ReferenceWritableKeyPath<Root, Value>, from old: Value, to new: Value
  ) -> (animation: BasicAnimation<Root, Value>, completion: ((AnimationCompletion) -> Void)?)? {
    guard old != new, let settings = current, !settings.disableActions, settings.duration > 0
    else { return nil }
    let animation = BasicAnimation(
      keyPath, from: old, to: new,
      timing: AnimationTiming(
        beginTime: settings.time, duration: settings.duration,
        timingFunction: settings.timingFunction))
    return (animation, settings.batch?.started())
  }

  /// A transaction's animations, and its completion once all have ended.
  final class Batch: @unchecked Sendable {
    private let state = Mutex<(running: Int, committed: Bool, done: Bool)>((0, false, false))
    private let completion: () -> Void

    init(_ completion: @escaping () -> Void) { self.completion = completion }

    /// One more animation; the call that says it ended.
    func started() -> (AnimationCompletion) -> Void {
      state.withLock { $0.running += 1 }
      return { [self] _ in finishIfDone { $0.running -= 1 } }
    }

    /// The transaction's changes are all made.
    func committed() { finishIfDone { $0.committed = true } }

    private func finishIfDone(
      _ change: (inout (running: Int, committed: Bool, done: Bool)) -> Void
    ) {
      let finished = state.withLock { state in
        change(&state)
        guard state.committed, state.running == 0, !state.done else { return false }
        state.done = true
        return true
      }
      if finished { completion() }
    }
  }
}

extension Layer {
  /// Called when the property at `keyPath` of this layer was set from `old` to `new`: animates
  /// the change when a transaction asks (a model layer's only: a presentation's values are
  /// animations' own). The implicit animation replaces one under the same key. The key path
  /// is made only then: made at every set, each property's first cost the runtime some 40 k
  /// instructions at every start.
  @inline(__always)
  final func changed<Root: Layer, Value: Interpolatable & Equatable>(
    _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Root, Value>, key: String,
    from old: Value, to new: Value
  ) {
    guard Transaction.open.load(ordering: .relaxed) > 0, modelLayer == nil,
      let (animation, completion) = Transaction.action(keyPath(), from: old, to: new)
    else { return }
    add(animation, forKey: key, completion: completion)
  }
}
