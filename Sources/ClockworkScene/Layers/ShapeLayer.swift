import FoundationEssentials

/// A layer that fills and strokes a path.
///
/// ```swift
/// let ring = ShapeLayer()
/// ring.path = Path.circle(center: Point(x: 120, y: 120), radius: 100)
/// ring.fillColor = nil
/// ring.strokeColor = .white
/// ring.lineWidth = 12
/// ring.strokeEnd = 0.25      // the first quarter, from 12 o'clock
/// ```
open class ShapeLayer: Layer {
  /// How the ends of a stroke are drawn.
  public enum LineCap: String, Hashable, Sendable { case butt, round, square }
  /// How the corners of a stroke are drawn.
  public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
  /// Which parts of a self-crossing path are inside.
  public enum FillRule: String, Hashable, Sendable { case nonZero, evenOdd }

  /// Every shape property in one value, copied in one step.
  @exclusivity(unchecked) public final var shapeProperties = ShapeProperties()
  /// The shape drawn.
  public var path: Path {
    get { shapeProperties.path }
    set {
      let old = shapeProperties.path
      shapeProperties.path = newValue
      changed(\ShapeLayer.path, key: "path", from: old, to: newValue)
    }
  }
  /// The fill; `nil` for none.
  public var fillColor: Color? {
    get { shapeProperties.fillColor }
    set { shapeProperties.fillColor = newValue }
  }
  /// Which parts of a self-crossing path the fill covers.
  public var fillRule: ShapeLayer.FillRule {
    get { shapeProperties.fillRule }
    set { shapeProperties.fillRule = newValue }
  }
  /// The stroke's colour; `nil` for none.
  public var strokeColor: Color? {
    get { shapeProperties.strokeColor }
    set { shapeProperties.strokeColor = newValue }
  }
  /// The stroke's width.
  public var lineWidth: Double {
    get { shapeProperties.lineWidth }
    set {
      let old = shapeProperties.lineWidth
      shapeProperties.lineWidth = newValue
      changed(\ShapeLayer.lineWidth, key: "lineWidth", from: old, to: newValue)
    }
  }
  /// How the ends of the stroke are drawn.
  public var lineCap: ShapeLayer.LineCap {
    get { shapeProperties.lineCap }
    set { shapeProperties.lineCap = newValue }
  }
  /// How the corners of the stroke are drawn.
  public var lineJoin: ShapeLayer.LineJoin {
    get { shapeProperties.lineJoin }
    set { shapeProperties.lineJoin = newValue }
  }
  /// Lengths of dashes and gaps, in turn, in points; empty for a solid line.
  public var lineDashPattern: [Double] {
    get { shapeProperties.lineDashPattern }
    set { shapeProperties.lineDashPattern = newValue }
  }
  /// How far into the dash pattern the stroke starts, in points.
  public var lineDashPhase: Double {
    get { shapeProperties.lineDashPhase }
    set { shapeProperties.lineDashPhase = newValue }
  }
  /// The stroked part of the path, as fractions of its length.
  public var strokeStart: Double {
    get { shapeProperties.strokeStart }
    set {
      let old = shapeProperties.strokeStart
      shapeProperties.strokeStart = newValue
      changed(\ShapeLayer.strokeStart, key: "strokeStart", from: old, to: newValue)
    }
  }
  /// Where the stroked part ends, as a fraction of the path's length.
  public var strokeEnd: Double {
    get { shapeProperties.strokeEnd }
    set {
      let old = shapeProperties.strokeEnd
      shapeProperties.strokeEnd = newValue
      changed(\ShapeLayer.strokeEnd, key: "strokeEnd", from: old, to: newValue)
    }
  }

  /// Makes ``path`` from the layer's size, now and whenever its bounds change size (FWTClock's
  /// `pathBlock`): a shape that fits wherever it is laid out.
  ///
  /// ```swift
  /// let star = ShapeLayer()
  /// star.pathForSize = { size in Path.circle(center: Point(x: size.width / 2, y: size.height / 2), radius: size.width / 4) }
  /// star.frame = Rect(x: 0, y: 0, width: 40, height: 40)   // its path: a circle of radius 10
  /// ```
  public var pathForSize: (@Sendable (Size) -> Path)? {
    didSet { applyPathForSize() }
  }

  public override var bounds: Rect {
    didSet { if bounds.size != oldValue.size { applyPathForSize() } }
  }

  func applyPathForSize() {
    if let pathForSize { path = pathForSize(bounds.size) }
  }

  public override init() { super.init() }

