import FoundationEssentials

/// Maps an animation's elapsed fraction to its progress along a unit cubic Bézier from (0, 0) to
/// (1, 1), as in CSS and Core Animation.
///
/// ```swift
/// TimingFunction.easeInEaseOut.progress(at: 0.25)   // ≈ 0.129
/// TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)  // overshoots
/// ```
///
/// The polynomial coefficients are computed once; solving for x takes a few Newton steps and
/// falls back to bisection. The ends are exact: 0 maps to 0 and 1 to 1.
public struct TimingFunction: Hashable, Sendable {
  /// The first control point of the cubic Bézier curve from (0, 0) to (1, 1).
  public let controlPoint1: Point
  /// The second control point of the cubic Bézier curve from (0, 0) to (1, 1).
  public let controlPoint2: Point
  private let ax, bx, cx, ay, by, cy: Double

  /// The curve through (0, 0), (`x1`, `y1`), (`x2`, `y2`) and (1, 1), as Core Animation's.
  public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    // Control point x-values outside 0…1 would make x(t) non-monotone; clamp like CSS.
    let x1 = min(max(x1, 0), 1)
    let x2 = min(max(x2, 0), 1)
    controlPoint1 = Point(x: x1, y: y1)
    controlPoint2 = Point(x: x2, y: y2)
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  /// Progress equal to time.
  public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
  /// Starts slowly, then speeds up.
  public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
  /// Starts quickly, then slows down.
  public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
  /// Starts and ends slowly.
  public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
  /// Core Animation's default curve (CSS `ease`).
  public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

  /// Progress at elapsed fraction `x`; `x` outside 0…1 is clamped.
  public func progress(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if self == .linear { return x }
    return sampleY(solveT(forX: x, epsilon: 1e-7))
  }

  private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  private func solveT(forX x: Double, epsilon: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = sampleX(t) - x
      if abs(error) < epsilon { return t }
      let slope = sampleDerivativeX(t)
      if abs(slope) < 1e-6 { break }
      t -= error / slope
    }
    var low = 0.0
    var high = 1.0
    t = x
    while low < high {
      let value = sampleX(t)
      if abs(value - x) < epsilon { return t }
      if x > value { low = t } else { high = t }
      t = (low + high) / 2
      if high - low < 1e-12 { break }
    }
    return t
  }

  /// Two timing functions are equal when their control points are.
  public static func == (a: TimingFunction, b: TimingFunction) -> Bool {
    a.controlPoint1 == b.controlPoint1 && a.controlPoint2 == b.controlPoint2
  }

  /// Hashes the control points.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(controlPoint1)
    hasher.combine(controlPoint2)
  }
}
