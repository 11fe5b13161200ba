import ClockworkCore
import ClockworkState
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials
import Glibc

/// The user's defaults for the live modes, from `$XDG_CONFIG_HOME/clockwork/config.json` (by
/// default `~/.config/clockwork/config.json`). An option on the command line wins.
///
/// ```json
/// { "theme": "night", "oscillator": "sweep", "zones": ["Europe/Berlin", "Asia/Tokyo"], "hours": 12, "fps": 20, "sound": false }
/// ```
///
/// A bad file is refused whole (``SettingsError``, with the key and its line): a setting
/// silently dropped would look like a bug elsewhere.
public struct Settings {
  /// The clock's theme (`theme`).
  public var theme: ClockTheme?
  /// How the clock's hands move (`oscillator`).
  public var oscillator: Oscillator?
  /// How pictures become cells (`graphics`).
  public var graphics: Graphics?
  /// The colour mode (`color`).
  public var color: ColorChoice?
  /// The zones shown (`zones`).
  public var zones: [Zone]?
  /// 12 or 24 hours (`hours`).
  public var hours: HourCycle?
  /// For timers and alarms: "" none, a sound file's full path; nil the sound theme's.
  public var sound: String?
  /// Windows kept above the others.
  public var onTop: Bool?
  /// Timers count on past zero once rung (`--overtime`).
  public var overtime: Bool?
  /// A notification shows each timer while it runs (`--notify-running`).
  public var notifyRunning: Bool?
  /// The clock's face: analog or digital.
  public var face: ClockFaceKind?
  /// Checked against each mode's range where it is used (the stopwatch allows more).
  var fps: (value: Double, line: Int)?
  /// The file, for messages about its values.
  var path: String?

  /// No settings: every option's default.
  public init() {}

  /// The keys the file may have.
  public static let keys = [
    "color", "face", "fps", "graphics", "hours", "notifyRunning", "onTop", "oscillator",
    "overtime", "sound", "theme", "zones",
  ]

  /// The file's path, or nil without a home.
  public static func path(environment: [String: String]) -> String? {
    XDGFolder.path("XDG_CONFIG_HOME", fallback: ".config", environment: environment).map {
      "\($0)/clockwork/config.json"
    }
  }

  /// The settings, none when there is no file.
  public static func load(environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(SettingsError) -> Settings
  {
    guard let path = path(environment: environment), FileManager.default.fileExists(atPath: path)
    else { return Settings() }
    return try read(path: path)
  }

  /// Writes `zones` (IANA names; none removes the setting) into the settings file, every other
  /// setting as it was (a file with a mistake is not written over): the desktop app's World
  /// page keeps its clocks here, where `clock` reads them too.
  /// - Parameter zones: the zones' IANA names, in their order.
  /// - Parameter environment: where the file is (`XDG_CONFIG_HOME`, `HOME`).
  public static func save(
    zones: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SettingsError) {
    guard let path = path(environment: environment) else {
      throw SettingsError(
        path: "config.json", line: nil, problem: "there is no home folder to keep it in")
    }
    var object: [String: JSONSetting] = [:]
    if FileManager.default.fileExists(atPath: path) {
      let data = try contents(of: path)
      _ = try decode(data, path: path)
      object = (try? JSONDecoder().decode([String: JSONSetting].self, from: data)) ?? [:]
    }
    object["zones"] = zones.isEmpty ? nil : .strings(zones)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try AtomicFile.write(try encoder.encode(object), to: URL(fileURLWithPath: path))
    } catch {
      throw SettingsError(path: path, line: nil, problem: "cannot write it (\(error))")
    }
  }

