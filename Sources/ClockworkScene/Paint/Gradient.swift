import FoundationEssentials

/// Colour stops and a geometry: linear (start to end point), radial (centre outwards) or conic
/// (a sweep clockwise from 12 o'clock around the centre). Points are in unit coordinates of the
/// painted area.
///
/// ```swift
/// let stroke = Gradient(colors: [try Color(parsing: "#CE0755"), try Color(parsing: "#F5B433")],
///                       kind: .conic(center: Point(x: 0.5, y: 0.5)))
/// ```
public struct Gradient: Hashable, Sendable {
  /// How the colours spread: along a line, out from a point, or around a point.
  public enum Kind: Hashable, Sendable {
    case linear(start: Point, end: Point)
    case radial(center: Point, radius: Double)
    case conic(center: Point)
  }

  /// A colour at a place along the gradient.
  public struct Stop: Hashable, Sendable {
    /// The colour.
    public var color: Color
    /// Where it is, 0 at the start and 1 at the end.
    public var location: Double

    /// A stop of `color` at `location`.
    public init(color: Color, location: Double) {
      self.color = color
      self.location = location
    }
  }

  /// The colours and where they are, in order.
  public var stops: [Stop]
  /// How the colours spread.
  public var kind: Kind

  /// A gradient of `stops` spread as `kind`.
  public init(stops: [Stop], kind: Kind) {
    self.stops = stops
    self.kind = kind
  }

  /// Colours evenly spaced, or at `locations` when given (one per colour).
  public init(colors: [Color], locations: [Double]? = nil, kind: Kind) {
    let spots =
      locations.flatMap { $0.count == colors.count ? $0 : nil }
      ?? colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
    self.init(stops: zip(colors, spots).map { Stop(color: $0, location: $1) }, kind: kind)
  }

  /// The colour at `location` (0…1), interpolated between the stops.
  public func color(at location: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .clear }
    if location <= first.location { return first.color }
    if location >= last.location { return last.color }
    for (lower, upper) in zip(stops, stops.dropFirst()) where location <= upper.location {
      let span = upper.location - lower.location
      let amount = span > 0 ? (location - lower.location) / span : 1
      return lower.color.interpolated(to: upper.color, amount: amount)
    }
    return last.color
  }
}
