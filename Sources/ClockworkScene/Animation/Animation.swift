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
  public let keyPath: ReferenceWritableKeyPath<Root, Value>
  public var from: Value?
  public var to: Value?
  public var timing: AnimationTiming
  private var offsetBy: ((Value) -> Value)?

  public init(
    _ keyPath: ReferenceWritableKeyPath<Root, Value>, from: Value? = nil, to: Value? = nil,
    timing: AnimationTiming = AnimationTiming()
  ) {
    self.keyPath = keyPath
    self.from = from
    self.to = to
    self.timing = timing
  }

  public func apply(to layer: Layer, at t: Double) {
    guard let target = layer as? Root, let amount = timing.progress(at: t) else { return }
    let model = target[keyPath: keyPath]
    let start = from ?? model
    let end = to ?? offsetBy?(start) ?? model
    target[keyPath: keyPath] = start.interpolated(to: end, amount: amount)
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
  public var animations: [any Animation]
  public var timing: AnimationTiming

  public init(_ animations: [any Animation], timing: AnimationTiming) {
    self.animations = animations
    self.timing = timing
  }

  public func apply(to layer: Layer, at t: Double) {
    guard let progress = timing.progress(at: t) else { return }
    let local = progress * timing.duration
    for animation in animations { animation.apply(to: layer, at: local) }
  }
}