  /// The file's bytes, or why they cannot be read.
  static func contents(of path: String) throws(SettingsError) -> Data {
    do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw SettingsError(path: path, line: nil, problem: "cannot read it (\(error.reason))")
    }
  }

  static func read(path: String) throws(SettingsError) -> Settings {
    var settings = try decode(try contents(of: path), path: path)
    settings.path = path
    return settings
  }

  /// Settings from JSON text; a relative theme path is read from `path`'s folder.
  static func decode(_ data: Data, path: String) throws(SettingsError) -> Settings {
    let text = String(decoding: data, as: UTF8.self)
    let object: [String: JSONSetting]
    do { object = try JSONDecoder().decode([String: JSONSetting].self, from: data) } catch {
      throw SettingsError(
        path: path, line: nil, problem: "not a JSON object of settings (\(error.reason))")
    }
    var settings = Settings()
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    // In the order of the file, so the first bad line is the one named.
    let lines = JSONText.keyLines(in: text)
    for (key, value) in object.sorted(by: { lines[$0.key, default: 0] < lines[$1.key, default: 0] })
    {
      let line = lines[key, default: 0]
      func fail(_ problem: String) -> SettingsError {
        SettingsError(
          path: path, line: line, problem: "'\(key)'\(problem.hasPrefix(":") ? "" : " ")\(problem)")
      }
      func parsed<Value>(_ parse: (String) throws(ValueError) -> Value) throws(SettingsError)
        -> Value
      {
        guard case .string(let word) = value else { throw fail("must be a string") }
        do { return try parse(word) } catch { throw fail(": \(error)") }
      }
      switch key {
      case "theme":
        settings.theme = try parsed { word throws(ValueError) in
          // A path is read from the settings file's folder; a name is a theme's (built in or installed).
          let isPath = word.contains("/") || word.hasSuffix(".json")
          return try OptionValue.theme(isPath && !word.hasPrefix("/") ? "\(folder)/\(word)" : word)
        }
      case "oscillator": settings.oscillator = try parsed(OptionValue.oscillator)
      case "graphics": settings.graphics = try parsed(OptionValue.graphics)
      case "color": settings.color = try parsed(OptionValue.color)
      case "zones":
        let names: [String]
        switch value {
        case .string(let name): names = [name]
        case .strings(let list) where !list.isEmpty: names = list
        default: throw fail("must be a list of time zone names, e.g. [\"Europe/Berlin\", \"UTC\"]")
        }
        do {
          settings.zones = try names.map { name throws(ValueError) in try OptionValue.zone(name) }
        } catch { throw fail(": \(error)") }
      case "hours":
        let word: String? =
          switch value {
          case .number(let x): x == 12 || x == 24 ? String(Int(x)) : nil
          case .string(let s): s
          default: nil
          }
        guard let word, let hours = HourCycle(rawValue: word) else {
          throw fail("must be 12 or 24")
        }
        settings.hours = hours
      case "fps":
        guard case .number(let x) = value, x.isFinite else {
          throw fail("must be a number of frames a second")
        }
        settings.fps = (x, line)
      case "face":
        settings.face = try parsed { word throws(ValueError) in
          guard let face = ClockFaceKind(rawValue: word) else {
            throw ValueError("must be analog or digital, got '\(word)'")
          }
          return face
        }
      case "onTop":
        guard case .bool(let on) = value else { throw fail("must be true or false") }
        settings.onTop = on
      case "overtime":
        guard case .bool(let on) = value else { throw fail("must be true or false") }
        settings.overtime = on
      case "notifyRunning":
        guard case .bool(let on) = value else { throw fail("must be true or false") }
        settings.notifyRunning = on
      case "sound":
        switch value {
        case .bool(let on): settings.sound = on ? nil : ""
        case .string(let file) where !file.isEmpty:
          let full = file.hasPrefix("/") ? file : "\(folder)/\(file)"
          guard FileManager.default.isReadableFile(atPath: full) else {
            throw fail(": \(full): no such file, or it cannot be read")
          }
          settings.sound = full
        default: throw fail("must be true, false or the path of a sound file")
        }
      default:
        let hint = NearestWord.to(key, among: keys).map { "; did you mean '\($0)'?" } ?? ""
        throw SettingsError(
          path: path, line: line,
          problem: "unknown setting '\(key)' (known: \(keys.joined(separator: ", ")))\(hint)")
      }
    }
    return settings
  }

  /// `fps` if set, checked against a mode's range.
  public func fps(in range: ClosedRange<Double>, for mode: String) throws(SettingsError) -> Double?
  {
    guard let fps else { return nil }
    guard range.contains(fps.value) else {
      throw SettingsError(
        path: path ?? "config.json", line: fps.line,
        problem:
          "'fps' must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) for the \(mode), got \(fps.value)"
      )
    }
    return fps.value
  }

  /// 12 hours where the locale writes times with them (`en_US`: `%r`, `%I`), else 24.
  public static func localeHours() -> HourCycle {
    guard let previous = setlocale(LC_TIME, nil).map({ String(cString: $0) }) else {
      return .twentyFour
    }
    defer { setlocale(LC_TIME, previous) }
    guard setlocale(LC_TIME, "") != nil,
      let format = nl_langinfo(nl_item(T_FMT)).map({ String(cString: $0) })
    else { return .twentyFour }
    // %I, %l or %r: a 12-hour conversion
    let twelve = zip(format, format.dropFirst()).contains { $0 == "%" && "Ilr".contains($1) }
    return twelve ? .twelve : .twentyFour
  }
}

/// A settings file that cannot be used: where, and what is wrong.
public struct SettingsError: Error, CustomStringConvertible {
  /// The settings file's path.
  public var path: String
  /// The line the problem is on, when it is one line's.
  public var line: Int?
  /// What is wrong.
  public var problem: String

  /// The path, the line and the problem, for a message.
  public var description: String {
    guard let line, line > 0 else { return "\(path): \(problem)" }
    return "\(path) line \(line): \(problem)"
  }
}

/// A setting's value as JSON has it.
enum JSONSetting: Codable {
  case bool(Bool), number(Double), string(String), strings([String]), other

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let flag): try container.encode(flag)
    case .number(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    case .strings(let list): try container.encode(list)
    case .other: try container.encodeNil()  // no setting's value: the file was refused first
    }
  }

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let list = try? container.decode([String].self) {
      self = .strings(list)
    } else {
      self = .other
    }
  }
}

/// The clock's two faces: hands on a dial, or large digits (tty-clock's look).
public enum ClockFaceKind: String, CaseIterable, Sendable {
  case analog, digital
}
