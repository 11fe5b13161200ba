import Foundation

/// A layer that fills and strokes a path.
///
/// ```swift
/// let ring = ShapeLayer()
/// ring.path = Path.circle(center: c, radius: 100)
/// ring.fillColor = nil
/// ring.strokeColor = .white
/// ring.lineWidth = 12
/// ring.strokeEnd = 0.25      // the first quarter, from 12 o'clock
/// ```
open class ShapeLayer: Layer {
  public enum LineCap: String, Hashable, Sendable { case butt, round, square }
  public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
  public enum FillRule: String, Hashable, Sendable { case nonZero, evenOdd }

  public var path = Path()
  public var fillColor: Color? = .black
  public var fillRule: FillRule = .nonZero
  public var strokeColor: Color?
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var lineDashPattern: [Double] = []
  public var lineDashPhase: Double = 0
  /// The stroked part of the path, as fractions of its length.
  public var strokeStart: Double = 0
  public var strokeEnd: Double = 1

  public override init() { super.init() }

  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? ShapeLayer else { return }
    path = other.path
    fillColor = other.fillColor
    fillRule = other.fillRule
    strokeColor = other.strokeColor
    lineWidth = other.lineWidth
    lineCap = other.lineCap
    lineJoin = other.lineJoin
    lineDashPattern = other.lineDashPattern
    lineDashPhase = other.lineDashPhase
    strokeStart = other.strokeStart
    strokeEnd = other.strokeEnd
  }
}

/// A layer filled with a gradient (animatable `colors`).
///
/// ```swift
/// let g = GradientLayer()
/// g.colors = [c1, c2]
/// g.startPoint = Point(x: 0, y: 0); g.endPoint = Point(x: 1, y: 1)
/// ```
open class GradientLayer: Layer {
  public enum Kind: String, Hashable, Sendable { case axial, radial, conic }

  public var colors: [Color] = []
  /// One location per colour (0…1), or `nil` for even spacing.
  public var locations: [Double]?
  public var kind: Kind = .axial
  /// Unit coordinates of the bounds. Radial and conic gradients centre on `startPoint`; a
  /// radial one reaches `endPoint`.
  public var startPoint = Point(x: 0.5, y: 0)
  public var endPoint = Point(x: 0.5, y: 1)

  public override init() { super.init() }

  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? GradientLayer else { return }
    colors = other.colors
    locations = other.locations
    kind = other.kind
    startPoint = other.startPoint
    endPoint = other.endPoint
  }

  /// The gradient this layer paints, in unit coordinates.
  public var gradient: Gradient {
    let geometry: Gradient.Kind
    switch kind {
    case .axial: geometry = .linear(start: startPoint, end: endPoint)
    case .radial: geometry = .radial(center: startPoint, radius: startPoint.distance(to: endPoint))
    case .conic: geometry = .conic(center: startPoint)
    }
    return Gradient(colors: colors, locations: locations, kind: geometry)
  }
}
