import ClockworkScene
import ClockworkCore
import FoundationEssentials

/// Loading themes from JSON. A file names a built-in `base` (default `classic`) and overrides
/// any fields; an unknown or invalid field is an error that names it.
///
/// ```json
/// { "base": "night", "secondHand": { "color": "#FF8800" }, "numerals": { "style": "none" } }
/// ```
extension ClockTheme {
  /// Every section and the fields it takes (lengths are fractions of the dial's radius).
  static let schema: [String: [String: FieldKind]] = [
    "dial": ["color": .color, "borderColor": .color, "borderWidth": .length],
    "ticks": ["color": .color, "minorLength": .length, "minorWidth": .length, "majorLength": .length, "majorWidth": .length],
    "numerals": ["style": .numeralStyle, "color": .color, "font": .text, "size": .length, "radius": .length, "twentyFour": .flag],
    "hourHand": handFields, "minuteHand": handFields, "secondHand": handFields,
    "cap": ["color": .color, "radius": .length],
    "ring": ["color": .color, "width": .length],
    "shadow": ["color": .color, "opacity": .fraction, "offset": .signedLength, "blur": .length],
  ]
  static let handFields: [String: FieldKind] = [
    "color": .color, "width": .length, "start": .signedLength, "end": .length, "disc": .length,
  ]
  static let topLevelFields: Set<String> = ["name", "base", "background"]

  enum FieldKind { case color, length, signedLength, fraction, text, flag, numeralStyle }

  /// Reads a theme file.
  /// - Throws: ``ThemeError`` naming the file and the field.
  public static func load(from url: URL) throws(ThemeError) -> ClockTheme {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw ThemeError(source: url.path, field: nil, problem: "cannot read the file (\(error.reason))")
    }
    return try decode(data, source: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
  }

  /// Reads a theme from JSON bytes; `source` names them in errors.
  public static func decode(_ data: Data, source: String, defaultName: String = "custom") throws(ThemeError) -> ClockTheme {
    func fail(_ field: String?, _ problem: String) -> ThemeError { ThemeError(source: source, field: field, problem: problem) }
    let parsed: JSONValue
    do { parsed = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
      throw fail(nil, "not valid JSON (\(error.reason))")
    }
    guard case .object(let object) = parsed else { throw fail(nil, "the top level must be a JSON object") }
    var theme = ClockTheme.classic
    if let base = object["base"] {
      guard case .string(let baseName) = base, let found = ClockTheme.named(baseName) else {
        throw fail("base", "must be one of \(builtIn.map(\.name).joined(separator: ", "))")
      }
      theme = found
    }
    theme.name = defaultName
    for (key, value) in object {
      switch key {
      case "base": continue
      case "name":
        guard case .string(let name) = value, !name.isEmpty else { throw fail("name", "must be a non-empty string") }
        theme.name = name
      case "background":
        if value == .null { theme.background = nil } else { theme.background = try color(value, field: "background", source: source) }
      default:
        guard let fields = schema[key] else {
          let known = (Array(topLevelFields) + schema.keys).sorted().joined(separator: ", ")
          throw fail(key, "unknown field (known: \(known))")
        }
        if key == "shadow", value == .null {
          theme.shadow = nil
          continue
        }
        guard case .object(let section) = value else { throw fail(key, "must be an object") }
        for (field, fieldValue) in section {
          let path = "\(key).\(field)"
          guard let kind = fields[field] else {
            throw fail(path, "unknown field (known: \(fields.keys.sorted().joined(separator: ", ")))")
          }
          try theme.set(path, to: try Self.read(fieldValue, as: kind, field: path, source: source))
        }
      }
    }
    try theme.checkConsistency(source: source)
    return theme
  }

  enum FieldValue {
    case color(Color), number(Double), text(String), flag(Bool), style(Numerals.Style)
  }

