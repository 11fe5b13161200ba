import ClockworkScene

extension CountdownRing {
  /// The design's look by default: a `lightGray` (#AAAAAA) track, the pink-to-orange arc, a
  /// bold label with tenths.
  public struct Style: Hashable, Sendable {
    /// The track under the arc.
    public var track = Color(hex: 0xAAAAAA)
    /// The arc's gradient, from its start to its end.
    public var stroke = [Color(hex: 0xCE0755), Color(hex: 0xF5B433)]
    /// The pulse's gradient, corner to corner.
    public var pulse = [Color(hex: 0x820B36), Color(hex: 0x7F5E1D)]
    /// How many pulses are under way at once, evenly spaced in a beat (1 to 4; the design's 1).
    /// A terminal that paints the pulse itself shows the first.
    public var pulseEchoes = 1
    /// The echoes a style may have.
    public static let pulseEchoesRange = 1...4
    /// `nil`: black or white, whichever reads over ``CountdownRing/labelBackground``.
    public var label: Color? = nil
    /// The label's font family.
    public var font = "DejaVu Sans"
    /// The label's weight.
    public var weight = TextLayer.Weight.bold
    /// When the label shows tenths of a second; `nil` for where it is drawn to decide (always
    /// in pictures and windows, as the design; a terminal only in the last minute).
    public var tenths: Tenths? = nil
    /// Whether the remaining time is drawn in the middle (a terminal writes it as text instead).
    public var showsLabel = true
    /// Ring radius and stroke width as fractions of the widget's size.
    public var radius = 0.4
    /// The stroke's width, as a fraction of the widget's size.
    public var lineWidth = 0.05
    /// The label's font size as a fraction of the widget's size (the design's 0.13), or nil
    /// to make it as large as fits across the inside of the ring (to be read from afar).
    public var labelScale: Double? = 0.13
    /// The label's colour in the last seconds (``criticalSeconds``), when it differs.
    public var criticalLabel: Color? = nil
    /// Seconds before the end when `criticalLabel` takes over; 0 for never.
    public var criticalSeconds = 0.0
    /// A disc filling the inside of the ring behind the label, for a label over a backdrop
    /// whose colours no one label colour reads on; `nil` for none.
    public var plate: Color? = nil
    /// The plate's colour in the last seconds, when it differs.
    public var criticalPlate: Color? = nil
    /// The design's look.
    public init() {}

    /// This style with the time left in red for its last `seconds` (0: never): iOS's system
    /// red, or on a plate its dark high-contrast red with the plate darkened to read at 4.5:1
    /// over the brightest backdrop.
    public func critical(for seconds: Double) -> Style {
      var style = self
      style.criticalSeconds = seconds
      guard seconds > 0 else {
        (style.criticalLabel, style.criticalPlate) = (nil, nil)
        return style
      }
      style.criticalLabel = plate == nil ? Color(hex: 0xFF3B30) : Color(hex: 0xFF6961)
      style.criticalPlate = plate.map { _ in Color.black.withAlpha(0.8) }
      return style
    }

    /// When the label shows tenths of a second: always, in the last minute, or never.
    public enum Tenths: String, Hashable, Sendable, CaseIterable { case always, lastMinute, never }
  }
}
