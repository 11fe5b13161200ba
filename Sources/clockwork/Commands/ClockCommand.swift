import ArgumentParser
import ClockworkCairo
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkState
import ClockworkSystem
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

struct ClockCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clock",
    abstract: "Show the time.",
    // With more than 12 options the parser says "<options>", as if some were required.
    usage: "clockwork clock [<options>]",
    discussion: """
      In a terminal, draws an analog clock as large as fits, with the date and time under it. \
      Keys: q, Esc or Ctrl-C quit; o next oscillator; t next theme; d digital readout on/off. \
      Several --zone options show world clocks side by side. --face digital shows large digits \
      instead (as tty-clock), with the date under them (--no-digital leaves it out) and the \
      seconds (--no-seconds leaves them out), in the terminal or a window.

      With --plain (or when output is not a terminal), prints the local time once a second, \
      each line just after the second boundary:

        $ clockwork clock --plain --zone Asia/Kolkata --count 2
        2026-11-22 14:32:05 +05:30
        2026-11-22 14:32:06 +05:30

      Several --zone options print the zones side by side on each line.

      Defaults for the theme, oscillator, zones, graphics, colour, hours and frame rates can be \
      kept in $XDG_CONFIG_HOME/clockwork/config.json (by default ~/.config/clockwork/config.json), \
      e.g. {"theme": "night", "zones": ["Europe/Berlin", "Asia/Tokyo"], "hours": 12}. Options win.
      """
  )

  @OptionGroup var live: LiveOptions

  @Option(
    help: ArgumentHelp(
      "\(OptionValue.builtInThemeNames), an installed theme (\(InstalledThemes.shipped.joined(separator: ", "))), or a JSON theme file (default: classic).",
      valueName: "name|file"), completion: Completions.theme)
  var theme: String?

  @OptionGroup var look: ClockLookOptions

  @Option(
    help: ArgumentHelp(
      "How the second hand moves: \(OptionValue.oscillatorNames) (default: quartz).",
      valueName: "kind"), completion: Completions.oscillator)
  var oscillator: String?

  @Flag(
    inversion: .prefixedNo, exclusivity: .exclusive,
    help:
      "Show the date and digital time under the face (with --face digital: the date under the digits)."
  )
  var digital = true

  @Option(
    help: ArgumentHelp(
      "analog (hands on a dial) or digital (large digits) (default: analog).", valueName: "kind"))
  var face: ClockFaceKind?

  @Flag(name: .customLong("no-seconds"), help: "With --face digital: hours and minutes only.")
  var noSeconds = false

  @Option(
    name: .customLong("zone"),
    help: ArgumentHelp(
      "An IANA time zone, e.g. Europe/London or UTC; repeat for several.", valueName: "tz"),
    completion: Completions.zone, transform: ZoneArgument.parse)
  var zones: [Zone] = []

  @Option(
    parsing: .unconditional, help: "Stop after this many lines (default: run until interrupted).")
  var count: Int?

  @Option(
    help: ArgumentHelp(
      "Show this moment instead of now, in each zone: 15:00 (in the first --zone), 2026-03-29T15:00, 2026-03-29T08:00:00Z; ← and → move it 15 minutes.",
      valueName: "time"))
  var at: String?

  @Flag(help: "Plain lines end with whether the system clock is synchronised (synced ±0.4 ms).")
  var sync = false

  // Read here, so that a bad value is a usage error; optional values with a transform would
  // make the parser print them as required in the usage line.
  func validate() throws {
    _ = try theme.map(ThemeArgument.parse)
    _ = try oscillator.map(OscillatorArgument.parse)
    if let count, count < 1 { throw ValidationError("--count must be at least 1, got \(count)") }
    if noSeconds && face == .analog {
      throw ValidationError("--no-seconds goes with --face digital")
    }
    if let at {
      do { _ = try TargetTimeParser.parse(at, zone: zones.first ?? .local) } catch {
        throw ValidationError("--at: \(error.description)")
      }
    }
  }

  func run() throws { throw ExitCode(try ClockRun(self).run()) }
}

/// What `clockwork clock` does with its options' values: from a parse (``init(_:)``), or all at
/// their defaults for `clockwork` alone (``defaults``), read without ArgumentParser, whose
/// option wrappers are costly to make at every start of a launcher's clock. A test holds the
/// defaults equal to ArgumentParser's reading of no options.
struct ClockRun {
  var live = LiveChoices()
  var theme: String?
  var look = ClockLookChoices()
  var oscillator: String?
  var digital = true
  var face: ClockFaceKind?
  var noSeconds = false
  var zones: [Zone] = []
  var count: Int?
  var at: String?
  var sync = false

  /// Every option at its default.
  static let defaults = ClockRun()

  private init() {}

  /// The values `command` was given.
  init(_ command: ClockCommand) {
    (live, look) = (LiveChoices(command.live), ClockLookChoices(command.look))
    (theme, oscillator, digital, face) = (
      command.theme, command.oscillator, command.digital, command.face
    )
    (noSeconds, zones, count, at, sync) = (
      command.noSeconds, command.zones, command.count, command.at, command.sync
    )
  }

