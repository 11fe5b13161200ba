import FoundationEssentials
import RealModule

/// Animates one property like a damped spring: mass, stiffness, damping and initial velocity.
///
/// ```swift
/// let bounce = SpringAnimation(\Layer.position, from: .zero, to: Point(x: 40, y: 0), stiffness: 200, damping: 10)
/// let rest = bounce.settlingDuration   // how long until it rests (also its default duration)
/// ```
///
/// The value overshoots `to` when under-damped. Initial velocity is in units of the whole
/// distance per second (1 = covers the distance in a second at the start speed).
public struct SpringAnimation<Root: Layer, Value: Interpolatable>: Animation {
  /// The property animated, on layers of type `Root`; other layers are left alone.
  public let keyPath: ReferenceWritableKeyPath<Root, Value>
  /// The value at the start; `nil` for the layer's model value.
  public var from: Value?
  /// The value the spring settles at; `nil` for the layer's model value.
  public var to: Value?
  /// The spring that moves the value.
  public let spring: Spring
  /// When the animation starts; its duration is the spring's settling time.
  public var timing: AnimationTiming

  /// A spring animation of `keyPath` from `from` to `to`, starting at `beginTime`.
  public init(
    _ keyPath: ReferenceWritableKeyPath<Root, Value>, from: Value? = nil, to: Value? = nil,
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    beginTime: Double = 0
  ) {
    self.keyPath = keyPath
    self.from = from
    self.to = to
    spring = Spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    timing = AnimationTiming(beginTime: beginTime, duration: spring.settlingDuration)
  }

  /// Seconds until the spring comes to rest (within ``Spring/restThreshold``).
  public var settlingDuration: Double { spring.settlingDuration }

  /// Sets the animated property on `layer` to the spring's value at scene time `t`.
  public func apply(to layer: Layer, at t: Double) {
    guard let target = layer as? Root, let fraction = timing.fraction(at: t) else { return }
    let model = target[keyPath: keyPath]
    let amount = spring.position(at: fraction * timing.duration)
    target[keyPath: keyPath] = (from ?? model).interpolated(to: to ?? model, amount: amount)
  }
}

/// A damped harmonic oscillator released at 0 towards 1.
public struct Spring: Hashable, Sendable {
  /// The moving mass (1 for a unit mass; more is slower).
  public var mass: Double
  /// The spring's constant, force per unit of distance: larger is faster.
  public var stiffness: Double
  /// The friction, force per unit of speed: larger settles with less overshoot.
  public var damping: Double
  /// The speed at release, in distances per second.
  public var initialVelocity: Double

  /// Within this of the target, and staying there, counts as settled.
  public static let restThreshold = 0.001

  /// A spring of the given mass, stiffness, damping and speed at release.
  public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
    self.mass = max(mass, 1e-6)
    self.stiffness = max(stiffness, 1e-6)
    self.damping = max(damping, 0)
    self.initialVelocity = initialVelocity
  }

  var naturalFrequency: Double { (stiffness / mass).squareRoot() }
  var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// Position `t` seconds after release (0 at the start, 1 at rest).
  public func position(at t: Double) -> Double {
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let v0 = initialVelocity
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let envelope = Double.exp(-zeta * w0 * t)
      return 1 + envelope * (-Double.cos(wd * t) + (v0 - zeta * w0) / wd * Double.sin(wd * t))
    }
    if zeta == 1 {
      return 1 + (-1 + (v0 - w0) * t) * Double.exp(-w0 * t)
    }
    let root = w0 * (zeta * zeta - 1).squareRoot()
    let r1 = -zeta * w0 + root
    let r2 = -zeta * w0 - root
    let c2 = (v0 + r1) / (r2 - r1)
    let c1 = -1 - c2
    return 1 + c1 * Double.exp(r1 * t) + c2 * Double.exp(r2 * t)
  }

  /// The time after which the spring stays within ``restThreshold`` of rest (capped at 60 s).
  public var settlingDuration: Double {
    let step = 1.0 / 600
    var lastOutside = 0.0
    var t = 0.0
    while t < 60 {
      if abs(position(at: t) - 1) > Self.restThreshold { lastOutside = t }
      t += step
      // Past the envelope's bound nothing can leave the band again.
      if t - lastOutside > 1, envelopeBound(at: t) < Self.restThreshold { break }
    }
    return min(60, lastOutside + step)
  }

  func envelopeBound(at t: Double) -> Double {
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let decay = zeta < 1 ? zeta * w0 : w0 * (zeta - (zeta * zeta - 1).squareRoot())
    let scale =
      1 + abs(initialVelocity) / max(w0 * max(1e-3, abs(1 - zeta * zeta)).squareRoot(), 1e-6) + abs(
        initialVelocity) * t
    return scale * Double.exp(-decay * t)
  }
}
