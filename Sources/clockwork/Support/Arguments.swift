import ArgumentParser
import ClockworkCore
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
  /// A built-in theme's name, or the path of a JSON theme file.
  static func parse(_ text: String) throws -> ClockTheme {
    if let theme = ClockTheme.named(text) { return theme }
    let looksLikeFile = text.contains("/") || text.hasSuffix(".json")
    guard looksLikeFile || FileManager.default.fileExists(atPath: text) else {
      let names = ClockTheme.builtIn.map(\.name).joined(separator: ", ")
      throw ValidationError("unknown theme '\(text)' (built in: \(names); or the path of a JSON theme file)")
    }
    do { return try ClockTheme.load(from: URL(fileURLWithPath: text)) } catch {
      throw ValidationError(error.description)
    }
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
