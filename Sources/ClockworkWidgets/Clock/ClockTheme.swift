import ClockworkScene
import FoundationEssentials

/// How a clock face looks. Lengths are fractions of the dial's radius, so a theme suits any size.
///
/// ```swift
/// let face = ClockFace(size: 480, theme: .station)
/// let mine = try ClockTheme.load(from: URL(fileURLWithPath: "mine.json"))
/// ```
public struct ClockTheme: Hashable, Sendable, Encodable {
  /// The name it is chosen by (`--theme`).
  public var name: String
  /// What fills the face's square behind the dial; `nil` for nothing.
  public var background: Color?
  /// The dial's disc.
  public var dial: Dial
  /// The minute and hour ticks.
  public var ticks: Ticks
  /// The hour numerals.
  public var numerals: Numerals
  /// The hour hand.
  public var hourHand: Hand
  /// The minute hand.
  public var minuteHand: Hand
  /// The second hand.
  public var secondHand: Hand
  /// The cap over the hands' centre.
  public var cap: Cap
  /// The ring around the dial.
  public var ring: Ring
  /// Cast by the hands and cap, unless a hand or the cap has its own.
  public var shadow: HandShadow?
  /// Where each part sits (FWTClock's edge insets and part frames).
  public var layout = ClockLayout()

  /// The dial's disc, its border, and a picture on it.
  public struct Dial: Hashable, Sendable, Encodable {
    /// The disc's colour.
    public var color: Color
    /// The border's colour.
    public var borderColor: Color
    /// The border's width.
    public var borderWidth: Double
    /// A picture on the dial, under the ticks (DBClockView's `clockBackgroundImage`).
    public var image: ImageData? = nil
    /// How the picture is placed on the dial.
    public var imagePlacement: ImagePlacement = .fit
  }

  /// How the dial's picture is placed: at its own size in the middle (a pixel a point, as
  /// DBClockView shows it), the whole picture inside the dial's square, or covering the dial's
  /// circle (clipped to it).
  public enum ImagePlacement: String, Hashable, Sendable, CaseIterable, Encodable {
    case center, fit, fill
  }

  /// The ticks: one a minute (minor) and one an hour (major).
  public struct Ticks: Hashable, Sendable, Encodable {
    /// The ticks' colour.
    public var color: Color
    /// A minute tick's length, inwards from the dial's edge.
    public var minorLength: Double
    /// A minute tick's width.
    public var minorWidth: Double
    /// An hour tick's length, inwards from the dial's edge.
    public var majorLength: Double
    /// An hour tick's width.
    public var majorWidth: Double
  }

  /// The hour numerals.
  public struct Numerals: Hashable, Sendable, Encodable {
    /// How the numerals are written.
    public enum Style: String, Hashable, Sendable, CaseIterable, Encodable {
      case none, arabic, roman
    }
    /// How the numerals are written: none, arabic or roman.
    public var style: Style
    /// The numerals' colour.
    public var color: Color
    /// The numerals' font family.
    public var font: String
    /// The numerals' font size.
    public var size: Double
    /// Distance of the numerals' centres from the dial's centre, as a fraction of its radius.
    public var radius: Double
    /// 24 numerals (and a 24-hour hour hand) instead of 12.
    public var twentyFour: Bool
  }

  /// One hand: a bar from `start` to `end`, or a picture.
  public struct Hand: Hashable, Sendable, Encodable {
    /// The hand's colour.
    public var color: Color
    /// The bar's width.
    public var width: Double
    /// Where the hand starts, as a fraction of the dial's radius from the centre (negative: a
    /// tail behind the centre).
    public var start: Double
    /// Where the hand ends, its tip, as a fraction of the dial's radius from the centre.
    public var end: Double
    /// A disc of this radius centred near the tip (the railway clock's signal disc); 0 for none.
    public var disc: Double
    /// A picture drawn instead of the bar, turned about `pivot` (unit coordinates of the
    /// picture, (0.5, 1) its bottom centre) and scaled so that its top reaches `end`.
    public var image: ImageData? = nil
    /// The picture's point that sits on the dial's centre, in unit coordinates of the picture.
    public var pivot = Point(x: 0.5, y: 1)
    /// This hand's own shadow; `nil` casts the theme's `shadow`.
    public var shadow: HandShadow? = nil
  }

  /// The disc over the hands' centre.
  public struct Cap: Hashable, Sendable, Encodable {
    /// The cap's colour.
    public var color: Color
    /// The cap's radius.
    public var radius: Double
    /// The cap's own shadow; `nil` casts the theme's.
    public var shadow: HandShadow? = nil
  }

  /// The ring around the dial.
  public struct Ring: Hashable, Sendable, Encodable {
    /// The ring's colour.
    public var color: Color
    /// The ring's width.
    public var width: Double
    /// Over the hands (FWTClock) rather than under them.
    public var front = false
  }

  /// Offsets and blur are fractions of the dial's radius; y grows downwards.
  public struct HandShadow: Hashable, Sendable, Encodable {
    /// The shadow's colour.
    public var color: Color
    /// How opaque the shadow is, 0 to 1.
    public var opacity: Double
    /// How far the shadow falls to the right, as a fraction of the dial's radius.
    public var offsetX: Double
    /// How far the shadow falls down, as a fraction of the dial's radius.
    public var offsetY: Double
    /// The shadow's blur radius, as a fraction of the dial's radius.
    public var blur: Double

