import FoundationEssentials

/// Wall-clock text: two-digit fields, a zone's offset, and the clock line
/// `2026-11-22 14:32:05 +05:30` of the plain clock, the live readout and the history.
///
/// ```swift
/// ClockText.line(.now, in: .local)        // "2026-11-22 14:32:05 +01:00"
/// ClockText.time(.now, in: .local)        // "14:32:05"
/// ClockText.time(.now, in: .local, hours: .twelve)   // "2:32:05 PM"
/// ClockText.offset(seconds: 20_700)       // "+05:45"
/// ClockText.iso8601(.now, in: .local)     // "2026-11-22T14:32:05+01:00"
/// ```
public enum ClockText {
  /// A field with at least two digits.
  public static func pad<Value: BinaryInteger>(_ value: Value) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  /// `+05:45`, `-03:30`: an offset from UTC in seconds, as hours and minutes.
  public static func offset(seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return "\(seconds < 0 ? "-" : "+")\(pad(minutes / 60)):\(pad(minutes % 60))"
  }

  /// The date, time and offset of `date` in `zone`; the time is truncated to the second.
  public static func line(_ date: Date, in zone: Zone) -> String {
    let t = zone.civilTime(at: date)
    return "\(day(t)) \(time(t)) \(offset(seconds: t.utcOffset))"
  }

  /// `2026-11-22T14:32:05+05:30` (ISO 8601): `date` in `zone`, for files that programs read.
  public static func iso8601(_ date: Date, in zone: Zone) -> String {
    let t = zone.civilTime(at: date)
    return "\(day(t))T\(time(t))\(offset(seconds: t.utcOffset))"
  }

  /// `2026-11-22`: the local date in `zone`.
  public static func day(_ date: Date, in zone: Zone) -> String { day(zone.civilTime(at: date)) }

  /// `14:32:05` (or `2:32:05 PM`) in `zone`, truncated to the second.
  public static func time(_ date: Date, in zone: Zone, hours: HourCycle = .twentyFour) -> String {
    time(zone.civilTime(at: date), hours: hours)
  }

  /// When something ends, as seen at `now`: `14:32` today (`14:32:13` off the minute,
  /// `2:32 PM` in 12 hours), `tomorrow 00:04:12`, or `Fri 2027-01-01 00:00` further on; in
  /// English and ISO dates (``LocalDates/when(_:seenAt:in:hours:)`` for a person).
  public static func when(
    _ date: Date, seenAt now: Date, in zone: Zone, hours: HourCycle = .twentyFour
  ) -> String {
    when(
      date, seenAt: now, in: zone, hours: hours, tomorrow: { "tomorrow \($0)" },
      later: { "\(Weekday(of: $0).shortName) \(day($0))" })
  }

  /// ``when(_:seenAt:in:hours:)`` with the words for tomorrow's time and a later date.
  static func when(
    _ date: Date, seenAt now: Date, in zone: Zone, hours: HourCycle,
    tomorrow: (String) -> String, later: (CivilTime) -> String
  ) -> String {
    let (then, today) = (zone.civilTime(at: date), zone.civilTime(at: now))
    let clock = shortTime(date, in: zone, hours: hours)
    if (then.year, then.month, then.day) == (today.year, today.month, today.day) { return clock }
    let next = today.addingDays(1)
    if (then.year, then.month, then.day) == (next.year, next.month, next.day) {
      return tomorrow(clock)
    }
    return "\(later(then)) \(clock)"
  }

  /// `14:32` on the minute, else `14:32:13` (12-hour forms with `hours: .twelve`).
  public static func shortTime(_ date: Date, in zone: Zone, hours: HourCycle = .twentyFour)
    -> String
  {
    let t = zone.civilTime(at: date)
    return t.second == 0 ? minutes(t, hours: hours) : time(t, hours: hours)
  }

  /// `14:32`, or `2:32 PM` with `hours: .twelve`: hours and minutes, the seconds left out.
  public static func minutes(_ t: CivilTime, hours: HourCycle = .twentyFour) -> String {
    switch hours {
    case .twentyFour: return "\(pad(t.hour)):\(pad(t.minute))"
    case .twelve: return "\(twelveHour(t.hour)):\(pad(t.minute)) \(t.hour < 12 ? "AM" : "PM")"
    }
  }

  /// `2026-11-22`.
  public static func day(_ t: CivilTime) -> String { "\(t.year)-\(pad(t.month))-\(pad(t.day))" }

  /// `14:32:05`, or `2:32:05 PM` with `hours: .twelve`.
  public static func time(_ t: CivilTime, hours: HourCycle = .twentyFour) -> String {
    switch hours {
    case .twentyFour: return "\(pad(t.hour)):\(pad(t.minute)):\(pad(t.second))"
    case .twelve:
      return "\(twelveHour(t.hour)):\(pad(t.minute)):\(pad(t.second)) \(t.hour < 12 ? "AM" : "PM")"
    }
  }

  /// 12 for midnight and noon, 1 to 11 otherwise.
  static func twelveHour(_ hour: Int) -> Int { hour % 12 == 0 ? 12 : hour % 12 }
}

/// How people read the hour: `14:32` or `2:32 PM`. Files that programs read keep 24 hours.
public enum HourCycle: String, Hashable, Sendable, CaseIterable {
  case twentyFour = "24"
  case twelve = "12"
}

extension StringProtocol {
  /// Without the whitespace at either end.
  var trimmedOfWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
