import FoundationEssentials

/// Animates one property through a list of values.
///
/// ```swift
/// let blink = KeyframeAnimation(\Layer.opacity, values: [1, 0, 1], keyTimes: [0, 0.1, 1])
/// ```
///
/// `keyTimes` (0…1, one per value, increasing) default to even spacing; `paced` spaces them by
/// the distance between values instead. `timingFunctions` has one curve per segment.
public struct KeyframeAnimation<Root: Layer, Value: Interpolatable>: Animation {
  /// How the values between keyframes are found: `linear` blends neighbours, `discrete` holds each
  /// value until the next key time, `paced` blends at an even speed.
  public enum CalculationMode: Hashable, Sendable {
    case linear, discrete, paced
  }

  /// The property animated, on layers of type `Root`; other layers are left alone.
  public let keyPath: ReferenceWritableKeyPath<Root, Value>
  /// The values the property passes through, in order.
  public var values: [Value]
  /// When each value is reached (0…1, one per value); `nil` spaces them evenly.
  public var keyTimes: [Double]?
  /// The curve of each segment between two values; `nil` for linear.
  public var timingFunctions: [TimingFunction]?
  /// How the values between keyframes are found.
  public var calculationMode: CalculationMode
  /// When the animation runs, how often, and how it fills.
  public var timing: AnimationTiming

  /// An animation of `keyPath` through `values`.
  public init(
    _ keyPath: ReferenceWritableKeyPath<Root, Value>, values: [Value], keyTimes: [Double]? = nil,
    timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
    timing: AnimationTiming = AnimationTiming()
  ) {
    self.keyPath = keyPath
    self.values = values
    self.keyTimes = keyTimes
    self.timingFunctions = timingFunctions
    self.calculationMode = calculationMode
    self.timing = timing
  }

  /// Sets the animated property on `layer` to its value at scene time `t`, if the animation shows
  /// then.
  public func apply(to layer: Layer, at t: Double) {
    guard let target = layer as? Root, let progress = timing.progress(at: t) else { return }
    if let value = value(at: progress) { target[keyPath: keyPath] = value }
  }

  /// The value at overall progress `p` (0…1).
  public func value(at p: Double) -> Value? {
    guard let first = values.first, let last = values.last else { return nil }
    guard values.count > 1 else { return first }
    let times = effectiveKeyTimes
    if p <= times[0] { return first }
    if p >= times[times.count - 1] {
      return calculationMode == .discrete && p < 1 ? values[values.count - 2] : last
    }
    var segment = 0
    while segment < times.count - 2 && p >= times[segment + 1] { segment += 1 }
    if calculationMode == .discrete { return values[segment] }
    let span = times[segment + 1] - times[segment]
    var local = span > 0 ? (p - times[segment]) / span : 1
    if let curves = timingFunctions, segment < curves.count {
      local = curves[segment].progress(at: local)
    }
    return values[segment].interpolated(to: values[segment + 1], amount: local)
  }

  var effectiveKeyTimes: [Double] {
    if calculationMode == .paced {
      let steps = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
      let total = steps.reduce(0, +)
      if total > 0 {
        var running = 0.0
        return [0]
          + steps.map {
            running += $0; return running / total
          }
      }
    }
    if let keyTimes, keyTimes.count == values.count { return keyTimes }
    return values.indices.map { Double($0) / Double(values.count - 1) }
  }
}
