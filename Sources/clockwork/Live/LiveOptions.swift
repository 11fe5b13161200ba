import ArgumentParser
import ClockworkTerminal
import Foundation

/// How the live view draws: shared by the clock, the stopwatch and the timer.
struct LiveOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Block glyphs: sextant (2×3 a cell), quadrant (2×2) or half (1×2).", valueName: "kind"), transform: GraphicsArgument.parse)
  var graphics: GlyphSet = .sextant

  @Option(help: ArgumentHelp("auto, truecolor, 256, 16 or none (auto reads COLORTERM, TERM and NO_COLOR).", valueName: "mode"), transform: ColorArgument.parse)
  var color: ColorMode?

  @Flag(help: "Print plain text lines instead of drawing (also when output is not a terminal).")
  var plain = false

  var colorMode: ColorMode { color ?? ColorMode.detect(environment: ProcessInfo.processInfo.environment) }

  /// Whether to draw: asked for, and standard input and output are terminals.
  var wantsLiveView: Bool { !plain && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }
}

enum GraphicsArgument {
  static func parse(_ text: String) throws -> GlyphSet {
    guard let glyphs = GlyphSet(rawValue: text.lowercased()) else {
      throw ValidationError("unknown graphics '\(text)' (use sextant, quadrant or half)")
    }
    return glyphs
  }
}

enum ColorArgument {
  static func parse(_ text: String) throws -> ColorMode? {
    if text.lowercased() == "auto" { return nil }
    guard let mode = ColorMode(rawValue: text.lowercased()) else {
      throw ValidationError("unknown colour mode '\(text)' (use auto, truecolor, 256, 16 or none)")
    }
    return mode
  }
}
