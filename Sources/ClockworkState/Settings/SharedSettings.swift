import ClockworkCore
import FoundationEssentials

/// The settings with no drawing in them, which every front end reads: the zones, 12 or 24
/// hours, the sound of timers and alarms, windows kept on top or compact, overtime, the running
/// notification and speech. The alarm and timer commands and the desktop app read them here; the drawing
/// modes read the rest of the file (themes, graphics, colours) on top of these.
///
/// ```swift
/// let sound = try SharedSettings.load().sound   // "" none, a file, nil the theme's
/// ```
public struct SharedSettings: Sendable {
  /// The zones shown (`zones`).
  public var zones: [Zone]?
  /// 12 or 24 hours (`hours`).
  public var hours: HourCycle?
  /// For timers and alarms: "" none, a sound file's full path; nil the sound theme's.
  public var sound: String?
  /// Windows kept above the others.
  public var onTop: Bool?
  /// The desktop app's window shows its faces only.
  public var compact: Bool?
  /// Timers count on past zero once rung (`--overtime`).
  public var overtime: Bool?
  /// A notification shows each timer while it runs (`--notify-running`).
  public var notifyRunning: Bool?
  /// Timers' ends and alarms wake the machine from suspend (on unless false).
  public var wakeSystem: Bool?
  /// Timers say the time left aloud at their moments (`--speak`).
  public var speak: Bool?
  /// The calendar clocks' dates are read in (`calendar`, `--calendar`).
  public var calendar: DateCalendar?

  /// No settings: every default.
  public init() {}

  /// The user's settings file's shared values, none when there is no file; a key no setting has
  /// is refused, with its line, as a bad value is.
  public static func load(environment: [String: String] = ProcessEnvironment.current)
    throws(SettingsError) -> SharedSettings
  {
    guard let file = try SettingsFile.read(environment: environment) else { return .init() }
    return try SharedSettings(file)
  }

  /// The shared values of `file`; its other keys must be settings' keys.
  public init(_ file: SettingsFile) throws(SettingsError) {
    for entry in file.entries where try !read(entry, in: file) {
      guard SettingsFile.keys.contains(entry.key) else { throw file.unknown(entry) }
    }
  }

  /// Reads `entry` when it is one of these settings; whether it was.
  public mutating func read(_ entry: SettingsFile.Entry, in file: SettingsFile)
    throws(SettingsError) -> Bool
  {
    func fail(_ problem: String) -> SettingsError { entry.failure(problem, in: file) }
    func flag() throws(SettingsError) -> Bool {
      guard case .bool(let on) = entry.value else { throw fail("must be true or false") }
      return on
    }
    switch entry.key {
    case "zones":
      let names: [String]
      switch entry.value {
      case .string(let name): names = [name]
      case .strings(let list) where !list.isEmpty: names = list
      default: throw fail("must be a list of time zone names, e.g. [\"Europe/Berlin\", \"UTC\"]")
      }
      do { zones = try names.map { name throws(Zone.NameError) in try Zone.named(name) } } catch {
        throw fail(": \(error)")
      }
    case "hours":
      let word: String? =
        switch entry.value {
        case .number(let x): x == 12 || x == 24 ? String(Int(x)) : nil
        case .string(let s): s
        default: nil
        }
      guard let word, let cycle = HourCycle(rawValue: word) else { throw fail("must be 12 or 24") }
      hours = cycle
    case "onTop": onTop = try flag()
    case "compact": compact = try flag()
    case "overtime": overtime = try flag()
    case "notifyRunning": notifyRunning = try flag()
    case "wakeSystem": wakeSystem = try flag()
    case "speak": speak = try flag()
    case "calendar":
      guard case .string(let name) = entry.value else {
        throw fail("must be a calendar's name, e.g. \"buddhist\"")
      }
      do { calendar = try DateCalendar(parsing: name) } catch { throw fail(": \(error)") }
    case "sound":
      switch entry.value {
      case .bool(let on): sound = on ? nil : ""
      case .string(let path) where !path.isEmpty:
        let full = path.hasPrefix("/") ? path : "\(file.folder)/\(path)"
        guard FileManager.default.isReadableFile(atPath: full) else {
          throw fail(": \(full): no such file, or it cannot be read")
        }
        sound = full
      default: throw fail("must be true, false or the path of a sound file")
      }
    default: return false
    }
    return true
  }
}