  /// The moment `--at` names: a time of day is today's in the first zone.
  func moment(in zones: [Zone]) throws -> Date? {
    guard let at else { return nil }
    do {
      return try TargetTimeParser.instant(at: at, on: nil, in: zones.first ?? .local, now: Date())
    } catch { throw UsageFailure.exit("--at: \(error.description)", in: ClockCommand.self) }
  }

  /// Said after a terminal clock's key hints: that a moment is shown (and the keys that move
  /// it), and when the system clock is not to be trusted (``clockNote``).
  static func remarks(frozen: Date?) -> [String] {
    (frozen == nil ? [] : [tr("←/→ 15 min")]) + (clockNote.map { [$0] } ?? [])
  }

  /// "clock not synchronised" when the kernel says so: the time shown may be off. Said after
  /// a terminal's key hints and a window's title.
  static var clockNote: String? {
    ClockSync.read()?.synchronized == false ? tr("clock not synchronised") : nil
  }

  /// Shows the clock as asked; the exit status. In a terminal, on this thread alone; a window
  /// and lines run as a task while this thread waits.
  func run() throws -> Int32 {
    let settings = try Settings.load()
    let live = live.resolved(settings)
    let zones = zones.isEmpty ? settings.zones ?? [Zone.local] : zones
    let theme = try look.apply(to: try theme.map(ThemeArgument.parse) ?? settings.theme ?? .classic)
    let oscillator = try oscillator.map(OscillatorArgument.parse) ?? settings.oscillator ?? .quartz
    let frozen = try moment(in: zones)
    let calendar = try look.dateCalendar(settings: settings)
    // --count asks for lines, as --plain does.
    if let frozen, count != nil || !(live.window || live.wantsLiveView) {
      // One moment is one line, however many were asked.
      StandardOutput.line(ClockLines.line(frozen, zones: zones, sync: sync))
      return ExitStatus.success
    }
    if (face ?? settings.face) == .digital, count == nil, live.window || live.wantsLiveView {
      let look = DigitalClock.Look(
        seconds: !noSeconds, date: digital, hours: live.hourCycle, calendar: calendar)
      if live.window {
        return try AsyncRun.wait {
          await LiveRun.window(
            title: "clockwork", size: live.windowPoints, placement: live.placement,
            hint: LiveOptions.noWindow
          ) { _ in
            let window = DigitalClockWindow(zones: zones, theme: theme, look: look)
            window.clockNote = Self.clockNote
            return FrozenMoment(window, at: frozen)
          }
        }
      }
      let session = try TerminalSession()
      let mode = DigitalClockScreen(
        zones: zones, look: look, graphics: live.graphics, color: theme.hourHand.color,
        background: session.background(environment: ProcessEnvironment.current),
        remarks: Self.remarks(frozen: frozen))
      return Self.run(mode, frozen: frozen, session: session, colorMode: live.colorMode)
    }
    if live.window {
      let (digital, parts) = (digital, look.parts)
      return try AsyncRun.wait {
        await LiveRun.window(
          title: "clockwork", size: live.windowPoints, placement: live.placement,
          hint: LiveOptions.noWindow
        ) { _ in
          let control = ClockControl(
            zones: zones, theme: theme, oscillator: oscillator, digital: digital,
            hours: live.hourCycle, parts: parts)
          control.calendar = calendar
          control.clockNote = Self.clockNote
          return FrozenMoment(ClockWindow(control: control), at: frozen)
        }
      }
    }
    guard live.wantsLiveView, count == nil else {
      return try AsyncRun.wait {
        await LiveRun.lines(ClockLines(zones: zones, count: count, sync: sync))
      }
    }
    let session = try TerminalSession()
    let control = ClockControl(
      zones: zones, theme: theme, oscillator: oscillator, digital: digital, hours: live.hourCycle,
      parts: look.parts)
    control.calendar = calendar
    control.remarks = Self.remarks(frozen: frozen)
    let mode = ClockScreen(
      control: control, graphics: live.graphics,
      rasterStore: CacheFolders.rasters().map(RasterStore.init(directory:)),
      background: session.background(environment: ProcessEnvironment.current),
      colorMode: live.colorMode)
    return Self.run(mode, frozen: frozen, session: session, colorMode: live.colorMode)
  }

  /// `mode` in the terminal, at the moment `frozen` if there is one. The present runs the mode
  /// itself: through `FrozenMoment`, the runner's first frame had the runtime resolve the
  /// wrapper's associated types by searching every protocol conformance of the binary.
  static func run<Mode: LiveMode>(
    _ mode: Mode, frozen: Date?, session: TerminalSession, colorMode: ColorMode
  ) -> Int32
  where
    Mode.Input == Key, Mode.Instant == ContinuousClock.Instant, Mode.Canvas == TerminalSize,
    Mode.Frame == CellGrid
  {
    guard let frozen else { return LiveRun.terminal(mode, session: session, colorMode: colorMode) }
    return LiveRun.terminal(
      FrozenMoment(mode, at: frozen), session: session, colorMode: colorMode)
  }
}

extension ClockFaceKind: ExpressibleByArgument {}
