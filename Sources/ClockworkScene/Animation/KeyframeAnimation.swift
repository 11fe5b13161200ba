import FoundationEssentials

/// Animates one property through a list of values.
///
/// ```swift
/// let blink = KeyframeAnimation(\Layer.opacity, values: [1, 0, 1], keyTimes: [0, 0.1, 1])
/// ```
///
/// `keyTimes` (0…1, one per value, increasing) default to even spacing; `paced` spaces them by
/// the distance between values instead. `timingFunctions` has one curve per segment. `cubic`
/// passes through every value on a smooth curve (Catmull-Rom, as Core Animation's cubic mode),
/// and `cubicPaced` does so at the paced key times.
public struct KeyframeAnimation<Root: Layer, Value: Interpolatable>: Animation {
  /// How the values between keyframes are found: `linear` blends neighbours, `discrete` holds each
  /// value until the next key time, `paced` blends at an even speed, `cubic` and `cubicPaced`
  /// on a smooth curve through the values.
  public enum CalculationMode: Hashable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced
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
    guard calculationMode == .cubic || calculationMode == .cubicPaced else {
      return values[segment].interpolated(to: values[segment + 1], amount: local)
    }
    return Self.catmullRom(
      values[max(0, segment - 1)], values[segment], values[segment + 1],
      values[min(values.count - 1, segment + 2)], at: local)
  }

  /// The Catmull-Rom curve from `p1` to `p2` (its neighbours `p0` and `p3`) at `t`, as a cubic
  /// Bézier with controls `p1 + (p2 − p0)/6` and `p2 − (p3 − p1)/6`: every sum a chain of
  /// blends, which is all a value can do (amounts past 0…1 reach outside the two).
  static func catmullRom(_ p0: Value, _ p1: Value, _ p2: Value, _ p3: Value, at t: Double)
    -> Value
  {
    // p1 + (p2 − p0)/2, then a third of the way there from p1.
    let c1 = p1.interpolated(
      to: p0.interpolated(to: p1, amount: 2).interpolated(to: p2, amount: 0.5), amount: 1.0 / 3)
    let c2 = p2.interpolated(
      to: p3.interpolated(to: p2, amount: 2).interpolated(to: p1, amount: 0.5), amount: 1.0 / 3)
    // de Casteljau's construction.
    let (a, b, c) = (
      p1.interpolated(to: c1, amount: t), c1.interpolated(to: c2, amount: t),
      c2.interpolated(to: p2, amount: t)
    )
    let (d, e) = (a.interpolated(to: b, amount: t), b.interpolated(to: c, amount: t))
    return d.interpolated(to: e, amount: t)
  }

  var effectiveKeyTimes: [Double] {
    if calculationMode == .paced || calculationMode == .cubicPaced {
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
