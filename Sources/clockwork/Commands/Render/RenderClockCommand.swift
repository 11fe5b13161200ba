import ArgumentParser
import ClockworkCore
import ClockworkModes
import ClockworkScene
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

  @Option(
    help: ArgumentHelp(
      "The time shown: HH:MM[:SS], 5:30pm, or ISO 8601 (default: now).", valueName: "time"))
  var at: String?

  @Option(
    help: ArgumentHelp(
      "The date for --at, YYYY-MM-DD (default: today in --zone).", valueName: "date"))
  var date: String?

  @Option(
    help: ArgumentHelp("The time zone the face shows (default: local).", valueName: "tz"),
    completion: Completions.zone, transform: ZoneArgument.parse)
  var zone: Zone?

  @Option(
    help: ArgumentHelp(
      "\(OptionValue.builtInThemeNames), an installed theme (\(InstalledThemes.shipped.joined(separator: ", "))), or a JSON theme file.",
      valueName: "name|file"), completion: Completions.theme, transform: ThemeArgument.parse)
  var theme: ClockTheme = .classic

  @OptionGroup var look: ClockLookOptions

  @Option(
    help: ArgumentHelp("How the second hand moves between frames.", valueName: "kind"),
    completion: Completions.oscillator, transform: OscillatorArgument.parse)
  var oscillator: Oscillator = .quartz

  @Option(
    help: ArgumentHelp(
      "analog (hands on a dial) or digital (large digits and the date) (default: analog).",
      valueName: "kind"))
  var face: ClockFaceKind = .analog

  @Flag(name: .customLong("no-seconds"), help: "With --face digital: hours and minutes only.")
  var noSeconds = false

  @Flag(name: .customLong("12h"), help: "With --face digital: 12 hours, 2:32 PM (default: 24).")
  var twelveHours = false

  @Flag(
    name: .customLong("day-night"),
    help:
      "Shade the dial when it is night in --zone (the sun down over its city), as world clocks are."
  )
  var dayNight = false

  @Flag(
    help: ArgumentHelp(
      "With -o FILE.svg: one SVG whose hands turn by themselves (SMIL) from --at; shown still where a viewer does not animate."
    ))
  var animated = false

  @Flag(
    help: ArgumentHelp(
      "Write the date on an analog dial, under its centre (on with --calendar: the date read in it)."
    ))
  var dated = false

  @OptionGroup var output: OutputOptions

  /// Whether an analog face carries its date.
  var datesDial: Bool { face == .analog && (dated || look.calendar != nil) }

  func validate() throws {
    if animated {
      guard try output.resolvedFormat() == .svg, output.frames == 1, face == .analog else {
        throw ValidationError(
          "--animated writes one SVG of an analog face: -o FILE.svg, without --frames or --face digital (for GIF or WebP: --frames N -o FILE.gif)"
        )
      }
    }
    if date != nil && at == nil {
      throw ValidationError("--date needs --at (the time on that date)")
    }
    if animated && datesDial {
      throw ValidationError("--animated turns the hands only: leave out --dated and --calendar")
    }
    if (noSeconds || twelveHours) && face == .analog {
      throw ValidationError("--no-seconds and --12h go with --face digital")
    }
    _ = try instant()
  }

  func instant() throws -> Date {
    guard let at else { return Date() }
    do {
      return try TargetTimeParser.instant(at: at, on: date, in: zone ?? .local, now: Date())
    } catch {
      throw ValidationError(error.description)
    }
  }

  func run() throws {
    let start = try instant()
    if face == .digital {
      let look = DigitalClock.Look(
        seconds: !noSeconds, hours: twelveHours ? .twelve : .twentyFour,
        calendar: try self.look.dateCalendar(settings: nil))
      let clock = DigitalClock(
        size: Size(width: Double(output.size), height: Double(output.size)),
        theme: try self.look.apply(to: theme), look: look)
      return try output.write { index in
        clock.show(date: start.addingTimeInterval(Double(index) / output.fps), zone: zone ?? .local)
        return clock.layer
      }
    }
    let face = ClockFace(
      size: Double(output.size), theme: try look.apply(to: theme), parts: look.parts,
      oscillator: oscillator)
    if animated {
      face.isNight = dayNight && Daylight.isNight(in: zone ?? .local, at: start)
      return try output.writeText {
        try TurningClockSVG.document(face: face, at: start, zone: zone ?? .local)
      }
    }
    try output.write(try frames(of: face, from: start))
  }

  /// The layer of each frame of `face` from `start`: the face, and with --dated or --calendar
  /// the date line over it.
  func frames(of face: ClockFace, from start: Date) throws -> (Int) -> Layer {
    let calendar = try look.dateCalendar(settings: nil)
    let dated = datesDial ? Self.dated(face) : nil
    return { index in
      let date = start.addingTimeInterval(Double(index) / output.fps)
      face.isNight = dayNight && Daylight.isNight(in: zone ?? .local, at: date)
      face.show(date: date, zone: zone ?? .local)
      guard let dated else { return face.layer }
      dated.line.string = LocalDates.dayAndDate(
        (zone ?? .local).civilTime(at: date), calendar: calendar)
      return dated.root
    }
  }

  /// `face` under a root with a line of text, a sixth of the way down from the dial's centre,
  /// in the minute hand's colour.
  static func dated(_ face: ClockFace) -> (root: Layer, line: TextLayer) {
    let side = face.size
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: side, height: side)
    root.addSublayer(face.layer)
    let line = TextLayer()
    line.frame = Rect(x: 0, y: side * 0.66, width: side, height: side * 0.07)
    line.fontFamily = "DejaVu Sans"
    line.fontSize = side * 0.045
    line.alignment = .center
    line.foregroundColor = face.theme.minuteHand.color
    root.addSublayer(line)
    return (root, line)
  }
}
