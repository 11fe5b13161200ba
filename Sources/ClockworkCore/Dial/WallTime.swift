import FoundationEssentials

/// Local wall-clock fields of an instant in a time zone.
///
/// ```swift
/// let t = WallTime(date: .now, zone: .local)
/// print(t.hour, t.minute, t.second)
/// ```
public struct WallTime: Hashable, Sendable {
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int
  /// 0 to 59 (60 in a leap second).
  public var second: Int
  /// Nanoseconds into the second, 0..<1_000_000_000.
  public var nanosecond: Int

  /// A wall time as given.
  public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
    self.hour = hour
    self.minute = minute
    self.second = second
    self.nanosecond = nanosecond
  }

  /// Splits `date` into local fields; the nanoseconds come from the date itself.
  public init(date: Date, zone: Zone) {
    let fields = zone.civilTime(at: date)
    let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
    self.init(
      hour: fields.hour, minute: fields.minute, second: fields.second,
      nanosecond: min(999_999_999, Int((fraction * 1e9).rounded(.down))))
  }

  /// Seconds since local midnight, as the fields read (a repeated DST hour reads twice).
  public var secondsIntoDay: Double {
    Double(hour * 3600 + minute * 60 + second) + Double(nanosecond) * 1e-9
  }
}
