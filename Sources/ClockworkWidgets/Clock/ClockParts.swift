import ClockworkScene

/// Which parts of a clock face are shown.
///
/// ```swift
/// let parts = try ClockParts(parsing: "dial,ticks,hands")   // hands = hour, minute, second
/// ```
public struct ClockParts: OptionSet, Hashable, Sendable, Encodable {
  /// The parts' bits.
  public let rawValue: Int
  /// The parts whose bits are set in `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The dial's disc, border and picture.
  public static let dial = ClockParts(rawValue: 1 << 0)
  /// The minute and hour ticks.
  public static let ticks = ClockParts(rawValue: 1 << 1)
  /// The hour numerals.
  public static let numerals = ClockParts(rawValue: 1 << 2)
  /// The hour hand.
  public static let hourHand = ClockParts(rawValue: 1 << 3)
  /// The minute hand.
  public static let minuteHand = ClockParts(rawValue: 1 << 4)
  /// The second hand.
  public static let secondHand = ClockParts(rawValue: 1 << 5)
  /// The cap over the hands' centre.
  public static let cap = ClockParts(rawValue: 1 << 6)
  /// The ring around the dial.
  public static let ring = ClockParts(rawValue: 1 << 7)

  /// The three hands.
  public static let hands: ClockParts = [.hourHand, .minuteHand, .secondHand]
  /// Every part.
  public static let all: ClockParts = [.dial, .ticks, .numerals, .hands, .cap, .ring]

  /// Names accepted in a list, and what each means.
  public static let names: [(String, ClockParts)] = [
    ("dial", .dial), ("ticks", .ticks), ("numerals", .numerals), ("hour", .hourHand),
    ("minute", .minuteHand), ("second", .secondHand), ("hands", .hands), ("cap", .cap),
    ("ring", .ring), ("all", .all),
  ]

  /// A comma-separated list of names, e.g. `dial,ticks,hour,minute`.
  /// - Throws: ``ClockPartsError`` naming the unknown part.
  public init(parsing text: String) throws(ClockPartsError) {
    var parts: ClockParts = []
    for name in text.split(separator: ",").map({ $0.filter { !$0.isWhitespace }.lowercased() }) {
      guard let part = Self.names.first(where: { $0.0 == name })?.1 else {
        throw ClockPartsError(name: name)
      }
      parts.insert(part)
    }
    guard !parts.isEmpty else { throw ClockPartsError(name: text) }
    self = parts
  }
}

/// A part's name that is not one of the clock's.
public struct ClockPartsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name given.
  public var name: String
  /// The name and the names there are, for a message.
  public var description: String {
    "unknown clock part '\(name)' (known: \(ClockParts.names.map(\.0).joined(separator: ", ")))"
  }
}

/// Where each part sits: insets from the face's edges (fractions of its side), then a rect in
/// unit coordinates of the square left for each part (FWTClock's edge insets and part frames).
/// A hand pivots at the centre of its rect, and its lengths are fractions of half its width.
///
/// ```swift
/// var layout = ClockLayout(insets: EdgeInsets(all: 0.05))
/// layout.secondHand = Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)   // a shorter second hand
/// ```
public struct ClockLayout: Hashable, Sendable, Encodable {
  /// How far the face's square is inset from the face's bounds, as fractions of its side.
  public var insets: EdgeInsets = .zero
  /// The dial, its picture, ticks and numerals.
  public var dial = Rect.unit
  /// The ring's rectangle.
  public var ring = Rect.unit
  /// The hour hand's rectangle: its length is half the rectangle's width.
  public var hourHand = Rect.unit
  /// The minute hand's rectangle: its length is half the rectangle's width.
  public var minuteHand = Rect.unit
  /// The second hand's rectangle: its length is half the rectangle's width.
  public var secondHand = Rect.unit
  /// The cap's rectangle.
  public var cap = Rect.unit

  /// A layout with `insets` and every part over the whole face.
  public init(insets: EdgeInsets = .zero) { self.insets = insets }
}

extension Rect {
  /// (0, 0, 1, 1): all of a unit-coordinate space.
  public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)
}
