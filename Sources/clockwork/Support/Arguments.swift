import ArgumentParser
import ClockworkCairo
import ClockworkCore
import ClockworkState
import ClockworkSystem
import ClockworkWidgets
import FoundationEssentials

/// Parsers for option values shared by several commands; each error names the value and the
/// accepted forms.
enum ZoneArgument {
  static func parse(_ text: String) throws -> Zone {
    guard let zone = Zone(identifier: text) else {
      throw ValidationError(
        "unknown time zone '\(text)' (use an IANA name such as Europe/London, America/New_York or UTC)")
    }
    return zone
  }
}

enum OscillatorArgument {
  static let names = "quartz, recoil, mechanical, mechanical:BPH (e.g. mechanical:21600), sweep"

  static func parse(_ text: String) throws -> Oscillator {
    switch text.lowercased() {
    case "quartz": return .quartz
    case "recoil", "quartz-recoil": return .quartzRecoil
    case "mechanical": return .mechanical()
    case "sweep": return .sweep
    default:
      if text.lowercased().hasPrefix("mechanical:"), let bph = Int(text.dropFirst("mechanical:".count)), (3600...360_000).contains(bph) {
        return .mechanical(beatsPerHour: bph)
      }
      throw ValidationError("unknown oscillator '\(text)' (use one of: \(names); beats per hour 3600 to 360000)")
    }
  }
}

enum ThemeArgument {
  static let builtInNames = ClockTheme.builtIn.map(\.name).joined(separator: ", ")

  /// A built-in theme's name, an installed theme file's name, or the path of a JSON theme file.
  static func parse(_ text: String) throws -> ClockTheme {
    if let theme = ClockTheme.named(text) { return theme }
    let looksLikeFile = text.contains("/") || text.hasSuffix(".json")
    guard let path = looksLikeFile || FileManager.default.fileExists(atPath: text) ? text : installed(named: text) else {
      let installed = installedNames().filter { !ClockTheme.builtIn.map(\.name).contains($0) }
      let names = (ClockTheme.builtIn.map(\.name) + installed).joined(separator: ", ")
      throw ValidationError("unknown theme '\(text)' (known: \(names); or the path of a JSON theme file)")
    }
    do { return try ClockTheme.load(from: URL(fileURLWithPath: path), loadPicture: Renderer.loadPicture) } catch {
      throw ValidationError(error.description)
    }
  }

  /// Where theme files are installed, the user's own first (XDG's data folders), then the
  /// app's own share folder beside its binary.
  static func folders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
    let home = XDGFolder.path("XDG_DATA_HOME", fallback: ".local/share", environment: environment).map { [$0] } ?? []
    let system = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
    let beside = URL(fileURLWithPath: DetachedProcess.ownExecutable).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share").path
    return (home + system + [beside]).map { "\($0)/clockwork/themes" }
  }

  /// `NAME.json` or `NAME/NAME.json` (a theme with its pictures) in the first folder that has it.
  static func installed(named name: String) -> String? {
    for folder in folders() {
      for candidate in ["\(folder)/\(name).json", "\(folder)/\(name)/\(name).json"] where FileManager.default.fileExists(atPath: candidate) {
        return candidate
      }
    }
    return nil
  }

  static func installedNames() -> [String] {
    var names: [String] = []
    for folder in folders() {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        let name = entry.hasSuffix(".json") ? String(entry.dropLast(5)) : entry
        if installed(named: name) != nil, !names.contains(name) { names.append(name) }
      }
    }
    return names.sorted()
  }
}

/// A countdown ring's theme file.
enum RingThemeArgument {
  static func parse(_ text: String) throws -> CountdownRing.Style {
    do { return try CountdownRing.Style.load(from: URL(fileURLWithPath: text)) } catch { throw ValidationError(error.description) }
  }
}

enum PartsArgument {
  static func parse(_ text: String) throws -> ClockParts {
    do { return try ClockParts(parsing: text) } catch { throw ValidationError(error.description) }
  }
}

enum DurationArgument {
  static func parse(_ text: String) throws -> Duration {
    do { return try DurationParser.parse(text) } catch { throw ValidationError(error.description) }
  }
}
