import ClockworkCore
import ClockworkScene
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
    "dial": [
      "color": .color, "borderColor": .color, "borderWidth": .length, "image": .picture,
      "placement": .placement,
    ],
    "ticks": [
      "color": .color, "minorLength": .length, "minorWidth": .length, "majorLength": .length,
      "majorWidth": .length,
    ],
    "numerals": [
      "style": .numeralStyle, "color": .color, "font": .text, "size": .length, "radius": .length,
      "twentyFour": .flag,
    ],
    "hourHand": handFields, "minuteHand": handFields, "secondHand": handFields,
    "cap": ["color": .color, "radius": .length, "shadow": .shadow],
    "ring": ["color": .color, "width": .length, "front": .flag],
    "shadow": shadowFields,
    "layout": [
      "insets": .insets, "dial": .unitRect, "ring": .unitRect, "hands": .unitRect,
      "hourHand": .unitRect,
      "minuteHand": .unitRect, "secondHand": .unitRect, "cap": .unitRect,
    ],
  ]
  static let handFields: [String: FieldKind] = [
    "color": .color, "width": .length, "start": .signedLength, "end": .length, "disc": .length,
    "image": .picture,
    "pivot": .unitPoint, "shadow": .shadow,
  ]
  static let shadowFields: [String: FieldKind] = [
    "color": .color, "opacity": .fraction, "offset": .signedLength, "offsetX": .signedLength,
    "offsetY": .signedLength,
    "blur": .length,
  ]
  static let topLevelFields: Set<String> = ["name", "base", "background"]
  /// What a shadow section starts from when the theme has no shared shadow.
  static let defaultShadow = HandShadow(opacity: 0.35, offset: 0.015, blur: 0.015)

  /// Reads a theme file. `loadPicture` reads the pictures it names (the app passes one that
  /// also checks that they can be drawn).
  /// - Throws: ``ThemeError`` naming the file and the field.
  public static func load(
    from url: URL,
    loadPicture: @escaping (URL) throws(ImageDataError) -> ImageData = {
      url throws(ImageDataError) in try ImageData(contentsOf: url)
    }
  ) throws(ThemeError) -> ClockTheme {
    let data = try ThemeError.read(url)
    return try decode(
      data, source: url.path, defaultName: url.deletingPathExtension().lastPathComponent,
      folder: url.deletingLastPathComponent(), loadPicture: loadPicture)
  }

  /// Reads a theme from JSON bytes; `source` names them in errors, and pictures are read from
  /// `folder`.
  public static func decode(
    _ data: Data, source: String, defaultName: String = "custom", folder: URL? = nil,
    loadPicture: @escaping (URL) throws(ImageDataError) -> ImageData = {
      url throws(ImageDataError) in try ImageData(contentsOf: url)
    }
  ) throws(ThemeError) -> ClockTheme {
    func fail(_ field: String?, _ problem: String) -> ThemeError {
      ThemeError(source: source, field: field, problem: problem)
    }
    let parsed: JSONValue
    do { parsed = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
      throw fail(nil, "not valid JSON (\(error.reason))")
    }
    guard case .object(let object) = parsed else {
      throw fail(nil, "the top level must be a JSON object")
    }
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
        guard case .string(let name) = value, !name.isEmpty else {
          throw fail("name", "must be a non-empty string")
        }
        theme.name = name
      case "background":
        if value == .null {
          theme.background = nil
        } else {
          theme.background = try reader.color(value, field: "background")
        }
      case "shadow":
        theme.shadow = try reader.shadow(
          value, field: "shadow", startingFrom: theme.shadow ?? defaultShadow)
      default:
        guard let fields = schema[key] else {
          let known = (Array(topLevelFields) + schema.keys).sorted().joined(separator: ", ")
          throw fail(key, "unknown field (known: \(known))")
        }
        guard case .object(let section) = value else { throw fail(key, "must be an object") }
        for (field, fieldValue) in section {
          let path = "\(key).\(field)"
          guard let kind = fields[field] else {
            throw fail(
              path, "unknown field (known: \(fields.keys.sorted().joined(separator: ", ")))")
          }
          let read: FieldValue
          if kind == .shadow {
            // A part's own shadow; null: none for this part.
            read = .shadow(
              try reader.shadow(
                fieldValue, field: path, startingFrom: theme.shadow ?? defaultShadow)
                ?? HandShadow(opacity: 0, offset: 0, blur: 0))
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
    case ("layout", "hands", .rect(let r)):
      (layout.hourHand, layout.minuteHand, layout.secondHand) = (r, r, r)
    case ("layout", "hourHand", .rect(let r)): layout.hourHand = r
    case ("layout", "minuteHand", .rect(let r)): layout.minuteHand = r
    case ("layout", "secondHand", .rect(let r)): layout.secondHand = r
    case ("layout", "cap", .rect(let r)): layout.cap = r
    default: break
    }
  }

  func checkConsistency(source: String) throws(ThemeError) {
    for (name, hand) in [
      ("hourHand", hourHand), ("minuteHand", minuteHand), ("secondHand", secondHand),
    ] {
      guard hand.start < hand.end else {
        throw ThemeError(
          source: source, field: "\(name).start",
          problem: "must be less than \(name).end (\(hand.end))")
      }
    }
  }
}