  static func read(_ value: JSONValue, as kind: FieldKind, field: String, source: String) throws(ThemeError) -> FieldValue {
    func fail(_ problem: String) -> ThemeError { ThemeError(source: source, field: field, problem: problem) }
    switch kind {
    case .color: return .color(try color(value, field: field, source: source))
    case .text:
      guard case .string(let text) = value, !text.isEmpty else { throw fail("must be a non-empty string") }
      return .text(text)
    case .flag:
      guard case .bool(let flag) = value else { throw fail("must be true or false") }
      return .flag(flag)
    case .numeralStyle:
      guard case .string(let text) = value, let style = Numerals.Style(rawValue: text) else {
        throw fail("must be one of \(Numerals.Style.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .style(style)
    case .length, .signedLength, .fraction:
      guard case .number(let x) = value, x.isFinite else { throw fail("must be a number") }
      switch kind {
      case .length: guard (0...2).contains(x) else { throw fail("must be from 0 to 2 (a fraction of the radius), got \(x)") }
      case .signedLength: guard (-1...2).contains(x) else { throw fail("must be from -1 to 2 (a fraction of the radius), got \(x)") }
      default: guard (0...1).contains(x) else { throw fail("must be from 0 to 1, got \(x)") }
      }
      return .number(x)
    }
  }

  static func color(_ value: JSONValue, field: String, source: String) throws(ThemeError) -> Color {
    guard case .string(let text) = value else {
      throw ThemeError(source: source, field: field, problem: "must be a colour string such as \"#CE0755\"")
    }
    do { return try Color(parsing: text) } catch {
      throw ThemeError(source: source, field: field, problem: error.description)
    }
  }

  mutating func set(_ path: String, to value: FieldValue) throws(ThemeError) {
    func hand(_ hand: inout Hand, _ field: String) {
      switch (field, value) {
      case ("color", .color(let c)): hand.color = c
      case ("width", .number(let x)): hand.width = x
      case ("start", .number(let x)): hand.start = x
      case ("end", .number(let x)): hand.end = x
      case ("disc", .number(let x)): hand.disc = x
      default: break
      }
    }
    let parts = path.split(separator: ".").map(String.init)
    let (section, field) = (parts[0], parts[1])
    switch (section, field, value) {
    case ("dial", "color", .color(let c)): dial.color = c
    case ("dial", "borderColor", .color(let c)): dial.borderColor = c
    case ("dial", "borderWidth", .number(let x)): dial.borderWidth = x
    case ("ticks", "color", .color(let c)): ticks.color = c
    case ("ticks", "minorLength", .number(let x)): ticks.minorLength = x
    case ("ticks", "minorWidth", .number(let x)): ticks.minorWidth = x
    case ("ticks", "majorLength", .number(let x)): ticks.majorLength = x
    case ("ticks", "majorWidth", .number(let x)): ticks.majorWidth = x
    case ("numerals", "style", .style(let s)): numerals.style = s
    case ("numerals", "color", .color(let c)): numerals.color = c
    case ("numerals", "font", .text(let t)): numerals.font = t
    case ("numerals", "size", .number(let x)): numerals.size = x
    case ("numerals", "radius", .number(let x)): numerals.radius = x
    case ("numerals", "twentyFour", .flag(let b)): numerals.twentyFour = b
    case ("hourHand", _, _): hand(&hourHand, field)
    case ("minuteHand", _, _): hand(&minuteHand, field)
    case ("secondHand", _, _): hand(&secondHand, field)
    case ("cap", "color", .color(let c)): cap.color = c
    case ("cap", "radius", .number(let x)): cap.radius = x
    case ("ring", "color", .color(let c)): ring.color = c
    case ("ring", "width", .number(let x)): ring.width = x
    case ("shadow", _, _):
      var s = shadow ?? HandShadow(color: .black, opacity: 0.35, offset: 0.015, blur: 0.015)
      switch (field, value) {
      case ("color", .color(let c)): s.color = c
      case ("opacity", .number(let x)): s.opacity = x
      case ("offset", .number(let x)): s.offset = x
      case ("blur", .number(let x)): s.blur = x
      default: break
      }
      shadow = s
    default: break
    }
  }

  func checkConsistency(source: String) throws(ThemeError) {
    for (name, hand) in [("hourHand", hourHand), ("minuteHand", minuteHand), ("secondHand", secondHand)] {
      guard hand.start < hand.end else {
        throw ThemeError(source: source, field: "\(name).start", problem: "must be less than \(name).end (\(hand.end))")
      }
    }
  }
}

/// A theme that could not be loaded: which file, which field, what was wrong.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
  public var source: String
  public var field: String?
  public var problem: String

  public var description: String {
    if let field { return "theme \(source): field '\(field)': \(problem)" }
    return "theme \(source): \(problem)"
  }
}

/// Any JSON value, to check a theme field by field (Foundation's `JSONSerialization` is not in
/// FoundationEssentials, which is all the library links).
enum JSONValue: Decodable, Equatable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null }
    else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
    else if let number = try? container.decode(Double.self) { self = .number(number) }
    else if let text = try? container.decode(String.self) { self = .string(text) }
    else if let array = try? container.decode([JSONValue].self) { self = .array(array) }
    else { self = .object(try container.decode([String: JSONValue].self)) }
  }
}
