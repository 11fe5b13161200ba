import ClockworkScene
import FoundationEssentials

// What the clock's and the countdown ring's theme files share: JSON read value by value, and
// each field's value checked with a message naming the file and the field.

/// A theme that could not be loaded: which file, which field, what was wrong.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The theme's file, or what code it came from.
  public var source: String
  /// The field that was wrong; `nil` when it was the whole file.
  public var field: String?
  /// What was wrong.
  public var problem: String

  /// The file, the field and the problem, for a message.
  public var description: String {
    let problem = Self.shortened(problem)
    if let field { return "theme \(source): field '\(field)': \(problem)" }
    return "theme \(source): \(problem)"
  }

  /// A theme file past this is refused before it is read (a theme is a few hundred bytes).
  public static let largestFile = 1 << 20

  /// The file's bytes, or why not: it cannot be read, or it is larger than any theme.
  static func read(_ url: URL) throws(ThemeError) -> Data {
    // FoundationEssentials gives the size as a UInt, Foundation as an NSNumber (an Int to `as?`).
    let attribute = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size]
    let size =
      (attribute as? any BinaryInteger).map { Int(clamping: $0) } ?? (attribute as? Int) ?? 0
    guard size <= largestFile else {
      throw ThemeError(
        source: url.path, field: nil,
        problem: "the file is \(size) bytes; a theme file is at most \(largestFile) bytes")
    }
    do { return try Data(contentsOf: url) } catch {
      throw ThemeError(
        source: url.path, field: nil, problem: "cannot read the file (\(error.reason))")
    }
  }

  /// A value echoed in a problem is cut to its start: a 10 MB string makes a line, not 10 MB.
  static func shortened(_ text: String) -> String {
    guard text.count > 200 else { return text }
    return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
      word.count > 80 ? "\(word.prefix(40))… (\(word.count) characters)" : String(word)
    }.joined(separator: " ")
  }
}

enum ThemeFieldKind {
  case color, length, signedLength, fraction, text, flag, numeralStyle, picture, placement,
    unitPoint, unitRect, insets, shadow
}

enum ThemeFieldValue {
  case color(Color), number(Double), text(String), flag(Bool), style(ClockTheme.Numerals.Style),
    picture(ImageData)
  case placement(ClockTheme.ImagePlacement), point(Point), rect(Rect), insets(EdgeInsets), shadow(
    ClockTheme.HandShadow)
}

/// Reads and checks one field's value of a theme file; errors name the file and the field.
struct ThemeFieldReader {
  var source: String
  var folder: URL?
  var loadPicture: (URL) throws(ImageDataError) -> ImageData

  func fail(_ field: String, _ problem: String) -> ThemeError {
    ThemeError(source: source, field: field, problem: problem)
  }

