import ArgumentParser
import ClockworkCore
import ClockworkModes
import ClockworkTerminal
import ClockworkWidgets

/// ArgumentParser's transforms for option values shared by several commands: the library's
/// parsers (``OptionValue``), their errors as usage errors.
func usage<Value>(_ text: String, _ parse: (String) throws(ValueError) -> Value) throws -> Value {
  do { return try parse(text) } catch { throw ValidationError(error.description) }
}

enum ZoneArgument {
  static func parse(_ text: String) throws -> Zone { try usage(text, OptionValue.zone) }
}
enum OscillatorArgument {
  static func parse(_ text: String) throws -> Oscillator { try usage(text, OptionValue.oscillator) }
}
enum ThemeArgument {
  static func parse(_ text: String) throws -> ClockTheme { try usage(text, OptionValue.theme) }
}
enum RingThemeArgument {
  static func parse(_ text: String) throws -> CountdownRing.Style {
    try usage(text, OptionValue.ringTheme)
  }
}
enum PartsArgument {
  static func parse(_ text: String) throws -> ClockParts { try usage(text, OptionValue.parts) }
}
enum DurationArgument {
  static func parse(_ text: String) throws -> Duration { try usage(text, OptionValue.duration) }
}
enum GraphicsArgument {
  static func parse(_ text: String) throws -> Graphics { try usage(text, OptionValue.graphics) }
}
enum ColorArgument {
  static func parse(_ text: String) throws -> ColorChoice { try usage(text, OptionValue.color) }
}
