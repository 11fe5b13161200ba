import ArgumentParser
import ClockworkModes
import ClockworkCore
import ClockworkWidgets
import FoundationEssentials

struct RenderClockCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clock",
    abstract: "Stamp a clock face showing a given time.",
    discussion: """
      Themes: \(ClockTheme.builtIn.map(\.name).joined(separator: ", ")), or a JSON file such as
        { "base": "night", "secondHand": { "color": "#FF8800" } }

      Oscillators: \(OptionValue.oscillatorNames).
      """
  )

  @Option(help: ArgumentHelp("The time shown: HH:MM[:SS], 5:30pm, or ISO 8601 (default: now).", valueName: "time"))
  var at: String?

  @Option(help: ArgumentHelp("The date for --at, YYYY-MM-DD (default: today in --zone).", valueName: "date"))
  var date: String?

  @Option(help: ArgumentHelp("The time zone the face shows (default: local).", valueName: "tz"), completion: Completions.zone, transform: ZoneArgument.parse)
  var zone: Zone?

  @Option(help: ArgumentHelp("\(OptionValue.builtInThemeNames), an installed theme (wall), or a JSON theme file.", valueName: "name|file"), completion: Completions.theme, transform: ThemeArgument.parse)
  var theme: ClockTheme = .classic

  @OptionGroup var look: ClockLookOptions

  @Option(help: ArgumentHelp("How the second hand moves between frames.", valueName: "kind"), completion: Completions.oscillator, transform: OscillatorArgument.parse)
  var oscillator: Oscillator = .quartz

  @OptionGroup var output: OutputOptions

  func validate() throws {
    if date != nil && at == nil { throw ValidationError("--date needs --at (the time on that date)") }
    _ = try instant()
  }

  func instant() throws -> Date {
    guard let at else { return Date() }
    do { return try TargetTimeParser.instant(at: at, on: date, in: zone ?? .local, now: Date()) } catch {
      throw ValidationError(error.description)
    }
  }

  func run() throws {
    let start = try instant()
    let face = ClockFace(size: Double(output.size), theme: try look.apply(to: theme), parts: look.parts, oscillator: oscillator)
    try output.write { index in
      face.show(date: start.addingTimeInterval(Double(index) / output.fps), zone: zone ?? .local)
      return face.layer
    }
  }
}
