import FoundationEssentials
import RealModule

/// A point in a layer's coordinate space (y grows downwards, as in Cairo and UIKit).
public struct Point: Hashable, Sendable, Codable {
  /// The distance across, rightwards, in points.
  public var x: Double
  /// The distance down, in points.
  public var y: Double

  /// The point at (`x`, `y`).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Point(x: 0, y: 0)

  /// The point at `radius` from `center`, `angle` radians clockwise from 12 o'clock.
  ///
  /// ```swift
  /// Point(onCircleAround: .zero, radius: 10, angle: .pi / 2)   // (10, 0): 3 o'clock
  /// ```
  public init(onCircleAround center: Point, radius: Double, angle: Double) {
    self.init(x: center.x + radius * Double.sin(angle), y: center.y - radius * Double.cos(angle))
  }

  /// The straight-line distance to `other`.
  public func distance(to other: Point) -> Double { Double.hypot(other.x - x, other.y - y) }
}

extension Point: AdditiveArithmetic {
  /// The sum of two points as vectors.
  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  /// The difference of two points as vectors.
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

/// A width and a height.
public struct Size: Hashable, Sendable, Codable {
  /// The distance across, in points.
  public var width: Double
  /// The distance down, in points.
  public var height: Double

  /// A size of `width` by `height`.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// No width and no height.
  public static let zero = Size(width: 0, height: 0)
}

extension Size: AdditiveArithmetic {
  /// The sizes added, width to width and height to height.
  public static func + (a: Size, b: Size) -> Size {
    Size(width: a.width + b.width, height: a.height + b.height)
  }
  /// The sizes subtracted, width from width and height from height.
  public static func - (a: Size, b: Size) -> Size {
    Size(width: a.width - b.width, height: a.height - b.height)
  }
}
