import ClockworkScene

/// Which parts of a clock face are shown.
///
/// ```swift
/// let parts = try ClockParts(parsing: "dial,ticks,hands")   // hands = hour, minute, second
/// ```
public struct ClockParts: OptionSet, Hashable, Sendable, Encodable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let dial = ClockParts(rawValue: 1 << 0)
  public static let ticks = ClockParts(rawValue: 1 << 1)
  public static let numerals = ClockParts(rawValue: 1 << 2)
  public static let hourHand = ClockParts(rawValue: 1 << 3)
  public static let minuteHand = ClockParts(rawValue: 1 << 4)
  public static let secondHand = ClockParts(rawValue: 1 << 5)
  public static let cap = ClockParts(rawValue: 1 << 6)
  public static let ring = ClockParts(rawValue: 1 << 7)

  public static let hands: ClockParts = [.hourHand, .minuteHand, .secondHand]
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

public struct ClockPartsError: Error, Hashable, Sendable, CustomStringConvertible {
  public var name: String
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
  public var insets: EdgeInsets = .zero
  /// The dial, its picture, ticks and numerals.
  public var dial = Rect.unit
  public var ring = Rect.unit
  public var hourHand = Rect.unit
  public var minuteHand = Rect.unit
  public var secondHand = Rect.unit
  public var cap = Rect.unit

  public init(insets: EdgeInsets = .zero) { self.insets = insets }
}

extension Rect {
  /// (0, 0, 1, 1): all of a unit-coordinate space.
  public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)
}
