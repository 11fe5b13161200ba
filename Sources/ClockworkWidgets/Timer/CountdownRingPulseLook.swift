import ClockworkScene

extension CountdownRing {
  /// The pulse as seen at one moment, in the ring's coordinates: a stroked circle whose
  /// gradient runs corner to corner across its (scaled) square.
  public struct PulseLook: Hashable, Sendable {
    /// The pulse's centre.
    public var center: Point
    /// The pulse's radius now.
    public var radius: Double
    /// The pulse's stroke width.
    public var lineWidth: Double
    /// How opaque the pulse is now, 0 to 1.
    public var opacity: Double
    /// The pulse's gradient colours.
    public var colors: [Color]
    /// The gradient's square: its top left corner and side.
    public var square: Rect
    /// The distances from the centre the pulse covers over a whole beat.
    public var sweep: ClosedRange<Double>

    /// The pulse's look from its parts.
    public init(
      center: Point, radius: Double, lineWidth: Double, opacity: Double, colors: [Color],
      square: Rect, sweep: ClosedRange<Double>
    ) {
      (
        self.center, self.radius, self.lineWidth, self.opacity, self.colors, self.square, self.sweep
      ) = (center, radius, lineWidth, opacity, colors, square, sweep)
    }

    /// Whether `point` is inside the stroke.
    public func covers(_ point: Point) -> Bool {
      abs(point.distance(to: center) - radius) <= lineWidth / 2
    }

    /// The gradient's colour at `point` (its projection on the square's diagonal, as Cairo's).
    public func color(at point: Point) -> Color {
      let along =
        ((point.x - square.minX) + (point.y - square.minY))
        / max(square.width + square.height, .ulpOfOne)
      return colors[0].interpolated(to: colors[colors.count - 1], amount: min(max(along, 0), 1))
    }
  }
}
