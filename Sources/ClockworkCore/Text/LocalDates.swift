import FoundationEssentials

/// Dates as the reader's locale writes them (LC_TIME, through the C library: no ICU at start),
/// or in another calendar (``DateCalendar``, through ICU, loaded when first asked). The C and
/// POSIX locales keep ISO 8601 dates (`2026-11-26`), as they always were.
///
/// ```swift
/// let wall = Zone.local.civilTime(at: .now)
/// LocalDates.dayAndDate(wall)            // "Thu 2026-11-26"; "Do 26.11.2026" in de_DE
/// let buddhist = try DateCalendar(parsing: "buddhist")
/// LocalDates.date(wall, calendar: buddhist)   // "Thu, Nov 26, 2569 BE"
/// ```
public enum LocalDates {
  /// `day`'s short name in the locale: "Thu", "Do", "Th 5".
  public static func weekday(_ day: Weekday) -> String {
    guard locale != nil else { return day.shortName }
    // 2026-11-22 was a Sunday: the week from it gives each day its name.
    return LibC.formatTime(
      "%a",
      CivilTime(
        year: 2026, month: 11, day: 22 + day.rawValue, hour: 12, minute: 0, second: 0, utcOffset: 0)
    )
  }

  /// `wall`'s date: `2026-11-26` in C and POSIX, the locale's (`26.11.2026`) in any other, or
  /// its date in `calendar`, weekday included.
  public static func date(_ wall: CivilTime, calendar: DateCalendar = .gregorian) -> String {
    if calendar != .gregorian, let date = try? calendarDate(wall, calendar) { return date }
    guard locale != nil else { return ClockText.day(wall) }
    return LibC.formatTime("%x", wall)
  }

  /// The weekday and date: `Thu 2026-11-26`, `Do 26.11.2026`, or the date in `calendar`
  /// (whose pattern names the day).
  public static func dayAndDate(_ wall: CivilTime, calendar: DateCalendar = .gregorian) -> String {
    if calendar != .gregorian, let date = try? calendarDate(wall, calendar) { return date }
    return "\(weekday(Weekday(of: wall))) \(date(wall))"
  }

  /// LC_TIME's locale, unless texts are written as written (``Translation/writeAsWritten()``).
  private static var locale: String? { Translation.isAsWritten ? nil : LibC.timeLocale }

  /// ``ClockText/when(_:seenAt:in:hours:)`` for a person: `14:32` today, `morgen 00:04:12`,
  /// `Fr 01.01.2027 00:00` further on, in the reader's language and locale.
  public static func when(
    _ date: Date, seenAt now: Date, in zone: Zone, hours: HourCycle = .twentyFour
  ) -> String {
    ClockText.when(
      date, seenAt: now, in: zone, hours: hours,
      tomorrow: { translate("tomorrow {time}", filling: ["time": $0]) },
      later: { dayAndDate($0) })
  }

  /// Whether dates in `calendar` can be written here (ICU is installed).
  /// - Throws: ``CalendarProblem`` saying why not.
  public static func check(_ calendar: DateCalendar) throws(CalendarProblem) {
    guard calendar != .gregorian else { return }
    _ = try calendarDate(
      CivilTime(year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0, utcOffset: 0), calendar
    )
  }

  /// The ICU locale of LC_TIME (`de_DE` of `de_DE.UTF-8`; English for C) with the calendar.
  private static func calendarDate(_ wall: CivilTime, _ calendar: DateCalendar)
    throws(CalendarProblem) -> String
  {
    let language = locale.map { name in
      String(name.prefix { $0 != "." && $0 != "@" })
    }
    return try LibC.calendarDate(
      wall, locale: "\(language ?? "en")@calendar=\(calendar.name)", skeleton: "yMMMEd"
    ).get()
  }
}

/// A calendar dates are read in: the Gregorian (written by the C library) or one of ICU's.
///
/// ```swift
/// let calendar = try DateCalendar(parsing: "buddhist")   // the year 2569 in 2026
/// ```
public struct DateCalendar: Hashable, Sendable, CustomStringConvertible {
  /// ICU's name of it: `buddhist`, `japanese`, `persian`…
  public let name: String

  /// The calendar the C library and ISO 8601 write.
  public static let gregorian = DateCalendar(name: "gregorian")

  /// The calendars ICU reads.
  public static let names = [
    "gregorian", "buddhist", "chinese", "coptic", "dangi", "ethiopic", "hebrew", "indian",
    "islamic", "islamic-civil", "islamic-umalqura", "japanese", "persian", "roc",
  ]

  private init(name: String) { self.name = name }

  /// The calendar of that name (any case).
  /// - Throws: ``CalendarProblem`` naming those there are.
  public init(parsing text: String) throws(CalendarProblem) {
    let name = text.lowercased()
    guard Self.names.contains(name) else {
      throw CalendarProblem(
        "unknown calendar '\(text)' (known: \(Self.names.joined(separator: ", ")))")
    }
    self.name = name
  }

  /// The name.
  public var description: String { name }
}

/// A calendar that cannot be used: unknown, or ICU missing.
public struct CalendarProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in words.
  public var description: String
  /// A problem saying `description`.
  public init(_ description: String) { self.description = description }
}
