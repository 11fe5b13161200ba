import FoundationEssentials
import RealModule

/// A value that animates: it blends towards another by an amount, unclamped so that overshoot
/// (springs, back-easing) works, and says how far apart two values are (for paced keyframes).
///
/// ```swift
/// 0.0.interpolated(to: 10, amount: 1.2)   // 12: overshoot
/// ```
public protocol Interpolatable: Sendable {
  func interpolated(to other: Self, amount: Double) -> Self
  /// A non-negative measure of how different two values are.
  func distance(to other: Self) -> Double
}

extension Double: Interpolatable {
  /// The value a fraction `amount` of the way to `other`.
  public func interpolated(to other: Double, amount: Double) -> Double {
    self + (other - self) * amount
  }
  /// How far apart the two values are.
  public func distance(to other: Double) -> Double { abs(other - self) }
}

extension Point: Interpolatable {
  /// The point a fraction `amount` of the way to `other`.
  public func interpolated(to other: Point, amount: Double) -> Point {
    Point(
      x: x.interpolated(to: other.x, amount: amount), y: y.interpolated(to: other.y, amount: amount)
    )
  }
}

extension Size: Interpolatable {
  /// The size a fraction `amount` of the way to `other`.
  public func interpolated(to other: Size, amount: Double) -> Size {
    Size(
      width: width.interpolated(to: other.width, amount: amount),
      height: height.interpolated(to: other.height, amount: amount))
  }
  /// The distance between the sizes as points.
  public func distance(to other: Size) -> Double {
    Double.hypot(other.width - width, other.height - height)
  }
}

extension Rect: Interpolatable {
  /// The rectangle a fraction `amount` of the way to `other`, origin and size apart.
  public func interpolated(to other: Rect, amount: Double) -> Rect {
    Rect(
      origin: origin.interpolated(to: other.origin, amount: amount),
      size: size.interpolated(to: other.size, amount: amount))
  }
  /// The origins' distance plus the sizes' distance.
  public func distance(to other: Rect) -> Double {
    origin.distance(to: other.origin) + size.distance(to: other.size)
  }
}

extension Color: Interpolatable {
  /// Blends in sRGB, component by component, like Core Animation.
  public func interpolated(to other: Color, amount: Double) -> Color {
    Color(
      red: red.interpolated(to: other.red, amount: amount),
      green: green.interpolated(to: other.green, amount: amount),
      blue: blue.interpolated(to: other.blue, amount: amount),
      alpha: alpha.interpolated(to: other.alpha, amount: amount))
  }
  /// The distance between the colours as points in red, green, blue and alpha.
  public func distance(to other: Color) -> Double {
    let parts = [red - other.red, green - other.green, blue - other.blue, alpha - other.alpha]
    return Double.sqrt(parts.reduce(0) { $0 + $1 * $1 })
  }
}

extension AffineTransform: Interpolatable {
  /// Interpolates translation, rotation, scale and shear separately, so a rotation animates as
  /// a rotation. Angles are not wrapped: from 0 to 2π turns once.
  public func interpolated(to other: AffineTransform, amount: Double) -> AffineTransform {
    let (p, q) = (decomposed, other.decomposed)
    return AffineTransform(
      AffineTransform.Decomposed(
        translation: p.translation.interpolated(to: q.translation, amount: amount),
        rotation: p.rotation.interpolated(to: q.rotation, amount: amount),
        scale: p.scale.interpolated(to: q.scale, amount: amount),
        shear: p.shear.interpolated(to: q.shear, amount: amount)))
  }
  /// The moves' distance, plus the turns' difference, plus the scales' distance.
  public func distance(to other: AffineTransform) -> Double {
    let (p, q) = (decomposed, other.decomposed)
    return p.translation.distance(to: q.translation) + abs(p.rotation - q.rotation)
      + p.scale.distance(to: q.scale)
  }
}

extension Array: Interpolatable where Element: Interpolatable {
  /// Element by element; arrays of different lengths switch half way.
  public func interpolated(to other: [Element], amount: Double) -> [Element] {
    guard count == other.count else { return amount < 0.5 ? self : other }
    return zip(self, other).map { $0.interpolated(to: $1, amount: amount) }
  }
  /// The sum of the distances of the elements at the same place; 1 when the counts differ.
  public func distance(to other: [Element]) -> Double {
    guard count == other.count else { return 1 }
    return zip(self, other).reduce(0) { $0 + $1.0.distance(to: $1.1) }
  }
}
