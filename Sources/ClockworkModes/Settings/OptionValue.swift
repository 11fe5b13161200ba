import ClockworkCairo
import ClockworkCore
import ClockworkState
import ClockworkSystem
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// A value of an option or a setting that cannot be used: what was given, and what is taken.
public struct ValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was given, and what is taken.
  public var description: String

  /// An error that says `description`.
  public init(_ description: String) { self.description = description }
}

/// The app's option and setting values read from text, shared by the command line and the
/// settings file; each error names the value and the accepted forms.
///
/// ```swift
/// let zone = try OptionValue.zone("Europe/Berlin")
/// ```
public enum OptionValue {
  /// A zone of the tz database by its name (``Zone/named(_:)``).
  public static func zone(_ text: String) throws(ValueError) -> Zone {
    do { return try Zone.named(text) } catch { throw ValueError(error.description) }
  }

  /// The built-in themes' names, for messages.
  public static let builtInThemeNames = ClockTheme.builtIn.map(\.name).joined(separator: ", ")
  /// The oscillators' names, for messages.
  public static let oscillatorNames =
    "quartz, recoil, mechanical, mechanical:BPH (e.g. mechanical:21600), sweep"

  /// The oscillator `text` names: quartz, recoil, mechanical, mechanical:BPH or sweep.
  public static func oscillator(_ text: String) throws(ValueError) -> Oscillator {
    switch text.lowercased() {
    case "quartz": return .quartz
    case "recoil", "quartz-recoil": return .quartzRecoil
    case "mechanical": return .mechanical()
    case "sweep": return .sweep
    default:
      if text.lowercased().hasPrefix("mechanical:"),
        let bph = Int(text.dropFirst("mechanical:".count)), (3600...360_000).contains(bph)
      {
        return .mechanical(beatsPerHour: bph)
      }
      throw ValueError(
        "unknown oscillator '\(text)' (use one of: \(oscillatorNames); beats per hour 3600 to 360000)"
      )
    }
  }

  /// A built-in theme's name, an installed theme file's name, or the path of a JSON theme file.
  public static func theme(_ text: String) throws(ValueError) -> ClockTheme {
    if let theme = ClockTheme.named(text) { return theme }
    let looksLikeFile = text.contains("/") || text.hasSuffix(".json")
    guard
      let path = looksLikeFile || FileManager.default.fileExists(atPath: text)
        ? text : InstalledThemes.path(named: text)
    else {
      let installed = InstalledThemes.names().filter {
        !ClockTheme.builtIn.map(\.name).contains($0)
      }
      if InstalledThemes.shipped.contains(text) {
        throw ValueError(
          "theme '\(text)' comes with clockwork but is not installed where it was looked for (\(InstalledThemes.folders().joined(separator: ", "))); `make install` installs it, or give the path of its JSON file"
        )
      }
      let names = ClockTheme.builtIn.map(\.name) + installed
      let hint =
        NearestWord.to(text, among: names, limit: text.count >= 4 ? 3 : 2).map {
          "did you mean '\($0)'? "
        } ?? ""
      throw ValueError(
        "unknown theme '\(text)' (\(hint)known: \(names.joined(separator: ", ")); or the path of a JSON theme file)"
      )
    }
    do {
      return try ClockTheme.load(
        from: URL(fileURLWithPath: path), loadPicture: Renderer.loadPicture)
    } catch {
      throw ValueError(error.description)
    }
  }

  /// A countdown ring's theme file.
  public static func ringTheme(_ text: String) throws(ValueError) -> CountdownRing.Style {
    do { return try CountdownRing.Style.load(from: URL(fileURLWithPath: text)) } catch {
      throw ValueError(error.description)
    }
  }

  /// The clock parts listed in `text`, separated by commas.
  public static func parts(_ text: String) throws(ValueError) -> ClockParts {
    do { return try ClockParts(parsing: text) } catch { throw ValueError(error.description) }
  }

