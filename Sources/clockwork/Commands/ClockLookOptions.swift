import ArgumentParser
import ClockworkCairo
import ClockworkCore
import ClockworkModes
import ClockworkScene
import ClockworkWidgets
import FoundationEssentials

/// What the clock and its stamps show beyond the theme, as the options say: parsed
/// (``ClockLookOptions``) or at their defaults without a parse (``ClockLookChoices``).
protocol ClockLookValues {
  var parts: ClockParts { get set }
  var dialImage: String? { get set }
  var dialPlacement: ClockTheme.ImagePlacement? { get set }
  var calendar: String? { get set }
}

extension ClockLookValues {
  /// The calendar asked for, else the settings', else the Gregorian; refused when ICU, which
  /// writes the others, is missing.
  func dateCalendar(settings: Settings?) throws -> DateCalendar {
    do {
      let chosen = try calendar.map(DateCalendar.init(parsing:)) ?? settings?.calendar ?? .gregorian
      try LocalDates.check(chosen)
      return chosen
    } catch { throw ValidationError("--calendar: \(error.description)") }
  }

  /// `theme` with the dial picture and its placement, if given.
  func apply(to theme: ClockTheme) throws -> ClockTheme {
    var theme = theme
    if let picture = try picture() {
      theme.dial.image = picture
      theme.name += " + picture"
    }
    if let dialPlacement { theme.dial.imagePlacement = dialPlacement }
    return theme
  }

  fileprivate func picture() throws -> ImageData? {
    guard let dialImage else { return nil }
    do { return try Renderer.loadPicture(contentsOf: URL(fileURLWithPath: dialImage)) } catch {
      throw ValidationError("--dial-image \(error.description)")
    }
  }
}

/// What the clock and its stamps show beyond the theme: which parts, and a dial picture.
struct ClockLookOptions: ParsableArguments, ClockLookValues {
  @Option(
    help: ArgumentHelp(
      "The parts to draw: \(ClockParts.names.map(\.0).joined(separator: ", ")), comma-separated (default: all).",
      valueName: "list"),
    transform: PartsArgument.parse)
  var parts: ClockParts = .all

  @Option(
    help: ArgumentHelp(
      "A PNG or SVG picture on the dial, under the ticks and hands.", valueName: "file"),
    completion: .file(extensions: ["png", "svg"]))
  var dialImage: String?

  @Option(
    help: ArgumentHelp(
      "How the dial picture sits: center (at its own size), fit (all of it inside the dial) or fill (covering the dial) (default: the theme's, else fit).",
      valueName: "how"))
  var dialPlacement: ClockTheme.ImagePlacement?

  @Option(
    help: ArgumentHelp(
      "The calendar the date is read in: \(DateCalendar.names.joined(separator: ", ")) (default: the setting `calendar`, else gregorian).",
      valueName: "name"))
  var calendar: String?

  func validate() throws {
    if dialPlacement != nil && dialImage == nil {
      throw ValidationError("--dial-placement needs --dial-image (the picture to place)")
    }
    _ = try picture()
    _ = try dateCalendar(settings: nil)
  }
}

/// Every look option at its default, without ArgumentParser (``ClockRun/defaults``).
struct ClockLookChoices: ClockLookValues {
  var parts = ClockParts.all
  var dialImage: String?
  var dialPlacement: ClockTheme.ImagePlacement?
  var calendar: String?

  init() {}

  /// The values of `options`.
  init(_ options: some ClockLookValues) {
    (parts, dialImage) = (options.parts, options.dialImage)
    (dialPlacement, calendar) = (options.dialPlacement, options.calendar)
  }
}

extension ClockTheme.ImagePlacement: ExpressibleByArgument {}
