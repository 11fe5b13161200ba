import FoundationEssentials
import RealModule

/// An sRGB colour with alpha, each component in 0…1 (not premultiplied).
///
/// ```swift
/// let accent = try Color(parsing: "#CE0755")
/// let glass = try Color(parsing: "#FFFFFF80")
/// let named = try Color(parsing: "red")
/// ```
public struct Color: Hashable, Sendable, Codable {
  /// The red component, 0 to 1.
  public var red: Double
  /// The green component, 0 to 1.
  public var green: Double
  /// The blue component, 0 to 1.
  public var blue: Double
  /// The opacity, 0 to 1.
  public var alpha: Double

  /// A colour of the given components, each 0 to 1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// From 0xRRGGBB, at `alpha` (0 to 1).
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255, alpha: alpha)
  }

  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The colour names a theme may use, with their values.
  public static let names: [String: Color] = [
    "black": .black, "white": .white, "clear": .clear, "transparent": .clear,
    "red": Color(hex: 0xFF0000), "green": Color(hex: 0x008000), "blue": Color(hex: 0x0000FF),
    "yellow": Color(hex: 0xFFFF00), "orange": Color(hex: 0xFFA500), "gray": Color(hex: 0x808080),
    "grey": Color(hex: 0x808080), "silver": Color(hex: 0xC0C0C0), "navy": Color(hex: 0x000080),
    "teal": Color(hex: 0x008080), "purple": Color(hex: 0x800080), "gold": Color(hex: 0xFFD700),
  ]

  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name from ``names``.
  /// - Throws: ``ColorParseError`` saying what was wrong.
  public init(parsing text: String) throws(ColorParseError) {
    let trimmed = text.filter { !$0.isWhitespace }  // no name or hex form has a space
    if let named = Self.names[trimmed.lowercased()] {
      self = named
      return
    }
    guard trimmed.hasPrefix("#") else {
      throw ColorParseError(input: text, problem: "expected #RRGGBB, #RRGGBBAA or a colour name")
    }
    var digits = String(trimmed.dropFirst())
    guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else {
      throw ColorParseError(
        input: text, problem: "'\(digits)' has characters that are not hex digits")
    }
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else {
      throw ColorParseError(
        input: text, problem: "expected 3, 6 or 8 hex digits, got \(digits.count)")
    }
    if digits.count == 8 {
      self.init(hex: UInt32(value >> 8), alpha: Double(value & 0xFF) / 255)
    } else {
      self.init(hex: UInt32(value))
    }
  }

  /// The same colour at `alpha`.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Each component times `other`'s (a tint: white changes nothing).
  public func multiplied(by other: Color) -> Color {
    Color(
      red: red * other.red, green: green * other.green, blue: blue * other.blue,
      alpha: alpha * other.alpha)
  }

  /// Whether white reads better on it than black: its relative luminance (sRGB weights) under
  /// the middle grey's.
  public var isDark: Bool { 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.5 }

  /// WCAG's relative luminance: 0 for black, 1 for white (alpha left out).
  public var relativeLuminance: Double {
    func linear(_ v: Double) -> Double {
      let v = min(max(v, 0), 1)
      return v <= 0.040_45 ? v / 12.92 : Double.pow((v + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG's contrast ratio with `other`, from 1 (the same) to 21 (black and white); text needs
  /// 4.5 (AA).
  ///
  /// ```swift
  /// Color.white.contrastRatio(with: .black)   // 21
  /// ```
  public func contrastRatio(with other: Color) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// The colour as `#RRGGBB`, or `#RRGGBBAA` when not opaque.
  public var hexString: String {
    func byte(_ v: Double) -> String {
      let b = Int((min(max(v, 0), 1) * 255).rounded())
      return String(b, radix: 16, uppercase: true).leftPad2
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
  }
}

extension String {
  fileprivate var leftPad2: String { count < 2 ? "0" + self : self }
}

extension Color: CustomStringConvertible {
  /// The colour as ``hexString`` writes it.
  public var description: String { hexString }
}

/// Why a colour could not be read.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was given.
  public var input: String
  /// Why it is not a colour.
  public var problem: String

  /// The text and the problem, for a message.
  public var description: String { "cannot read colour '\(input)': \(problem)" }
}
