import ClockworkScene
import ClockworkCore
import FoundationEssentials

/// Loading themes from JSON. A file names a built-in `base` (default `classic`) and overrides
/// any fields; an unknown or invalid field is an error that names it. Pictures (PNG or SVG) are
/// read relative to the theme file's folder.
///
/// ```json
/// { "base": "night", "secondHand": { "color": "#FF8800", "shadow": { "opacity": 0.4, "offsetY": -0.025 } },
///   "dial": { "image": "dial.svg", "placement": "center" }, "layout": { "insets": 0.05 } }
/// ```
extension ClockTheme {
  /// Every section and the fields it takes (lengths are fractions of the dial's radius).
  static let schema: [String: [String: FieldKind]] = [
    "dial": ["color": .color, "borderColor": .color, "borderWidth": .length, "image": .picture, "placement": .placement],
    "ticks": ["color": .color, "minorLength": .length, "minorWidth": .length, "majorLength": .length, "majorWidth": .length],
    "numerals": ["style": .numeralStyle, "color": .color, "font": .text, "size": .length, "radius": .length, "twentyFour": .flag],
    "hourHand": handFields, "minuteHand": handFields, "secondHand": handFields,
    "cap": ["color": .color, "radius": .length, "shadow": .shadow],
    "ring": ["color": .color, "width": .length, "front": .flag],
    "shadow": shadowFields,
    "layout": [
      "insets": .insets, "dial": .unitRect, "ring": .unitRect, "hands": .unitRect, "hourHand": .unitRect,
      "minuteHand": .unitRect, "secondHand": .unitRect, "cap": .unitRect,
    ],
  ]
  static let handFields: [String: FieldKind] = [
    "color": .color, "width": .length, "start": .signedLength, "end": .length, "disc": .length, "image": .picture,
    "pivot": .unitPoint, "shadow": .shadow,
  ]
  static let shadowFields: [String: FieldKind] = [
    "color": .color, "opacity": .fraction, "offset": .signedLength, "offsetX": .signedLength, "offsetY": .signedLength,
    "blur": .length,
  ]
  static let topLevelFields: Set<String> = ["name", "base", "background"]
  /// What a shadow section starts from when the theme has no shared shadow.
  static let defaultShadow = HandShadow(opacity: 0.35, offset: 0.015, blur: 0.015)


  /// Reads a theme file. `loadPicture` reads the pictures it names (the app passes one that
  /// also checks that they can be drawn).
  /// - Throws: ``ThemeError`` naming the file and the field.
  public static func load(
    from url: URL, loadPicture: @escaping (URL) throws(ImageDataError) -> ImageData = { url throws(ImageDataError) in try ImageData(contentsOf: url) }
  ) throws(ThemeError) -> ClockTheme {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw ThemeError(source: url.path, field: nil, problem: "cannot read the file (\(error.reason))")
    }
    return try decode(
      data, source: url.path, defaultName: url.deletingPathExtension().lastPathComponent,
      folder: url.deletingLastPathComponent(), loadPicture: loadPicture)
  }

  /// Reads a theme from JSON bytes; `source` names them in errors, and pictures are read from
  /// `folder`.
  public static func decode(
    _ data: Data, source: String, defaultName: String = "custom", folder: URL? = nil,
    loadPicture: @escaping (URL) throws(ImageDataError) -> ImageData = { url throws(ImageDataError) in try ImageData(contentsOf: url) }
  ) throws(ThemeError) -> ClockTheme {
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
    let reader = ThemeFieldReader(source: source, folder: folder, loadPicture: loadPicture)
    // The shared shadow first: a hand's own shadow starts from it.
    let keys = (object["shadow"] == nil ? [] : ["shadow"]) + object.keys.filter { $0 != "shadow" }
    for key in keys {
      guard let value = object[key] else { continue }
      switch key {
      case "base": continue
      case "name":
        guard case .string(let name) = value, !name.isEmpty else { throw fail("name", "must be a non-empty string") }
        theme.name = name
      case "background":
        if value == .null { theme.background = nil } else { theme.background = try reader.color(value, field: "background") }
      case "shadow":
        theme.shadow = try reader.shadow(value, field: "shadow", startingFrom: theme.shadow ?? defaultShadow)
      default:
        guard let fields = schema[key] else {
          let known = (Array(topLevelFields) + schema.keys).sorted().joined(separator: ", ")
          throw fail(key, "unknown field (known: \(known))")
        }
        guard case .object(let section) = value else { throw fail(key, "must be an object") }
        for (field, fieldValue) in section {
          let path = "\(key).\(field)"
          guard let kind = fields[field] else {
            throw fail(path, "unknown field (known: \(fields.keys.sorted().joined(separator: ", ")))")
          }
          let read: FieldValue
          if kind == .shadow {
            // A part's own shadow; null: none for this part.
            read = .shadow(try reader.shadow(fieldValue, field: path, startingFrom: theme.shadow ?? defaultShadow) ?? HandShadow(opacity: 0, offset: 0, blur: 0))
          } else {
            read = try reader.read(fieldValue, as: kind, field: path)
          }
          theme.set(path, to: read)
        }
      }
    }
    try theme.checkConsistency(source: source)
    return theme
  }

  typealias FieldKind = ThemeFieldKind
  typealias FieldValue = ThemeFieldValue
}