  /// A copy of `other`'s model values, its shape included.
  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? ShapeLayer else { return }
    shapeProperties = other.shapeProperties
    pathForSize = other.pathForSize
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other) && shapeProperties == (other as? ShapeLayer)?.shapeProperties
  }

  open override func tint(by color: Color) {
    super.tint(by: color)
    shapeProperties.fillColor = shapeProperties.fillColor?.multiplied(by: color)
    shapeProperties.strokeColor = shapeProperties.strokeColor?.multiplied(by: color)
  }

  /// The path's box, widened by the stroke: half its width, or five widths where a miter
  /// can reach out (Cairo's default miter limit is 10).
  open override var contentBox: Rect? {
    guard let base = super.contentBox else { return nil }
    guard let box = path.boundingBox else { return base }
    let stroked = (strokeColor?.alpha ?? 0) > 0 && lineWidth > 0
    let margin = stroked ? lineWidth * (lineJoin == .miter ? 5 : 1) : 0
    return Rect(
      x: box.minX - margin, y: box.minY - margin, width: box.width + 2 * margin,
      height: box.height + 2 * margin
    ).union(base)
  }
}

/// A layer filled with a gradient (animatable `colors`).
///
/// ```swift
/// let g = GradientLayer()
/// g.colors = [Color(hex: 0xCE0755), Color(hex: 0xF5B433)]
/// g.startPoint = Point(x: 0, y: 0); g.endPoint = Point(x: 1, y: 1)
/// ```
open class GradientLayer: Layer {
  /// How the colours spread: along a line, out from a point, or around a point.
  public enum Kind: String, Hashable, Sendable { case axial, radial, conic }

  /// Every gradient property in one value, copied in one step.
  @exclusivity(unchecked) public final var gradientProperties = GradientProperties()
  /// The colours, in order along the gradient.
  public var colors: [Color] {
    get { gradientProperties.colors }
    set { gradientProperties.colors = newValue }
  }
  /// One location per colour (0…1), or `nil` for even spacing.
  public var locations: [Double]? {
    get { gradientProperties.locations }
    set { gradientProperties.locations = newValue }
  }
  /// How the colours spread.
  public var kind: GradientLayer.Kind {
    get { gradientProperties.kind }
    set { gradientProperties.kind = newValue }
  }
  /// Unit coordinates of the bounds. Radial and conic gradients centre on `startPoint`; a
  /// radial one reaches `endPoint`.
  public var startPoint: Point {
    get { gradientProperties.startPoint }
    set { gradientProperties.startPoint = newValue }
  }
  /// Where the gradient ends, in unit coordinates of the bounds.
  public var endPoint: Point {
    get { gradientProperties.endPoint }
    set { gradientProperties.endPoint = newValue }
  }

  public override init() { super.init() }

  /// A copy of `other`'s model values, its gradient included.
  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? GradientLayer else { return }
    gradientProperties = other.gradientProperties
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other) && gradientProperties == (other as? GradientLayer)?.gradientProperties
  }

  open override func tint(by color: Color) {
    super.tint(by: color)
    gradientProperties.colors = gradientProperties.colors.map { $0.multiplied(by: color) }
  }

  open override var contentBox: Rect? { bounds }

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

/// The properties of a ``ShapeLayer``.
public struct ShapeProperties: Hashable, Sendable {
  /// See `ShapeLayer.path`.
  public var path: Path = Path()
  /// See `ShapeLayer.fillColor`.
  public var fillColor: Color? = .black
  /// See `ShapeLayer.fillRule`.
  public var fillRule: ShapeLayer.FillRule = .nonZero
  /// See `ShapeLayer.strokeColor`.
  public var strokeColor: Color? = nil
  /// See `ShapeLayer.lineWidth`.
  public var lineWidth: Double = 1
  /// See `ShapeLayer.lineCap`.
  public var lineCap: ShapeLayer.LineCap = .butt
  /// See `ShapeLayer.lineJoin`.
  public var lineJoin: ShapeLayer.LineJoin = .miter
  /// See `ShapeLayer.lineDashPattern`.
  public var lineDashPattern: [Double] = []
  /// See `ShapeLayer.lineDashPhase`.
  public var lineDashPhase: Double = 0
  /// See `ShapeLayer.strokeStart`.
  public var strokeStart: Double = 0
  /// See `ShapeLayer.strokeEnd`.
  public var strokeEnd: Double = 1

  /// The default shape: an empty path filled black, no stroke.
  public init() {}
}

/// The properties of a ``GradientLayer``.
public struct GradientProperties: Hashable, Sendable {
  /// See `GradientLayer.colors`.
  public var colors: [Color] = []
  /// See `GradientLayer.locations`.
  public var locations: [Double]? = nil
  /// See `GradientLayer.kind`.
  public var kind: GradientLayer.Kind = .axial
  /// See `GradientLayer.startPoint`.
  public var startPoint: Point = Point(x: 0.5, y: 0)
  /// See `GradientLayer.endPoint`.
  public var endPoint: Point = Point(x: 0.5, y: 1)

  /// The default gradient: no colours, top to bottom.
  public init() {}
}
