import ClockworkScene
import FoundationEssentials

/// How a clock face looks. Lengths are fractions of the dial's radius, so a theme suits any size.
///
/// ```swift
/// let face = ClockFace(size: 480, theme: .station)
/// let mine = try ClockTheme.load(from: URL(fileURLWithPath: "mine.json"))
/// ```
public struct ClockTheme: Hashable, Sendable, Encodable {
  public var name: String
  public var background: Color?
  public var dial: Dial
  public var ticks: Ticks
  public var numerals: Numerals
  public var hourHand: Hand
  public var minuteHand: Hand
  public var secondHand: Hand
  public var cap: Cap
  public var ring: Ring
  /// Cast by the hands and cap.
  public var shadow: HandShadow?

  public struct Dial: Hashable, Sendable, Encodable {
    public var color: Color
    public var borderColor: Color
    public var borderWidth: Double
  }

  public struct Ticks: Hashable, Sendable, Encodable {
    public var color: Color
    public var minorLength: Double
    public var minorWidth: Double
    public var majorLength: Double
    public var majorWidth: Double
  }

  public struct Numerals: Hashable, Sendable, Encodable {
    public enum Style: String, Hashable, Sendable, CaseIterable, Encodable { case none, arabic, roman }
    public var style: Style
    public var color: Color
    public var font: String
    public var size: Double
    /// Distance of the numerals' centres from the dial's centre.
    public var radius: Double
    /// 24 numerals (and a 24-hour hour hand) instead of 12.
    public var twentyFour: Bool
  }

  public struct Hand: Hashable, Sendable, Encodable {
    public var color: Color
    public var width: Double
    /// Where the hand starts (negative: a tail behind the centre) and ends.
    public var start: Double
    public var end: Double
    /// A disc of this radius centred near the tip (the railway clock's signal disc); 0 for none.
    public var disc: Double
  }

  public struct Cap: Hashable, Sendable, Encodable {
    public var color: Color
    public var radius: Double
  }

  public struct Ring: Hashable, Sendable, Encodable {
    public var color: Color
    public var width: Double
  }

  public struct HandShadow: Hashable, Sendable, Encodable {
    public var color: Color
    public var opacity: Double
    public var offset: Double
    public var blur: Double
  }
}

extension ClockTheme {
  /// FWTClock's look: a white dial, black hands, a thin red second hand.
  public static let classic = ClockTheme(
    name: "classic", background: nil,
    dial: Dial(color: .white, borderColor: Color(hex: 0x222222), borderWidth: 0.02),
    ticks: Ticks(color: Color(hex: 0x222222), minorLength: 0.05, minorWidth: 0.012, majorLength: 0.12, majorWidth: 0.03),
    numerals: Numerals(style: .arabic, color: Color(hex: 0x222222), font: "DejaVu Sans", size: 0.16, radius: 0.7, twentyFour: false),
    hourHand: Hand(color: Color(hex: 0x111111), width: 0.06, start: -0.1, end: 0.5, disc: 0),
    minuteHand: Hand(color: Color(hex: 0x111111), width: 0.04, start: -0.1, end: 0.78, disc: 0),
    secondHand: Hand(color: Color(hex: 0xD0021B), width: 0.015, start: -0.2, end: 0.88, disc: 0),
    cap: Cap(color: Color(hex: 0xD0021B), radius: 0.04),
    ring: Ring(color: Color(hex: 0x888888), width: 0.015),
    shadow: HandShadow(color: .black, opacity: 0.35, offset: 0.015, blur: 0.015))

  /// A railway station clock: bar ticks, black bar hands, a red second hand with a disc.
  public static let station = ClockTheme(
    name: "station", background: nil,
    dial: Dial(color: .white, borderColor: Color(hex: 0x101010), borderWidth: 0.04),
    ticks: Ticks(color: .black, minorLength: 0.07, minorWidth: 0.025, majorLength: 0.22, majorWidth: 0.07),
    numerals: Numerals(style: .none, color: .black, font: "DejaVu Sans", size: 0.16, radius: 0.7, twentyFour: false),
    hourHand: Hand(color: .black, width: 0.1, start: -0.2, end: 0.6, disc: 0),
    minuteHand: Hand(color: .black, width: 0.08, start: -0.2, end: 0.88, disc: 0),
    secondHand: Hand(color: Color(hex: 0xD40000), width: 0.025, start: -0.3, end: 0.64, disc: 0.1),
    cap: Cap(color: Color(hex: 0xD40000), radius: 0.035),
    ring: Ring(color: Color(hex: 0x101010), width: 0),
    shadow: HandShadow(color: .black, opacity: 0.3, offset: 0.012, blur: 0.01))

  /// Dark and soft, for a terminal at night.
  public static let night = ClockTheme(
    name: "night", background: nil,
    dial: Dial(color: Color(hex: 0x15171C), borderColor: Color(hex: 0x3A3F4B), borderWidth: 0.02),
    ticks: Ticks(color: Color(hex: 0x5C6370), minorLength: 0.04, minorWidth: 0.012, majorLength: 0.1, majorWidth: 0.03),
    numerals: Numerals(style: .roman, color: Color(hex: 0x7F8796), font: "DejaVu Serif", size: 0.14, radius: 0.72, twentyFour: false),
    hourHand: Hand(color: Color(hex: 0xA9B1C0), width: 0.055, start: -0.08, end: 0.5, disc: 0),
    minuteHand: Hand(color: Color(hex: 0xA9B1C0), width: 0.035, start: -0.08, end: 0.78, disc: 0),
    secondHand: Hand(color: Color(hex: 0xE0A458), width: 0.012, start: -0.18, end: 0.86, disc: 0),
    cap: Cap(color: Color(hex: 0xE0A458), radius: 0.035),
    ring: Ring(color: Color(hex: 0x2A2E37), width: 0.02),
    shadow: nil)

  /// The built-in themes, in the order the app cycles through them.
  public static let builtIn: [ClockTheme] = [.classic, .station, .night]

  public static func named(_ name: String) -> ClockTheme? {
    builtIn.first { $0.name == name.lowercased() }
  }
}