    /// A shadow of `color` at `opacity`, moved by (`offsetX`, `offsetY`) and blurred by `blur`.
    public init(
      color: Color = .black, opacity: Double, offsetX: Double, offsetY: Double, blur: Double
    ) {
      (self.color, self.opacity, self.offsetX, self.offsetY, self.blur) = (
        color, opacity, offsetX, offsetY, blur
      )
    }

    /// A shadow moved by `offset` to the right and down alike.
    public init(color: Color = .black, opacity: Double, offset: Double, blur: Double) {
      self.init(color: color, opacity: opacity, offsetX: offset, offsetY: offset, blur: blur)
    }
  }
}

extension ClockTheme {
  /// FWTClock's look: a white dial, black hands, a thin red second hand.
  public static let classic = ClockTheme(
    name: "classic", background: nil,
    dial: Dial(color: .white, borderColor: Color(hex: 0x222222), borderWidth: 0.02),
    ticks: Ticks(
      color: Color(hex: 0x222222), minorLength: 0.05, minorWidth: 0.012, majorLength: 0.12,
      majorWidth: 0.03),
    numerals: Numerals(
      style: .arabic, color: Color(hex: 0x222222), font: "DejaVu Sans", size: 0.16, radius: 0.7,
      twentyFour: false),
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
    ticks: Ticks(
      color: .black, minorLength: 0.07, minorWidth: 0.025, majorLength: 0.22, majorWidth: 0.07),
    numerals: Numerals(
      style: .none, color: .black, font: "DejaVu Sans", size: 0.16, radius: 0.7, twentyFour: false),
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
    ticks: Ticks(
      color: Color(hex: 0x5C6370), minorLength: 0.04, minorWidth: 0.012, majorLength: 0.1,
      majorWidth: 0.03),
    numerals: Numerals(
      style: .roman, color: Color(hex: 0x7F8796), font: "DejaVu Serif", size: 0.14, radius: 0.72,
      twentyFour: false),
    hourHand: Hand(color: Color(hex: 0xA9B1C0), width: 0.055, start: -0.08, end: 0.5, disc: 0),
    minuteHand: Hand(color: Color(hex: 0xA9B1C0), width: 0.035, start: -0.08, end: 0.78, disc: 0),
    secondHand: Hand(color: Color(hex: 0xE0A458), width: 0.012, start: -0.18, end: 0.86, disc: 0),
    cap: Cap(color: Color(hex: 0xE0A458), radius: 0.035),
    ring: Ring(color: Color(hex: 0x2A2E37), width: 0.02),
    shadow: nil)

  /// DBClockView's look at its 240-point size: black bar hands 1×90, 2×80 and 2×60 points that
  /// pivot at their bottom centre, each with its own shadow (opacity 1, 0.7 and 0.4; offsets
  /// (2, 2), (1, 1) and Core Animation's default (0, −3); blur 3), a black 6×6 centre, on the
  /// demo's red. Its dial is a picture; this one draws a plain white dial in its place.
  public static let dbclock: ClockTheme = {
    let point = 1.0 / 120  // a point at 240 points across, as a fraction of the radius
    func hand(width: Double, length: Double, opacity: Double, x: Double, y: Double) -> Hand {
      Hand(
        color: .black, width: width * point, start: 0, end: length * point, disc: 0,
        shadow: HandShadow(
          opacity: opacity, offsetX: x * point, offsetY: y * point, blur: 3 * point))
    }
    return ClockTheme(
      name: "dbclock", background: Color(hex: 0xFF0000),
      dial: Dial(color: .white, borderColor: .black, borderWidth: point),
      ticks: Ticks(
        color: .black, minorLength: 0.05, minorWidth: point, majorLength: 0.1, majorWidth: 2 * point
      ),
      numerals: Numerals(
        style: .none, color: .black, font: "DejaVu Sans", size: 0.16, radius: 0.7, twentyFour: false
      ),
      hourHand: hand(width: 2, length: 60, opacity: 0.4, x: 0, y: -3),
      minuteHand: hand(width: 2, length: 80, opacity: 0.7, x: 1, y: 1),
      secondHand: hand(width: 1, length: 90, opacity: 1, x: 2, y: 2),
      cap: Cap(
        color: .black, radius: 3 * point, shadow: HandShadow(opacity: 0, offset: 0, blur: 0)),
      ring: Ring(color: .black, width: 0),
      shadow: nil)
  }()

  /// FWTClock's look: the classic face inside edge insets, with its ring frontmost, over the
  /// hands.
  public static let fwtclock: ClockTheme = {
    var theme = ClockTheme.classic
    theme.name = "fwtclock"
    theme.ring = Ring(color: Color(hex: 0x888888), width: 0.04, front: true)
    theme.layout = ClockLayout(insets: EdgeInsets(all: 0.04))
    return theme
  }()

  /// The built-in themes, in the order the app cycles through them.
  public static let builtIn: [ClockTheme] = [.classic, .station, .night, .dbclock, .fwtclock]

  /// The built-in theme called `name` (any case), if there is one.
  public static func named(_ name: String) -> ClockTheme? {
    builtIn.first { $0.name == name.lowercased() }
  }
}
