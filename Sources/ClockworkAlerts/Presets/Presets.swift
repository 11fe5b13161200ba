import ClockworkCore
import ClockworkState
import FoundationEssentials

/// The user's presets, in `$XDG_CONFIG_HOME/clockwork/presets.json` (settings a person edits):
///
/// ```json
/// {
///   "tea": { "duration": "4m" },
///   "eggs": { "duration": "7m", "sound": false, "exec": "notify-send eggs" },
///   "focus": { "sequence": "work 50m, break 10m", "rounds": 3 }
/// }
/// ```
///
/// A bad entry is a problem naming its line; the others still work.
public struct Presets: Sendable {
  /// The presets file.
  public let url: URL

  /// The presets in `url`.
  public init(url: URL) { self.url = url }

  /// The user's file; `nil` without a home.
  public init?(environment: [String: String] = ProcessEnvironment.current) {
    guard
      let config = XDGFolder.path("XDG_CONFIG_HOME", fallback: ".config", environment: environment)
    else { return nil }
    self.init(url: URL(fileURLWithPath: "\(config)/clockwork/presets.json"))
  }

  /// What one entry holds in the file.
  struct Entry: Codable {
    var duration: String?
    var sequence: String?
    var rounds: Int?
    var sound: SoundField?
    var exec: String?
  }

  /// `true` (the theme's), `false` (none) or a file.
  enum SoundField: Codable, Equatable {
    case on(Bool)
    case file(String)

    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        self = .on(flag)
      } else {
        self = .file(try container.decode(String.self))
      }
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .on(let flag): try container.encode(flag)
      case .file(let path): try container.encode(path)
      }
    }
  }

  /// An entry decoded on its own, so one bad entry leaves the others.
  struct Lenient: Decodable {
    var entry: Result<Entry, any Error>
    init(from decoder: Decoder) { entry = Result { try Entry(from: decoder) } }
  }

  /// Every usable preset, by name, and a problem for each entry that is not.
  public func load() -> (presets: [Preset], problems: [String]) {
    guard let data = FileManager.default.contents(atPath: url.path) else { return ([], []) }
    let text = String(decoding: data, as: UTF8.self)
    let entries: [String: Lenient]
    do { entries = try JSONDecoder().decode([String: Lenient].self, from: data) } catch {
      return ([], ["\(url.path): not a JSON object of presets (\(error.reason))"])
    }
    var presets: [Preset] = []
    var problems: [String] = []
    let lines = JSONText.keyLines(in: text)
    for (name, lenient) in entries.sorted(by: { $0.key < $1.key }) {
      do {
        presets.append(try Self.preset(name, from: try lenient.entry.get()))
      } catch {
        let line = lines[name, default: 0]
        problems.append(
          "\(url.path)\(line > 0 ? " line \(line)" : ""): preset '\(name)': \(error is DecodingError ? "unreadable (\(error.reason))" : "\(error)")"
        )
      }
    }
    return (presets, problems)
  }

  /// The preset called `name`, if there is one.
  public func named(_ name: String) -> Preset? { load().presets.first { $0.name == name } }

  /// Adds or replaces a preset; the file keeps every other entry as it was.
  public func save(_ preset: Preset) throws(PresetError) {
    let lock = try changing()
    defer { withExtendedLifetime(lock) {} }
    var entries = try rawEntries()
    var entry = Entry()
    if let sequence = preset.sequence {
      entry.sequence = sequence.phases.map { "\($0.name) \(DurationParser.text($0.duration))" }
        .joined(separator: ", ")
      entry.rounds = sequence.rounds == 1 ? nil : sequence.rounds
    } else {
      entry.duration = preset.duration.map(DurationParser.text)
    }
    entry.sound = preset.sound.map { $0.isEmpty ? .on(false) : .file($0) }
    entry.exec = preset.exec
    entries[preset.name] = entry
    try write(entries)
  }

  /// Removes a preset; whether there was one.
  public func remove(_ name: String) throws(PresetError) -> Bool {
    let lock = try changing()
    defer { withExtendedLifetime(lock) {} }
    var entries = try rawEntries()
    guard entries.removeValue(forKey: name) != nil else { return false }
    try write(entries)
    return true
  }

  /// Why `name` cannot name a preset (it must name a timer, and not read as a duration).
  public static func problem(naming name: String) -> String? {
    guard TimerStore.validName(name) else {
      return "a preset's name is 1 to 64 letters, digits, '-', '_' or '.', not starting with '.'"
    }
    if (try? DurationParser.parse(name)) != nil {
      return "'\(name)' reads as a duration; name it otherwise"
    }
    return nil
  }

  static func preset(_ name: String, from entry: Entry) throws -> Preset {
    if let problem = problem(naming: name) { throw PresetError(problem) }
    var preset = Preset(name: name, exec: entry.exec)
    switch (entry.duration, entry.sequence) {
    case (let text?, nil): preset.duration = try DurationParser.parse(text)
    case (nil, let text?):
      preset.sequence = try PhaseSequence(parsing: text, rounds: entry.rounds ?? 1)
    default: throw PresetError("give either \"duration\" or \"sequence\"")
    }
    if entry.rounds != nil && entry.sequence == nil {
      throw PresetError("\"rounds\" goes with a \"sequence\"")
    }
    switch entry.sound {
    case nil, .on(true): break
    case .on(false): preset.sound = ""
    case .file(let path):
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw PresetError("sound \(path): no such file, or it cannot be read")
      }
      preset.sound = path
    }
    return preset
  }

  /// The entries as written, to be written back; an entry that cannot be read would be lost
  /// by writing the file again, so it is named instead.
  func rawEntries() throws(PresetError) -> [String: Entry] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [:] }
    let entries: [String: Lenient]
    do { entries = try JSONDecoder().decode([String: Lenient].self, from: data) } catch {
      throw PresetError(
        "\(url.path) is not a JSON object of presets (\(error.reason)); fix or remove it first")
    }
    var readable: [String: Entry] = [:]
    for (name, lenient) in entries.sorted(by: { $0.key < $1.key }) {
      guard case .success(let entry) = lenient.entry else {
        let line = JSONText.keyLines(in: String(decoding: data, as: UTF8.self))[name, default: 0]
        throw PresetError(
          "\(url.path)\(line > 0 ? " line \(line)" : ""): preset '\(name)' cannot be read; fix or remove it first, or it would be lost"
        )
      }
      readable[name] = entry
    }
    return readable
  }

  /// Held from reading the file to writing it back: of changes made at once, each waits its
  /// turn and none is lost.
  func changing() throws(PresetError) -> StateLock {
    let file = url.deletingLastPathComponent().appendingPathComponent(".presets.lock")
    switch StateLock.acquire(file, waiting: true) {
    case .acquired(let lock): return lock
    case .failed(let error): throw PresetError("cannot save \(url.path): \(error)")
    case .heldBy: throw PresetError("cannot save \(url.path): its lock \(file.path) is held")
    }
  }

  func write(_ entries: [String: Entry]) throws(PresetError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try AtomicFile.write(try encoder.encode(entries), to: url)  // its folder made if need be
    } catch {
      throw PresetError("cannot save \(url.path): \(error)")
    }
  }
}

/// A presets file that cannot be read or written, or a name that is not a preset.
public struct PresetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, to show as it is.
  public var description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
