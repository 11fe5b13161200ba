import ClockworkCore
import ClockworkScene
import FoundationEssentials

/// A large digital clock, tty-clock's look: the time in bold monospaced digits as wide as fit,
/// the date under it, in the theme's colours (its dial behind, its hands' colour for the
/// digits).
///
/// ```swift
/// let clock = DigitalClock(size: Size(width: 480, height: 200), theme: .night)
/// clock.show(date: .now, zone: .local)
/// ```
public final class DigitalClock {
  /// Which of the clock's parts are shown.
  public struct Look: Hashable, Sendable {
    /// Whether the seconds are shown.
    public var seconds = true
    /// Whether the date is shown under the time.
    public var date = true
    /// Whether the time is written in 24 hours or 12.
    public var hours = HourCycle.twentyFour
    /// The calendar the date is read in.
    public var calendar = DateCalendar.gregorian
    /// A look with the seconds and the date, each unless turned off, in `hours`, the date in
    /// `calendar`.
    public init(
      seconds: Bool = true, date: Bool = true, hours: HourCycle = .twentyFour,
      calendar: DateCalendar = .gregorian
    ) {
      (self.seconds, self.date, self.hours, self.calendar) = (seconds, date, hours, calendar)
    }
  }

  /// The clock's root layer, to add to a scene or render.
  public let layer = Layer()
  let time = TextLayer()
  let day = TextLayer()
  /// Which parts are shown; takes effect at the next ``show(date:zone:)``.
  public var look: Look
  /// The look: the dial's colour behind, the hands' colour for the digits.
  public private(set) var theme: ClockTheme

  /// A digital clock of `size` in `theme`, showing `look`.
  public init(size: Size, theme: ClockTheme = .classic, look: Look = Look()) {
    self.look = look
    self.theme = theme
    for text in [time, day] {
      text.fontFamily = "DejaVu Sans Mono"
      text.alignment = .center
      text.verticalAlignment = .baseline
      layer.addSublayer(text)
    }
    time.fontWeight = .bold
    configure(size: size, theme: theme)
  }

  /// A new size or theme.
  public func configure(size: Size? = nil, theme: ClockTheme? = nil) {
    if let theme { self.theme = theme }
    let size = size ?? layer.bounds.size
    layer.frame = Rect(origin: .zero, size: size)
    layer.backgroundColor = self.theme.dial.color
    layer.cornerRadius = min(size.width, size.height) * 0.06
    time.foregroundColor = self.theme.hourHand.color
    day.foregroundColor = self.theme.minuteHand.color.withAlpha(0.75)
    layout()
  }

  /// The text for `wall`: `14:32:05`, `14:32`, `2:32:05 PM`.
  public static func timeText(_ wall: CivilTime, look: Look) -> String {
    let full = ClockText.time(wall, hours: look.hours)
    guard !look.seconds else { return full }
    // Drop ":SS", keeping a 12-hour clock's " PM".
    let parts = full.split(separator: " ", maxSplits: 1)
    return String(parts[0].dropLast(3)) + (parts.count > 1 ? " \(parts[1])" : "")
  }

  /// Shows `date`'s time and day in `zone`.
  public func show(date: Date, zone: Zone) {
    let wall = zone.civilTime(at: date)
    let text = Self.timeText(wall, look: look)
    let relayout = text.count != time.string.count  // the digits' size follows their count
    time.string = text
    if relayout { layout() }
    day.string = look.date ? LocalDates.dayAndDate(wall, calendar: look.calendar) : ""
  }

  /// Seconds from `date` to the next change of what is shown: the next second, or minute.
  public func delayToNextChange(after date: Date, zone: Zone) -> Double {
    Self.delayToNextChange(after: date, zone: zone, look: look)
  }

  /// Seconds from `date` to the next change of what a clock of `look` shows in `zone`.
  public static func delayToNextChange(after date: Date, zone: Zone, look: Look) -> Double {
    let toSecond = WallSeconds.delayToNextSecond(after: date) / .seconds(1)
    guard !look.seconds else { return toSecond }
    let second = zone.civilTime(at: date).second
    return toSecond + Double(59 - second)
  }

  /// The digits as wide as fit (a bold monospaced digit is about 0.6 of its font size wide),
  /// the date a quarter of their height under them.
  func layout() {
    let size = layer.bounds.size
    let characters = Double(
      max(
        time.string.count,
        Self.timeText(
          CivilTime(year: 2000, month: 1, day: 1, hour: 12, minute: 0, second: 0, utcOffset: 0),
          look: look
        ).count))
    let dateShare = look.date ? 0.22 : 0
    let fontSize = min(size.width * 0.92 / (characters * 0.6), size.height * (1 - dateShare) * 0.8)
    let dateSize = fontSize * 0.3
    let block = fontSize * 0.75 + (look.date ? dateSize * 1.6 : 0)
    let top = (size.height - block) / 2
    time.fontSize = fontSize
    time.frame = Rect(x: 0, y: top, width: size.width, height: fontSize * 0.75)
    day.fontSize = dateSize
    day.frame = Rect(
      x: 0, y: top + fontSize * 0.75 + dateSize * 0.4, width: size.width, height: dateSize * 1.2)
    day.isHidden = !look.date
  }
}
