import ClockworkScene
import FoundationEssentials

/// The countdown ring's look from a JSON file, as the clock has themes. Every field is
/// optional; the rest is the design's. Lengths are fractions of the widget's size.
///
/// ```json
/// { "track": "#AAAAAA", "gradient": ["#CE0755", "#F5B433"], "pulse": ["#820B36", "#7F5E1D"],
///   "pulseEchoes": 1, "lineWidth": 0.05, "radius": 0.4,
///   "label": { "font": "DejaVu Sans", "weight": "bold", "color": "#000000", "size": 0.13, "tenths": "always" } }
/// ```
extension CountdownRing.Style {
  static let fields: [String: String] = [
    "track": "a colour", "gradient": "a list of colours", "pulse": "a list of colours",
    "pulseEchoes": "a count", "lineWidth": "a length",
    "radius": "a length", "label": "an object",
  ]
  static let labelFields = ["font", "weight", "color", "size", "tenths"]

  /// Reads a ring theme file.
  /// - Throws: ``ThemeError`` naming the file and the field.
  public static func load(from url: URL) throws(ThemeError) -> CountdownRing.Style {
    let data = try ThemeError.read(url)
    return try decode(data, source: url.path)
  }

  /// Reads a ring theme from `data`; `source` names it in errors.
  public static func decode(_ data: Data, source: String) throws(ThemeError) -> CountdownRing.Style
  {
    let reader = ThemeFieldReader(source: source, folder: nil) { url throws(ImageDataError) in
      try ImageData(contentsOf: url)
    }
    let parsed: JSONValue
    do { parsed = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
      throw ThemeError(source: source, field: nil, problem: "not valid JSON (\(error.reason))")
    }
    guard case .object(let object) = parsed else {
      throw ThemeError(source: source, field: nil, problem: "the top level must be a JSON object")
    }
    var style = CountdownRing.Style()
    func length(_ value: JSONValue, _ field: String, in range: ClosedRange<Double>)
      throws(ThemeError) -> Double
    {
      guard case .number(let x) = value, x.isFinite, range.contains(x) else {
        throw reader.fail(
          field,
          "must be a number from \(range.lowerBound) to \(range.upperBound) (a fraction of the ring's size)"
        )
      }
      return x
    }
    func colors(_ value: JSONValue, _ field: String) throws(ThemeError) -> [Color] {
      guard case .array(let items) = value, items.count >= 2 else {
        throw reader.fail(field, "must be a list of two or more colours")
      }
      var colors: [Color] = []
      for item in items { colors.append(try reader.color(item, field: field)) }
      return colors
    }
    for (key, value) in object {
      switch key {
      case "track": style.track = try reader.color(value, field: key)
      case "gradient": style.stroke = try colors(value, key)
      case "pulse": style.pulse = try colors(value, key)
      case "pulseEchoes":
        guard case .number(let count) = value, let echoes = Int(exactly: count),
          CountdownRing.Style.pulseEchoesRange.contains(echoes)
        else {
          let range = CountdownRing.Style.pulseEchoesRange
          throw reader.fail(
            key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        style.pulseEchoes = echoes
      case "lineWidth": style.lineWidth = try length(value, key, in: 0.005...0.3)
      case "radius": style.radius = try length(value, key, in: 0.05...0.5)
      case "label":
        guard case .object(let label) = value else { throw reader.fail(key, "must be an object") }
        for (field, item) in label {
          let path = "label.\(field)"
          switch field {
          case "font":
            guard case .text(let font) = try reader.read(item, as: .text, field: path) else {
              continue
            }
            style.font = font
          case "color": style.label = item == .null ? nil : try reader.color(item, field: path)
          case "size": style.labelScale = try length(item, path, in: 0.02...0.5)
          case "weight":
            guard case .string(let text) = item, let weight = TextLayer.Weight(rawValue: text)
            else {
              throw reader.fail(path, "must be regular or bold")
            }
            style.weight = weight
          case "tenths":
            guard case .string(let text) = item,
              let tenths = CountdownRing.Style.Tenths(rawValue: text)
            else {
              throw reader.fail(
                path,
                "must be one of \(CountdownRing.Style.Tenths.allCases.map(\.rawValue).joined(separator: ", "))"
              )
            }
            style.tenths = tenths
          default:
            throw reader.fail(
              path, "unknown field (known: \(labelFields.sorted().joined(separator: ", ")))")
          }
        }
      default:
        throw reader.fail(
          key, "unknown field (known: \(fields.keys.sorted().joined(separator: ", ")))")
      }
    }
    guard style.lineWidth < style.radius else {
      throw reader.fail("lineWidth", "must be less than radius (\(style.radius))")
    }
    return style
  }
}
