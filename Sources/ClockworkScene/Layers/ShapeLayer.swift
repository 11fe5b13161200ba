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
  public enum LineCap: String, Hashable, Sendable { case butt, round, square }
  public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
  public enum FillRule: String, Hashable, Sendable { case nonZero, evenOdd }

  @exclusivity(unchecked) public final var shapeProperties = ShapeProperties()
  public var path: Path {
    get { shapeProperties.path }
    set { shapeProperties.path = newValue }
  }
  public var fillColor: Color? {
    get { shapeProperties.fillColor }
    set { shapeProperties.fillColor = newValue }
  }
  public var fillRule: ShapeLayer.FillRule {
    get { shapeProperties.fillRule }
    set { shapeProperties.fillRule = newValue }
  }
  public var strokeColor: Color? {
    get { shapeProperties.strokeColor }
    set { shapeProperties.strokeColor = newValue }
  }
  public var lineWidth: Double {
    get { shapeProperties.lineWidth }
    set { shapeProperties.lineWidth = newValue }
  }
  public var lineCap: ShapeLayer.LineCap {
    get { shapeProperties.lineCap }
    set { shapeProperties.lineCap = newValue }
  }
  public var lineJoin: ShapeLayer.LineJoin {
    get { shapeProperties.lineJoin }
    set { shapeProperties.lineJoin = newValue }
  }
  public var lineDashPattern: [Double] {
    get { shapeProperties.lineDashPattern }
    set { shapeProperties.lineDashPattern = newValue }
  }
  public var lineDashPhase: Double {
    get { shapeProperties.lineDashPhase }
    set { shapeProperties.lineDashPhase = newValue }
  }
  /// The stroked part of the path, as fractions of its length.
  public var strokeStart: Double {
    get { shapeProperties.strokeStart }
    set { shapeProperties.strokeStart = newValue }
  }
  public var strokeEnd: Double {
    get { shapeProperties.strokeEnd }
    set { shapeProperties.strokeEnd = newValue }
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

  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? ShapeLayer else { return }
    shapeProperties = other.shapeProperties
    pathForSize = other.pathForSize
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other) && shapeProperties == (other as? ShapeLayer)?.shapeProperties
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
  public enum Kind: String, Hashable, Sendable { case axial, radial, conic }

  @exclusivity(unchecked) public final var gradientProperties = GradientProperties()
  public var colors: [Color] {
    get { gradientProperties.colors }
    set { gradientProperties.colors = newValue }
  }
  /// One location per colour (0…1), or `nil` for even spacing.
  public var locations: [Double]? {
    get { gradientProperties.locations }
    set { gradientProperties.locations = newValue }
  }
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
  public var endPoint: Point {
    get { gradientProperties.endPoint }
    set { gradientProperties.endPoint = newValue }
  }

  public override init() { super.init() }

  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? GradientLayer else { return }
    gradientProperties = other.gradientProperties
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other) && gradientProperties == (other as? GradientLayer)?.gradientProperties
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
  public var path: Path = Path()
  public var fillColor: Color? = .black
  public var fillRule: ShapeLayer.FillRule = .nonZero
  public var strokeColor: Color? = nil
  public var lineWidth: Double = 1
  public var lineCap: ShapeLayer.LineCap = .butt
  public var lineJoin: ShapeLayer.LineJoin = .miter
  public var lineDashPattern: [Double] = []
  public var lineDashPhase: Double = 0
  public var strokeStart: Double = 0
  public var strokeEnd: Double = 1

  public init() {}
}

/// The properties of a ``GradientLayer``.
public struct GradientProperties: Hashable, Sendable {
  public var colors: [Color] = []
  public var locations: [Double]? = nil
  public var kind: GradientLayer.Kind = .axial
  public var startPoint: Point = Point(x: 0.5, y: 0)
  public var endPoint: Point = Point(x: 0.5, y: 1)

  public init() {}
}
