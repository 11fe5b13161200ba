import ClockworkCore
import FoundationEssentials

/// The user's settings file, `$XDG_CONFIG_HOME/clockwork/config.json` (by default
/// `~/.config/clockwork/config.json`), as entries: each key with its JSON value and its line, in
/// the order of the file. What the values mean is read by ``SharedSettings`` (what every front
/// end reads) and by the drawing modes' settings (themes, graphics, colours): neither needs the
/// other's types.
///
/// ```swift
/// let file = try SettingsFile.read(environment: env)   // nil: no file
/// ```
public struct SettingsFile: Sendable {
  /// The file's path.
  public var path: String
  /// Its entries, in the order of the file.
  public var entries: [Entry]

  /// One setting as written.
  public struct Entry: Sendable {
    /// The key.
    public var key: String
    /// Its value.
    public var value: JSONSetting
    /// Its line, from 1; 0 when unknown.
    public var line: Int

    /// A problem with this entry, for a message that names its key and line.
    public func failure(_ problem: String, in file: SettingsFile) -> SettingsError {
      SettingsError(
        path: file.path, line: line,
        problem: "'\(key)'\(problem.hasPrefix(":") ? "" : " ")\(problem)")
    }
  }

  /// The keys the file may have.
  public static let keys = [
    "calendar", "color", "compact", "face", "fps", "graphics", "hours", "notifyRunning", "onTop",
    "oscillator", "overtime", "sound", "speak", "theme", "wakeSystem", "zones",
  ]

  /// The folder the file is in, where a relative path in it (a theme, a sound) is read from.
  public var folder: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

  /// The file's path, or nil without a home.
  public static func path(environment: [String: String]) -> String? {
    XDGFolder.path("XDG_CONFIG_HOME", fallback: ".config", environment: environment).map {
      "\($0)/clockwork/config.json"
    }
  }

  /// The user's file; `nil` when there is none.
  public static func read(environment: [String: String] = ProcessEnvironment.current)
    throws(SettingsError) -> SettingsFile?
  {
    guard let path = path(environment: environment), LibC.fileExists(path) else { return nil }
    return try read(path: path)
  }

  /// The file at `path`.
  public static func read(path: String) throws(SettingsError) -> SettingsFile {
    try SettingsFile(decoding: try contents(of: path), path: path)
  }

  /// Entries from JSON text said to be at `path`.
  public init(decoding data: Data, path: String) throws(SettingsError) {
    let object: [String: JSONSetting]
    do { object = try JSONDecoder().decode([String: JSONSetting].self, from: data) } catch {
      throw SettingsError(
        path: path, line: nil, problem: "not a JSON object of settings (\(error.reason))")
    }
    // In the order of the file, so the first bad line is the one named.
    let lines = JSONText.keyLines(in: String(decoding: data, as: UTF8.self))
    self.path = path
    entries = object.map { Entry(key: $0.key, value: $0.value, line: lines[$0.key, default: 0]) }
      .sorted { ($0.line, $0.key) < ($1.line, $1.key) }
  }

  /// The error for a key no setting has, with the nearest one.
  public func unknown(_ entry: Entry) -> SettingsError {
    let hint = NearestWord.to(entry.key, among: Self.keys).map { "; did you mean '\($0)'?" } ?? ""
    return SettingsError(
      path: path, line: entry.line,
      problem:
        "unknown setting '\(entry.key)' (known: \(Self.keys.joined(separator: ", ")))\(hint)")
  }

  /// Writes `zones` (IANA names; none removes the setting) into the settings file, every other
  /// setting as it was (a file with a mistake is not written over): the desktop app's World
  /// page keeps its clocks here, where `clock` reads them too.
  /// - Parameters:
  ///   - zones: the zones' IANA names, in their order.
  ///   - environment: where the file is (`XDG_CONFIG_HOME`, `HOME`).
  ///   - check: what finds a mistake in the file as it is (every value's reader, where the
  ///     caller has them; else the shared settings').
  public static func save(
    zones: [String], environment: [String: String] = ProcessEnvironment.current,
    checkedBy check: (SettingsFile) throws(SettingsError) -> Void = { file throws(SettingsError) in
      _ = try SharedSettings(file)
    }
  ) throws(SettingsError) {
    try save(
      "zones", zones.isEmpty ? nil : .strings(zones), environment: environment, checkedBy: check)
  }

  /// Writes one setting into the settings file (`nil`: takes it out), the others as they are; a
  /// file with a mistake (`check` throws) is said, not written over.
  public static func save(
    _ key: String, _ value: JSONSetting?,
    environment: [String: String] = ProcessEnvironment.current,
    checkedBy check: (SettingsFile) throws(SettingsError) -> Void = { file throws(SettingsError) in
      _ = try SharedSettings(file)
    }
  ) throws(SettingsError) {
    guard let path = path(environment: environment) else {
      throw SettingsError(
        path: "config.json", line: nil, problem: "there is no home folder to keep it in")
    }
    var object: [String: JSONSetting] = [:]
    if FileManager.default.fileExists(atPath: path) {
      let file = try read(path: path)
      try check(file)
      for entry in file.entries { object[entry.key] = entry.value }
    }
    object[key] = value
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
    do { return Data(try LibC.readFile(path)) } catch {
      throw SettingsError(path: path, line: nil, problem: "cannot read it (\(error.reason))")
    }
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

  /// A problem with the file at `path`, on `line` when it is one line's.
  public init(path: String, line: Int?, problem: String) {
    (self.path, self.line, self.problem) = (path, line, problem)
  }

  /// The path, the line and the problem, for a message.
  public var description: String {
    guard let line, line > 0 else { return "\(path): \(problem)" }
    return "\(path) line \(line): \(problem)"
  }
}

/// A setting's value as JSON has it.
public enum JSONSetting: Codable, Sendable {
  case bool(Bool), number(Double), string(String), strings([String]), other

  /// Writes it as JSON.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let flag): try container.encode(flag)
    case .number(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    case .strings(let list): try container.encode(list)
    case .other: try container.encodeNil()  // no setting's value: the file was refused first
    }
  }

  /// Reads it from JSON: a value of another kind is `other`.
  public init(from decoder: Decoder) throws {
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
