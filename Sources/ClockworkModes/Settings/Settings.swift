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
  /// What every front end reads (zones, hours, sound, on top, overtime, the running
  /// notification), with no drawing in it.
  public var shared = SharedSettings()
  /// The clock's theme (`theme`).
  public var theme: ClockTheme?
  /// How the clock's hands move (`oscillator`).
  public var oscillator: Oscillator?
  /// How pictures become cells (`graphics`).
  public var graphics: Graphics?
  /// The colour mode (`color`).
  public var color: ColorChoice?
  /// The clock's face: analog or digital.
  public var face: ClockFaceKind?
  /// Checked against each mode's range where it is used (the stopwatch allows more).
  var fps: (value: Double, line: Int)?
  /// The file, for messages about its values.
  var path: String?

  /// The zones shown (`zones`).
  public var zones: [Zone]? { shared.zones }
  /// 12 or 24 hours (`hours`).
  public var hours: HourCycle? { shared.hours }
  /// For timers and alarms: "" none, a sound file's full path; nil the sound theme's.
  public var sound: String? { shared.sound }
  /// Windows kept above the others.
  public var onTop: Bool? { shared.onTop }
  /// The desktop app's window shows its faces only.
  public var compact: Bool? { shared.compact }
  /// Timers count on past zero once rung (`--overtime`).
  public var overtime: Bool? { shared.overtime }
  /// A notification shows each timer while it runs (`--notify-running`).
  public var notifyRunning: Bool? { shared.notifyRunning }
  /// Timers say the time left aloud at their moments (`--speak`).
  public var speak: Bool? { shared.speak }
  /// The calendar clocks' dates are read in (`calendar`).
  public var calendar: DateCalendar? { shared.calendar }

  /// No settings: every option's default.
  public init() {}

  /// The settings, none when there is no file.
  public static func load(environment: [String: String] = ProcessEnvironment.current)
    throws(SettingsError) -> Settings
  {
    guard let file = try SettingsFile.read(environment: environment) else { return Settings() }
    return try Settings(file)
  }

  /// Writes `zones` into the settings file, a file with any mistake left as it is.
  /// - Parameter zones: the zones' IANA names, in their order.
  /// - Parameter environment: where the file is (`XDG_CONFIG_HOME`, `HOME`).
  public static func save(
    zones: [String], environment: [String: String] = ProcessEnvironment.current
  ) throws(SettingsError) {
    try SettingsFile.save(zones: zones, environment: environment) { file throws(SettingsError) in
      _ = try Settings(file)
    }
  }

  /// A window setting the desktop app's header bar turns on and off.
  public enum WindowChoice: String, Sendable {
    /// "Always on top", which `--window` reads too.
    case onTop
    /// "Compact": the app's window shows its faces only.
    case compact
  }

  /// Writes `choice` into the settings file (`false` takes it out), a file with any mistake left
  /// as it is.
  public static func save(
    _ choice: WindowChoice, _ on: Bool, environment: [String: String] = ProcessEnvironment.current
  ) throws(SettingsError) {
    try SettingsFile.save(choice.rawValue, on ? .bool(true) : nil, environment: environment) {
      file throws(SettingsError) in _ = try Settings(file)
    }
  }

  /// The settings of `file`, each entry in the order of the file (the first bad line is the
  /// one named): the shared ones, then the drawing modes' own.
  init(_ file: SettingsFile) throws(SettingsError) {
    path = file.path
    let folder = file.folder
    for entry in file.entries where try !shared.read(entry, in: file) {
      let line = entry.line
      func fail(_ problem: String) -> SettingsError { entry.failure(problem, in: file) }
      func parsed<Value>(_ parse: (String) throws(ValueError) -> Value) throws(SettingsError)
        -> Value
      {
        guard case .string(let word) = entry.value else { throw fail("must be a string") }
        do { return try parse(word) } catch { throw fail(": \(error)") }
      }
      switch entry.key {
      case "theme":
        theme = try parsed { word throws(ValueError) in
          // A path is read from the settings file's folder; a name is a theme's (built in or installed).
          let isPath = word.contains("/") || word.hasSuffix(".json")
          return try OptionValue.theme(isPath && !word.hasPrefix("/") ? "\(folder)/\(word)" : word)
        }
      case "oscillator": oscillator = try parsed(OptionValue.oscillator)
      case "graphics": graphics = try parsed(OptionValue.graphics)
      case "color": color = try parsed(OptionValue.color)
      case "fps":
        guard case .number(let x) = entry.value, x.isFinite else {
          throw fail("must be a number of frames a second")
        }
        fps = (x, line)
      case "face":
        face = try parsed { word throws(ValueError) in
          guard let face = ClockFaceKind(rawValue: word) else {
            throw ValueError("must be analog or digital, got '\(word)'")
          }
          return face
        }
      default: throw file.unknown(entry)
      }
    }
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

  /// 12 hours where the locale writes times with them (`en_US`: `%r`, `%I`), else 24 (C and
  /// POSIX, whose locale files are then not read at all).
  public static func localeHours() -> HourCycle {
    guard LibC.timeLocale != nil,  // LC_TIME set from the environment, and kept
      let format = nl_langinfo(nl_item(T_FMT)).map({ String(cString: $0) })
    else { return .twentyFour }
    // %I, %l or %r: a 12-hour conversion
    let twelve = zip(format, format.dropFirst()).contains { $0 == "%" && "Ilr".contains($1) }
    return twelve ? .twelve : .twentyFour
  }
}

/// The clock's two faces: hands on a dial, or large digits (tty-clock's look).
public enum ClockFaceKind: String, CaseIterable, Sendable {
  case analog, digital
}
