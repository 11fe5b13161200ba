import FoundationEssentials

/// Something that changes a layer's presented values over time.
///
/// Animations never change the model: ``apply(to:at:)`` writes into the presentation copy that
/// ``Layer/presentation(at:)`` makes.
public protocol Animation {
  var timing: AnimationTiming { get set }
  /// Writes the animated values for parent time `t` into `layer`, if the animation shows
  /// anything at `t` and the layer is of the type it animates.
  func apply(to layer: Layer, at t: Double)
}

/// Animates one property from one value to another.
///
/// ```swift
/// let ring = ShapeLayer()
/// var fill = BasicAnimation(\ShapeLayer.strokeEnd, from: 0, to: 1)
/// fill.timing = AnimationTiming(beginTime: 0, duration: 300)   // scene seconds
/// ring.add(fill, forKey: "progress")
/// ```
///
/// A missing `from` or `to` is the layer's model value. `by` adds to `from`.
public struct BasicAnimation<Root: Layer, Value: Interpolatable>: Animation {
  /// The property animated, on layers of type `Root`; other layers are left alone.
  public let keyPath: ReferenceWritableKeyPath<Root, Value>
  /// The value at the start; `nil` for the layer's model value.
  public var from: Value?
  /// The value at the end; `nil` for the layer's model value.
  public var to: Value?
  /// When the animation runs, how often, and along which curve.
  public var timing: AnimationTiming
  private var offsetBy: ((Value) -> Value)?
  /// Set when additive: zero, and adding a value to the model's.
  private var additive: (zero: Value, add: (Value, Value) -> Value)?
  /// Set when cumulative: a value moved on by `n` times the way from a start to an end.
  private var cumulative: ((Value, _ start: Value, _ end: Value, _ n: Int) -> Value)?

  /// An animation of `keyPath` from `from` to `to` within `timing`.
  public init(
    _ keyPath: ReferenceWritableKeyPath<Root, Value>, from: Value? = nil, to: Value? = nil,
    timing: AnimationTiming = AnimationTiming()
  ) {
    self.keyPath = keyPath
    self.from = from
    self.to = to
    self.timing = timing
  }

  /// Sets the animated property on `layer` to its value at scene time `t`, if the animation shows
  /// then.
  public func apply(to layer: Layer, at t: Double) {
    guard let target = layer as? Root, let amount = timing.progress(at: t) else { return }
    let model = target[keyPath: keyPath]
    let base = additive?.zero ?? model  // an additive animation's values are offsets
    let start = from ?? base
    let end = to ?? offsetBy?(start) ?? base
    var value = start.interpolated(to: end, amount: amount)
    if let cumulative { value = cumulative(value, start, end, timing.iteration(at: t)) }
    target[keyPath: keyPath] = additive.map { $0.add(model, value) } ?? value
  }
}

extension BasicAnimation where Value: AdditiveArithmetic {
  /// Animates from `from` (or the model value) to that plus `by`.
  public init(
    _ keyPath: ReferenceWritableKeyPath<Root, Value>, from: Value? = nil, by: Value,
    timing: AnimationTiming = AnimationTiming()
  ) {
    self.init(keyPath, from: from, to: nil, timing: timing)
    offsetBy = { $0 + by }
  }

  /// Whether the animated value is added to the model value (Core Animation's `isAdditive`):
  /// `from`, `to` and `by` are then offsets (a missing one is zero), so that several animations
  /// of one property add up. From 0 to 10 on a layer at 50 shows 50 to 60.
  public var isAdditive: Bool {
    get { additive != nil }
    set { additive = newValue ? (.zero, { $0 + $1 }) : nil }
  }

  /// Whether each repetition goes on from where the one before ended (Core Animation's
  /// `isCumulative`): from 0 to 10 three times shows 0 to 30.
  public var isCumulative: Bool {
    get { cumulative != nil }
    set {
      cumulative =
        newValue
        ? { value, start, end, n in
          // n steps of (end − start), by doubling: a long repetition costs a few additions.
          var (sum, step, left) = (Value.zero, end - start, n)
          while left > 0 {
            if left & 1 == 1 { sum += step }
            step += step
            left >>= 1
          }
          return value + sum
        } : nil
    }
  }
}

/// Runs several animations of one layer on a shared timeline; each child's times are in the
/// group's local time.
///
/// ```swift
/// let once = AnimationTiming(beginTime: 0, duration: 1)
/// let scale = BasicAnimation(\Layer.transform, from: .identity, to: AffineTransform(scale: 1.2), timing: once)
/// let fade = BasicAnimation(\Layer.opacity, from: 0.7, to: 0, timing: once)
/// let pulse = AnimationGroup([scale, fade], timing: AnimationTiming(beginTime: 0, duration: 1))
/// ```
public struct AnimationGroup: Animation {
  /// The animations run together, each on its own timing inside the group's.
  public var animations: [any Animation]
  /// When the group runs; the members' times count from its local time.
  public var timing: AnimationTiming

  /// A group of `animations` run together within `timing`.
  public init(_ animations: [any Animation], timing: AnimationTiming) {
    self.animations = animations
    self.timing = timing
  }

  /// Applies each member to `layer` at the group's local time for scene time `t`.
  public func apply(to layer: Layer, at t: Double) {
    guard let progress = timing.progress(at: t) else { return }
    let local = progress * timing.duration
    for animation in animations { animation.apply(to: layer, at: local) }
  }
}