  func read(_ value: JSONValue, as kind: ThemeFieldKind, field: String) throws(ThemeError)
    -> ThemeFieldValue
  {
    switch kind {
    case .color: return .color(try color(value, field: field))
    case .text:
      guard case .string(let text) = value, !text.isEmpty else {
        throw fail(field, "must be a non-empty string")
      }
      return .text(text)
    case .flag:
      guard case .bool(let flag) = value else { throw fail(field, "must be true or false") }
      return .flag(flag)
    case .numeralStyle:
      guard case .string(let text) = value, let style = ClockTheme.Numerals.Style(rawValue: text)
      else {
        throw fail(
          field,
          "must be one of \(ClockTheme.Numerals.Style.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      return .style(style)
    case .placement:
      guard case .string(let text) = value,
        let placement = ClockTheme.ImagePlacement(rawValue: text)
      else {
        throw fail(
          field,
          "must be one of \(ClockTheme.ImagePlacement.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      return .placement(placement)
    case .picture:
      guard case .string(let path) = value, !path.isEmpty else {
        throw fail(field, "must be the path of a PNG or SVG file")
      }
      let url =
        folder.map {
          path.hasPrefix("/") ? URL(fileURLWithPath: path) : $0.appendingPathComponent(path)
        } ?? URL(fileURLWithPath: path)
      do { return .picture(try loadPicture(url)) } catch { throw fail(field, error.description) }
    case .unitPoint:
      let numbers = try list(
        value, count: 2, field: field, what: "[x, y] in the picture's unit coordinates")
      guard numbers.allSatisfy({ (0...1).contains($0) }), numbers[1] > 0 else {
        throw fail(field, "must be [x, y] with x from 0 to 1 and y above 0 up to 1, got \(numbers)")
      }
      return .point(Point(x: numbers[0], y: numbers[1]))
    case .unitRect:
      let n = try list(
        value, count: 4, field: field, what: "[x, y, width, height] in unit coordinates of the face"
      )
      guard n[2] > 0, n[3] > 0, n.allSatisfy({ (-1...2).contains($0) }) else {
        throw fail(
          field,
          "must be [x, y, width, height] with a positive width and height, each from -1 to 2, got \(n)"
        )
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
          guard case .number(let x) = number, x.isFinite else {
            throw fail("\(field).\(side)", "must be a number")
          }
          found[index] = x
        }
        edges = found
      } else {
        throw fail(
          field, "must be a number (all four edges) or an object with top, left, bottom, right")
      }
      guard edges.allSatisfy({ (0..<0.5).contains($0) }), edges[0] + edges[2] < 1,
        edges[1] + edges[3] < 1
      else {
        throw fail(
          field,
          "each edge must be from 0 to under 0.5 (a fraction of the face's side), got \(edges)")
      }
      return .insets(EdgeInsets(top: edges[0], left: edges[1], bottom: edges[2], right: edges[3]))
    case .length, .signedLength, .fraction, .shadow:
      guard case .number(let x) = value, x.isFinite else { throw fail(field, "must be a number") }
      switch kind {
      case .length:
        guard (0...2).contains(x) else {
          throw fail(field, "must be from 0 to 2 (a fraction of the radius), got \(x)")
        }
      case .signedLength:
        guard (-1...2).contains(x) else {
          throw fail(field, "must be from -1 to 2 (a fraction of the radius), got \(x)")
        }
      default: guard (0...1).contains(x) else { throw fail(field, "must be from 0 to 1, got \(x)") }
      }
      return .number(x)
    }
  }

  func list(_ value: JSONValue, count: Int, field: String, what: String) throws(ThemeError)
    -> [Double]
  {
    guard case .array(let items) = value, items.count == count else {
      throw fail(field, "must be \(what)")
    }
    var numbers: [Double] = []
    for item in items {
      guard case .number(let x) = item, x.isFinite else { throw fail(field, "must be \(what)") }
      numbers.append(x)
    }
    return numbers
  }

  func color(_ value: JSONValue, field: String) throws(ThemeError) -> Color {
    guard case .string(let text) = value else {
      throw fail(field, "must be a colour string such as \"#CE0755\"")
    }
    do { return try Color(parsing: text) } catch { throw fail(field, error.description) }
  }

  /// A shadow section over `start`; `nil` for JSON null.
  func shadow(_ value: JSONValue, field: String, startingFrom start: ClockTheme.HandShadow)
    throws(ThemeError) -> ClockTheme.HandShadow?
  {
    if value == .null { return nil }
    guard case .object(let section) = value else { throw fail(field, "must be an object or null") }
    var shadow = start
    for (name, fieldValue) in section {
      let path = "\(field).\(name)"
      guard let kind = ClockTheme.shadowFields[name] else {
        throw fail(
          path,
          "unknown field (known: \(ClockTheme.shadowFields.keys.sorted().joined(separator: ", ")))")
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

/// Any JSON value, to check a theme field by field (Foundation's `JSONSerialization` is not in
/// FoundationEssentials, which is all the library links).
enum JSONValue: Decodable, Equatable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue]), object(
    [String: JSONValue])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
