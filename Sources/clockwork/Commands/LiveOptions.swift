import ArgumentParser
import ClockworkCore
import ClockworkModes
import ClockworkState
import ClockworkTerminal
import ClockworkWindow
import FoundationEssentials
import Glibc

/// How the live view draws, as the options say: what the clock, the stopwatch and the timer
/// read of them. The options parsed (``LiveOptions``) and their defaults read without a parse
/// (``LiveChoices``) share these rules.
protocol LiveValues {
  var graphicsChoice: Graphics? { get set }
  var color: ColorChoice { get set }
  var twelveHours: Bool { get set }
  var twentyFourHours: Bool { get set }
  var plain: Bool { get set }
  var window: Bool { get set }
  var windowSize: WindowSize { get set }
  var onTop: Bool { get set }
  var compact: Bool { get set }
}

extension LiveValues {
  /// The options, with the settings file's defaults where an option was not given.
  func resolved(_ settings: Settings) -> Self {
    var options = self
    options.graphicsChoice = graphicsChoice ?? settings.graphics
    if color == .unset, let chosen = settings.color { options.color = chosen }
    if !onTop, settings.onTop == true, window { options.onTop = true }
    if !twelveHours && !twentyFourHours, let hours = settings.hours {
      (options.twelveHours, options.twentyFourHours) = (hours == .twelve, hours == .twentyFour)
    }
    return options
  }

  var graphics: Graphics {
    graphicsChoice ?? Graphics.detect(environment: ProcessEnvironment.current)
  }

  var hourCycle: HourCycle {
    twelveHours ? .twelve : twentyFourHours ? .twentyFour : Settings.localeHours()
  }

  var placement: Window.Placement { Window.Placement(onTop: onTop, compact: compact) }

  /// 480×480, or 240×240 for a compact window, unless --size says.
  var windowPoints: (width: Int, height: Int) {
    windowSize.isSet ? (windowSize.width, windowSize.height) : compact ? (240, 240) : (480, 480)
  }

  var colorMode: ColorMode {
    guard case .mode(let mode) = color else {
      return ColorMode.detect(environment: ProcessEnvironment.current)
    }
    return mode
  }

  /// Whether to draw: asked for, standard input and output are terminals, and the terminal can
  /// move its cursor (`TERM=dumb` cannot: it gets the plain lines).
  var wantsLiveView: Bool {
    !plain && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      && ProcessEnvironment.current["TERM"] != "dumb"
  }
}

/// Every live option at its default, as a command given none reads them, without
/// ArgumentParser (``ClockRun/defaults``).
struct LiveChoices: LiveValues {
  var graphicsChoice: Graphics?
  var color = ColorChoice.unset
  var twelveHours = false
  var twentyFourHours = false
  var plain = false
  var window = false
  var windowSize = WindowSize.unset
  var onTop = false
  var compact = false

  init() {}

  /// The values of `options`.
  init(_ options: some LiveValues) {
    (graphicsChoice, color) = (options.graphicsChoice, options.color)
    (twelveHours, twentyFourHours) = (options.twelveHours, options.twentyFourHours)
    (plain, window, windowSize) = (options.plain, options.window, options.windowSize)
    (onTop, compact) = (options.onTop, options.compact)
  }
}

/// How the live view draws: shared by the clock, the stopwatch and the timer.
struct LiveOptions: ParsableArguments, LiveValues {
  @Option(
    name: .customLong("graphics"),
    help: ArgumentHelp(
      "sextant (2×3 blocks a cell), quadrant (2×2), half (1×2), chafa (libchafa's matching: finer, slower), or a picture in pixels: sixel or kitty (for terminals that speak them). Default: sextant; half on the Linux console and where the locale is not UTF-8 (their fonts lack sextants).",
      valueName: "kind"), completion: Completions.graphics, transform: GraphicsArgument.parse)
  var graphicsChoice: Graphics?

  @Option(
    help: ArgumentHelp(
      "auto, truecolor, 256, 16 or none (auto reads COLORTERM, TERM and NO_COLOR).",
      valueName: "mode"), completion: Completions.color, transform: ColorArgument.parse)
  var color: ColorChoice = .unset

  @Flag(
    name: .customLong("12h"),
    help:
      "Show times of day with 12 hours, 2:32 PM (default: as the locale writes them; plain lines keep 24)."
  )
  var twelveHours = false

  @Flag(name: .customLong("24h"), help: "Show times of day with 24 hours, 14:32.")
  var twentyFourHours = false

  @Flag(help: "Print plain text lines instead of drawing (also when output is not a terminal).")
  var plain = false

  @Flag(help: "Draw in a desktop window instead of the terminal (X11 or Wayland).")
  var window = false

  @Option(
    name: .customLong("size"), parsing: .unconditional,
    help: ArgumentHelp(
      "The window's first size in points, e.g. 800x600 (with --window; default 480x480, 240x240 with --compact).",
      valueName: "WxH"),
    transform: WindowSizeArgument.parse)
  var windowSize: WindowSize = .unset

  @Flag(
    name: .customLong("on-top"),
    help:
      "Keep the window above the others (with --window; the setting \"onTop\": true for every window)."
  )
  var onTop = false

  @Flag(
    help:
      "A small window with no border or title bar, moved by dragging anywhere in it; it opens where it was last put (with --window)."
  )
  var compact = false

  /// What to do where no window opens.
  static let noWindow = "run without --window to draw in the terminal"

  func validate() throws {
    if window && plain { throw ValidationError("--window and --plain do not combine: choose one") }
    if onTop && !window {
      throw ValidationError("--on-top goes with --window: a terminal's place is its own")
    }
    if compact && !window { throw ValidationError("--compact goes with --window") }
    if twelveHours && twentyFourHours {
      throw ValidationError("--12h and --24h do not combine: choose one")
    }
  }
}

/// `--size WxH` of a window.
struct WindowSize: CustomStringConvertible {
  var width: Int
  var height: Int
  /// Not given: the mode's own (the help says which).
  static let unset = WindowSize(width: 0, height: 0)
  var isSet: Bool { width > 0 }
  var description: String { isSet ? "\(width)x\(height)" : "480x480, 240x240 with --compact" }
}

enum WindowSizeArgument {
  /// An 8K screen, either way up: a window's picture is kept twice, so a larger one would take
  /// gigabytes for nothing a screen can show.
  static let largest = (side: 7680, area: 7680 * 4320)

  static func parse(_ text: String) throws -> WindowSize {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (64...largest.side).contains(width),
      (64...largest.side).contains(height)
    else {
      throw ValidationError(
        "--size '\(text)' must be WIDTHxHEIGHT in points, each 64 to \(largest.side), e.g. 480x480")
    }
    guard width * height <= largest.area else {
      throw ValidationError(
        "--size '\(text)' is larger than an 8K screen: at most 7680x4320 or 4320x7680 points")
    }
    return WindowSize(width: width, height: height)
  }
}