  /// The duration `text` says, as `5m`, `1h30m`, `90s` or `1:30`.
  public static func duration(_ text: String) throws(ValueError) -> Duration {
    do { return try DurationParser.parse(text) } catch { throw ValueError(error.description) }
  }

  /// The graphics `text` names; chafa and sixel only where libchafa can be loaded.
  public static func graphics(_ text: String) throws(ValueError) -> Graphics {
    guard let graphics = Graphics(rawValue: text.lowercased()) else {
      throw ValueError(
        "unknown graphics '\(text)' (use sextant, quadrant, half, chafa, sixel or kitty)")
    }
    if graphics == .chafa || graphics == .sixel, !ChafaCells.isAvailable {
      throw ValueError("\(graphics.rawValue) needs \(ChafaCells.missing)")
    }
    return graphics
  }

  /// The colour mode `text` names, or auto.
  public static func color(_ text: String) throws(ValueError) -> ColorChoice {
    if text.lowercased() == "auto" { return .auto }
    guard let mode = ColorMode(rawValue: text.lowercased()) else {
      throw ValueError("unknown colour mode '\(text)' (use auto, truecolor, 256, 16 or none)")
    }
    return .mode(mode)
  }
}

/// A colour mode, or `auto` to detect one. (An optional mode made the parser list the option
/// as required in the usage line.)
public enum ColorChoice: Equatable, Sendable, CustomStringConvertible {
  case auto
  case mode(ColorMode)
  /// Not given: the settings file's choice, else auto.
  case unset

  /// The mode's name, or `auto`.
  public var description: String {
    switch self {
    case .auto, .unset: "auto"
    case .mode(let mode): mode.rawValue
    }
  }
}

/// Theme files installed with the app or by the user.
public enum InstalledThemes {
  /// The theme files that come with clockwork (`themes/` in its source, installed by `make
  /// install`).
  public static let shipped = ["wall"]

  /// Where theme files are installed, the user's own first (XDG's data folders), then the
  /// app's own share folder beside its binary.
  public static func folders(environment: [String: String] = ProcessEnvironment.current)
    -> [String]
  {
    let home =
      XDGFolder.path("XDG_DATA_HOME", fallback: ".local/share", environment: environment).map {
        [$0]
      } ?? []
    let system =
      (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
    let binary = URL(fileURLWithPath: DetachedProcess.ownExecutable).deletingLastPathComponent()
    let beside = binary.deletingLastPathComponent().appendingPathComponent("share").path
    return (home + system + [beside]).map { "\($0)/clockwork/themes" }
      + (sourceTree(above: binary).map { [$0] } ?? [])
  }

  /// Run from its build folder (`.build/…/debug`), the app finds the themes of the source tree
  /// it was built from, as it will once installed.
  static func sourceTree(above binary: URL) -> String? {
    var folder = binary
    for _ in 0..<4 {
      folder = folder.deletingLastPathComponent()
      let themes = folder.appendingPathComponent("themes").path
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Package.swift").path),
        FileManager.default.fileExists(atPath: themes)
      {
        return themes
      }
    }
    return nil
  }

  /// `NAME.json` or `NAME/NAME.json` (a theme with its pictures) in the first folder that has it.
  public static func path(named name: String) -> String? {
    for folder in folders() {
      for candidate in ["\(folder)/\(name).json", "\(folder)/\(name)/\(name).json"]
      where FileManager.default.fileExists(atPath: candidate) {
        return candidate
      }
    }
    return nil
  }

  /// The names of the installed themes, each once, sorted.
  public static func names() -> [String] {
    var names: [String] = []
    for folder in folders() {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        let name = entry.hasSuffix(".json") ? String(entry.dropLast(5)) : entry
        if path(named: name) != nil, !names.contains(name) { names.append(name) }
      }
    }
    return names.sorted()
  }
}