enum ThemeFieldKind { case color, length, signedLength, fraction, text, flag, numeralStyle, picture, placement, unitPoint, unitRect, insets, shadow }

enum ThemeFieldValue {
  case color(Color), number(Double), text(String), flag(Bool), style(ClockTheme.Numerals.Style), picture(ImageData)
  case placement(ClockTheme.ImagePlacement), point(Point), rect(Rect), insets(EdgeInsets), shadow(ClockTheme.HandShadow)
}

/// Reads and checks one field's value of a theme file; errors name the file and the field.
struct ThemeFieldReader {
  var source: String
  var folder: URL?
  var loadPicture: (URL) throws(ImageDataError) -> ImageData

  func fail(_ field: String, _ problem: String) -> ThemeError { ThemeError(source: source, field: field, problem: problem) }

  func read(_ value: JSONValue, as kind: ThemeFieldKind, field: String) throws(ThemeError) -> ThemeFieldValue {
    switch kind {
    case .color: return .color(try color(value, field: field))
    case .text:
      guard case .string(let text) = value, !text.isEmpty else { throw fail(field, "must be a non-empty string") }
      return .text(text)
    case .flag:
      guard case .bool(let flag) = value else { throw fail(field, "must be true or false") }
      return .flag(flag)
    case .numeralStyle:
      guard case .string(let text) = value, let style = ClockTheme.Numerals.Style(rawValue: text) else {
        throw fail(field, "must be one of \(ClockTheme.Numerals.Style.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .style(style)
    case .placement:
      guard case .string(let text) = value, let placement = ClockTheme.ImagePlacement(rawValue: text) else {
        throw fail(field, "must be one of \(ClockTheme.ImagePlacement.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .placement(placement)
    case .picture:
      guard case .string(let path) = value, !path.isEmpty else { throw fail(field, "must be the path of a PNG or SVG file") }
      let url = path.hasPrefix("/") || folder == nil ? URL(fileURLWithPath: path) : folder!.appendingPathComponent(path)
      do { return .picture(try loadPicture(url)) } catch { throw fail(field, error.description) }
    case .unitPoint:
      let numbers = try list(value, count: 2, field: field, what: "[x, y] in the picture's unit coordinates")
      guard numbers.allSatisfy({ (0...1).contains($0) }), numbers[1] > 0 else {
        throw fail(field, "must be [x, y] with x from 0 to 1 and y above 0 up to 1, got \(numbers)")
      }
      return .point(Point(x: numbers[0], y: numbers[1]))
    case .unitRect:
      let n = try list(value, count: 4, field: field, what: "[x, y, width, height] in unit coordinates of the face")
      guard n[2] > 0, n[3] > 0, n.allSatisfy({ (-1...2).contains($0) }) else {
        throw fail(field, "must be [x, y, width, height] with a positive width and height, each from -1 to 2, got \(n)")
      }
      return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
    case .insets:
      let edges: [Double]
      if case .number(let all) = value {
        edges = [all, all, all, all]
      } else if case .object(let sides) = value {
        var found = [0.0, 0, 0, 0]
        for (side, number) in sides {
          guard let index = ["top", "left", "bottom", "right"].firstIndex(of: side) else {
            throw fail("\(field).\(side)", "unknown field (known: bottom, left, right, top)")
          }
          guard case .number(let x) = number, x.isFinite else { throw fail("\(field).\(side)", "must be a number") }
          found[index] = x
        }
        edges = found
      } else {
        throw fail(field, "must be a number (all four edges) or an object with top, left, bottom, right")
      }
      guard edges.allSatisfy({ (0..<0.5).contains($0) }), edges[0] + edges[2] < 1, edges[1] + edges[3] < 1 else {
        throw fail(field, "each edge must be from 0 to under 0.5 (a fraction of the face's side), got \(edges)")
      }
      return .insets(EdgeInsets(top: edges[0], left: edges[1], bottom: edges[2], right: edges[3]))
    case .length, .signedLength, .fraction, .shadow:
      guard case .number(let x) = value, x.isFinite else { throw fail(field, "must be a number") }
      switch kind {
      case .length: guard (0...2).contains(x) else { throw fail(field, "must be from 0 to 2 (a fraction of the radius), got \(x)") }
      case .signedLength: guard (-1...2).contains(x) else { throw fail(field, "must be from -1 to 2 (a fraction of the radius), got \(x)") }
      default: guard (0...1).contains(x) else { throw fail(field, "must be from 0 to 1, got \(x)") }
      }
      return .number(x)
    }
  }

  func list(_ value: JSONValue, count: Int, field: String, what: String) throws(ThemeError) -> [Double] {
    guard case .array(let items) = value, items.count == count else { throw fail(field, "must be \(what)") }
    var numbers: [Double] = []
    for item in items {
      guard case .number(let x) = item, x.isFinite else { throw fail(field, "must be \(what)") }
      numbers.append(x)
    }
    return numbers
  }

  func color(_ value: JSONValue, field: String) throws(ThemeError) -> Color {
    guard case .string(let text) = value else { throw fail(field, "must be a colour string such as \"#CE0755\"") }
    do { return try Color(parsing: text) } catch { throw fail(field, error.description) }
  }

  /// A shadow section over `start`; `nil` for JSON null.
  func shadow(_ value: JSONValue, field: String, startingFrom start: ClockTheme.HandShadow) throws(ThemeError) -> ClockTheme.HandShadow? {
    if value == .null { return nil }
    guard case .object(let section) = value else { throw fail(field, "must be an object or null") }
    var shadow = start
    for (name, fieldValue) in section {
      let path = "\(field).\(name)"
      guard let kind = ClockTheme.shadowFields[name] else {
        throw fail(path, "unknown field (known: \(ClockTheme.shadowFields.keys.sorted().joined(separator: ", ")))")
      }
      switch (name, try read(fieldValue, as: kind, field: path)) {
      case ("color", .color(let c)): shadow.color = c
      case ("opacity", .number(let x)): shadow.opacity = x
      case ("offset", .number(let x)): (shadow.offsetX, shadow.offsetY) = (x, x)
      case ("offsetX", .number(let x)): shadow.offsetX = x
      case ("offsetY", .number(let x)): shadow.offsetY = x
      case ("blur", .number(let x)): shadow.blur = x
      default: break
      }
    }
    return shadow
  }
}

extension ClockTheme {
  mutating func set(_ path: String, to value: FieldValue) {
    func hand(_ hand: inout Hand, _ field: String) {
      switch (field, value) {
      case ("color", .color(let c)): hand.color = c
      case ("width", .number(let x)): hand.width = x
      case ("start", .number(let x)): hand.start = x
      case ("end", .number(let x)): hand.end = x
      case ("disc", .number(let x)): hand.disc = x
      case ("image", .picture(let p)): hand.image = p
      case ("pivot", .point(let p)): hand.pivot = p
      case ("shadow", .shadow(let s)): hand.shadow = s
      default: break
      }
    }
    let parts = path.split(separator: ".").map(String.init)
    let (section, field) = (parts[0], parts[1])
    switch (section, field, value) {
    case ("dial", "color", .color(let c)): dial.color = c
    case ("dial", "borderColor", .color(let c)): dial.borderColor = c
    case ("dial", "borderWidth", .number(let x)): dial.borderWidth = x
    case ("dial", "image", .picture(let p)): dial.image = p
    case ("dial", "placement", .placement(let p)): dial.imagePlacement = p
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
    case ("cap", "shadow", .shadow(let s)): cap.shadow = s
    case ("ring", "color", .color(let c)): ring.color = c
    case ("ring", "width", .number(let x)): ring.width = x
    case ("ring", "front", .flag(let b)): ring.front = b
    case ("layout", "insets", .insets(let i)): layout.insets = i
    case ("layout", "dial", .rect(let r)): layout.dial = r
    case ("layout", "ring", .rect(let r)): layout.ring = r
    case ("layout", "hands", .rect(let r)): (layout.hourHand, layout.minuteHand, layout.secondHand) = (r, r, r)
    case ("layout", "hourHand", .rect(let r)): layout.hourHand = r
    case ("layout", "minuteHand", .rect(let r)): layout.minuteHand = r
    case ("layout", "secondHand", .rect(let r)): layout.secondHand = r
    case ("layout", "cap", .rect(let r)): layout.cap = r
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
