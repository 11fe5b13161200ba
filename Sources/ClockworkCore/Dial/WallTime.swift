import Foundation

/// Local wall-clock fields of an instant in a time zone.
///
/// ```swift
/// let t = WallTime(date: .now, timeZone: .current)
/// print(t.hour, t.minute, t.second)
/// ```
public struct WallTime: Hashable, Sendable {
  public var hour: Int
  public var minute: Int
  public var second: Int
  /// Nanoseconds into the second, 0..<1_000_000_000.
  public var nanosecond: Int

  public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
    self.hour = hour
    self.minute = minute
    self.second = second
    self.nanosecond = nanosecond
  }

  /// Splits `date` into local fields. Sub-second precision comes from the date itself, not from
  /// `Calendar`'s nanosecond field, which rounds on some platforms.
  public init(date: Date, timeZone: TimeZone, calendar: Calendar = Calendar(identifier: .gregorian)) {
    var calendar = calendar
    calendar.timeZone = timeZone
    let whole = date.timeIntervalSince1970.rounded(.down)
    let fields = calendar.dateComponents(
      [.hour, .minute, .second], from: Date(timeIntervalSince1970: whole))
    let fraction = date.timeIntervalSince1970 - whole
    self.init(
      hour: fields.hour ?? 0, minute: fields.minute ?? 0, second: fields.second ?? 0,
      nanosecond: min(999_999_999, Int((fraction * 1e9).rounded(.down))))
  }

  /// Seconds since local midnight, as the fields read (a repeated DST hour reads twice).
  public var secondsIntoDay: Double {
    Double(hour * 3600 + minute * 60 + second) + Double(nanosecond) * 1e-9
  }
}
