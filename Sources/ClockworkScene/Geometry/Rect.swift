import FoundationEssentials

/// An axis-aligned rectangle: an origin (top-left) and a size.
///
/// ```swift
/// let face = Rect(x: 0, y: 0, width: 480, height: 480).inset(by: EdgeInsets(all: 12))
/// face.center   // (240, 240)
/// ```
public struct Rect: Hashable, Sendable, Codable {
  /// The top left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// The rectangle at `origin` of `size`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The rectangle with its top left at (`x`, `y`).
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The middle.
  public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

  /// The rectangle with each edge moved inwards by `insets`.
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// The part of this rect that a unit rect (0…1 in each axis) names.
  ///
  /// ```swift
  /// let bounds = Rect(x: 0, y: 0, width: 200, height: 200)
  /// let topMiddle = bounds.subrect(unit: Rect(x: 0.25, y: 0, width: 0.5, height: 0.5))   // (50, 0, 100, 100)
  /// ```
  public func subrect(unit: Rect) -> Rect {
    Rect(
      x: minX + unit.minX * width, y: minY + unit.minY * height,
      width: unit.width * width, height: unit.height * height)
  }

  /// Whether `point` lies inside: the left and top edges count, the right and bottom do not.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}

/// Distances to inset each edge of a rect by, in points.
public struct EdgeInsets: Hashable, Sendable, Codable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Insets of the given distances, 0 for each not given.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

  /// No insets.
  public static let zero = EdgeInsets()
}
