import FoundationEssentials

/// A value kept in a ``StateFile``: it says what in it makes no sense, so a file that decodes
/// but holds impossible numbers (an elapsed time of 1e16 s, a negative lap) is set aside as
/// corrupt rather than trusted.
public protocol StoredState: Codable, Sendable {
  /// What is wrong with the loaded value, naming the field, or `nil` when it can be used.
  func problem() -> String?
}

/// The ranges stored numbers must fall in, and conversions from them that cannot trap.
public enum StoredNumbers {
  /// The longest time kept (elapsed, a lap, a timer's length): a thousand years.
  public static let longest = 1000 * 365.25 * 86_400.0
  /// Wall times from 1970 up to the year 5000.
  public static let wallTimes = 0.0...95_617_584_000.0

  /// Why `value` is not a time span from 0 to ``longest``, or `nil`.
  public static func spanProblem(_ value: Double, _ field: String) -> String? {
    guard value.isFinite else { return "\(field) is not a finite number" }
    guard value >= 0 else { return "\(field) is negative (\(value))" }
    guard value <= longest else { return "\(field) is out of range (\(value) s)" }
    return nil
  }

  /// Why `value` is not a wall time from 1970 to the year 5000, or `nil`.
  public static func wallTimeProblem(_ value: Double, _ field: String) -> String? {
    guard value.isFinite, wallTimes.contains(value) else {
      return "\(field) is out of range (\(value))"
    }
    return nil
  }

  /// `duration` in seconds, cut to the whole millisecond: read back by ``milliseconds(_:)`` as
  /// the same milliseconds, so a reading truncated from it is the reading truncated from
  /// `duration` (a stopwatch's total says the same before and after it is saved).
  public static func seconds(_ duration: Duration) -> Double {
    let (whole, fraction) = duration.components
    return Double(whole) + Double(fraction / 1_000_000_000_000_000) / 1000
  }

  /// Whole milliseconds of `seconds`, clamped to what a `Duration` in milliseconds holds.
  public static func milliseconds(_ seconds: Double) -> Duration {
    let scaled = (seconds * 1000).rounded()
    guard scaled.isFinite else { return .zero }
    return .milliseconds(Int64(max(-9e18, min(9e18, scaled))))
  }
}
