import Foundation

/// Wall-clock text: two-digit fields, a zone's offset, and the clock line
/// `2026-11-22 14:32:05 +05:30` of the plain clock, the live readout and the history.
///
/// ```swift
/// ClockText.line(.now, in: .current)      // "2026-11-22 14:32:05 +01:00"
/// ClockText.time(.now, in: .current)      // "14:32:05"
/// ClockText.offset(seconds: 20_700)       // "+05:45"
/// ```
public enum ClockText {
  /// A field with at least two digits.
  public static func pad<Value: BinaryInteger>(_ value: Value) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// `+05:45`, `-03:30`: an offset from UTC in seconds, as hours and minutes.
  public static func offset(seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return "\(seconds < 0 ? "-" : "+")\(pad(minutes / 60)):\(pad(minutes % 60))"
  }

  /// The date, time and offset of `date` in `zone`; the time is truncated to the second.
  public static func line(_ date: Date, in zone: TimeZone) -> String {
    let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    return "\(day(whole, in: zone)) \(time(whole, in: zone)) \(offset(seconds: zone.secondsFromGMT(for: whole)))"
  }

  /// `2026-11-22`: the local date in `zone`.
  public static func day(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let f = calendar.dateComponents([.year, .month, .day], from: date)
    return "\(f.year ?? 0)-\(pad(f.month ?? 0))-\(pad(f.day ?? 0))"
  }

  /// `14:32:05` in `zone`, truncated to the second.
  public static func time(_ date: Date, in zone: TimeZone) -> String {
    let t = WallTime(date: date, timeZone: zone)
    return "\(pad(t.hour)):\(pad(t.minute)):\(pad(t.second))"
  }
}
