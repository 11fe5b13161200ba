import FoundationEssentials
import RealModule

/// A 2-D affine transform, mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), as in Cairo and
/// Core Graphics.
///
/// ```swift
/// let t = AffineTransform(rotation: .pi / 2).translatedBy(x: 10, y: 0)
/// t.apply(to: Point(x: 1, y: 0))
/// ```
///
/// With y growing downwards, a positive rotation turns clockwise on screen.
public struct AffineTransform: Hashable, Sendable, Codable {
  /// The matrix's entries: `a`, `b`, `c`, `d` turn, scale and shear (no unit); `tx`, `ty`
  /// move, in points.
  public var a, b, c, d, tx, ty: Double

  /// The matrix [a b 0; c d 0; tx ty 1], as Core Graphics writes it.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The transform that changes nothing.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A move by (`x`, `y`) points.
  public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
  /// A scale by `x` across and `y` down.
  public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
  /// A scale by `scale` in both directions.
  public init(scale: Double) { self.init(scaleX: scale, y: scale) }
  /// A turn by `angle` radians, clockwise on screen (y grows downwards).
  public init(rotation angle: Double) {
    let (s, k) = (Double.sin(angle), Double.cos(angle))
    self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
  }

  /// Whether the transform changes nothing.
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other`: points are mapped by `self` first.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// Translation applied before `self` (as `CGAffineTransformTranslate`).
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// This transform with a turn by `angle` radians applied first.
  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotation: angle).concatenating(self)
  }

  /// This transform with a scale by `x` and `y` applied first.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// The matrix's determinant: 0 when the transform cannot be inverted.
  public var determinant: Double { a * d - b * c }

  /// The inverse, or `nil` when the transform collapses the plane.
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard abs(det) > 1e-12 else { return nil }
    return AffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }

  /// Where `p` goes under this transform.
  public func apply(to p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// Translation, rotation, scale and shear, so transforms interpolate as people expect
  /// (a rotation animates as a rotation, not a squash).
  public struct Decomposed: Hashable, Sendable {
    /// The move.
    public var translation: Point
    /// The turn, in radians.
    public var rotation: Double
    /// The scale across and down.
    public var scale: Size
    /// The shear, as a fraction of the width per height.
    public var shear: Double
  }

  /// Reads the linear part as shear · scale · rotation (points map through them in that order).
  public var decomposed: Decomposed {
    let scaleX = Double.hypot(a, b)
    guard scaleX > 0 else {
      return Decomposed(
        translation: Point(x: tx, y: ty), rotation: 0,
        scale: Size(width: 0, height: Double.hypot(c, d)), shear: 0)
    }
    return Decomposed(
      translation: Point(x: tx, y: ty), rotation: Double.atan2(y: b, x: a),
      scale: Size(width: scaleX, height: determinant / scaleX),
      shear: (a * c + b * d) / (scaleX * scaleX))
  }

  /// The transform made of `parts`: points go through the shear, the scale, the turn, then the
  /// move.
  public init(_ parts: Decomposed) {
    self = AffineTransform(a: 1, b: 0, c: parts.shear, d: 1, tx: 0, ty: 0)
      .concatenating(AffineTransform(scaleX: parts.scale.width, y: parts.scale.height))
      .concatenating(AffineTransform(rotation: parts.rotation))
      .concatenating(AffineTransform(translationX: parts.translation.x, y: parts.translation.y))
  }
}
