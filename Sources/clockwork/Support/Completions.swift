import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkModes
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// The values each option's shell completion offers (bash, zsh and fish scripts from
/// `clockwork --generate-completion-script SHELL`, installed by `make install`).
enum Completions {
  static let graphics = CompletionKind.list(Graphics.allCases.map(\.rawValue))
  static let color = CompletionKind.list(["auto"] + ColorMode.allCases.map(\.rawValue))
  static let oscillator = CompletionKind.list([
    "quartz", "recoil", "mechanical", "mechanical:21600", "sweep",
  ])
  static let format = CompletionKind.list(["png", "svg", "pdf", "gif", "webp"])
  static let picture = CompletionKind.file(extensions: ["png", "svg", "pdf", "gif", "webp"])
  static let laps = CompletionKind.file(extensions: ["csv", "json"])
  static let days = CompletionKind.list(["daily", "weekdays", "weekends", "mon-fri", "sat,sun"])

  /// Asked of the app as the word is typed: every zone the system knows.
  static let zone = CompletionKind.custom { _, _, prefix in
    Zone.knownIdentifiers().filter { $0.hasPrefix(prefix) }
  }

  /// The user's presets, by name.
  static let preset = CompletionKind.custom { _, _, prefix in
    (Presets()?.load().presets.map(\.name) ?? []).filter { $0.hasPrefix(prefix) }
  }

  /// The built-in and installed themes and the JSON files in the current folder.
  static let theme = CompletionKind.custom { _, _, prefix in
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: ".").filter { $0.hasSuffix(".json") }
        .sorted()) ?? []
    return (ClockTheme.builtIn.map(\.name) + InstalledThemes.names() + files).filter {
      $0.hasPrefix(prefix)
    }
  }
}
