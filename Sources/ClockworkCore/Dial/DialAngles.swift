import FoundationEssentials

/// The angles of a clock's hands, in radians clockwise from 12 o'clock, each in [0, 2π).
///
/// ```swift
/// let angles = DialAngles(date: .now, zone: Zone(identifier: "Asia/Kolkata") ?? .utc)
/// let hourHandRotation = angles.hour   // radians clockwise from 12
/// ```
///
/// The hour hand includes minutes and seconds, the minute hand includes seconds and the second
/// hand includes the fraction of the second (nanoseconds × 1e-9). Wall time is read in the given
/// time zone, so the hands show local time across DST changes and odd offsets.
public struct DialAngles: Hashable, Sendable {
  /// The hour hand, in radians clockwise from 12.
  public var hour: Double
  /// The minute hand, in radians clockwise from 12.
  public var minute: Double
  /// The second hand, in radians clockwise from 12.
  public var second: Double

  /// Angles as given.
  public init(hour: Double, minute: Double, second: Double) {
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Angles for the local wall time of `date`.
  /// - Parameters:
  ///   - date: the instant shown.
  ///   - zone: the zone whose wall time the hands show.
  ///   - dial: a 12-hour dial turns the hour hand twice a day, a 24-hour dial once.
  ///   - oscillator: how the second hand moves; minute and hour hands follow the seconds it
  ///     shows (a quartz movement steps them once a second). `nil` is a perfectly smooth sweep.
  public init(
    date: Date, zone: Zone, dial: Dial = .twelveHour, oscillator: Oscillator? = nil
  ) {
    let time = WallTime(date: date, zone: zone)
    self.init(time: time, dial: dial, oscillator: oscillator)
  }

  /// Angles for a wall time already split into fields.
  public init(time: WallTime, dial: Dial = .twelveHour, oscillator: Oscillator? = nil) {
    let rawSeconds = Double(time.second) + Double(time.nanosecond) * 1e-9
    let secondAngle: Double
    let shownSeconds: Double
    if let oscillator {
      secondAngle = oscillator.secondHandAngle(secondsIntoMinute: rawSeconds)
      shownSeconds = oscillator.shownSeconds(secondsIntoMinute: rawSeconds)
    } else {
      secondAngle = rawSeconds / 60 * 2 * .pi
      shownSeconds = rawSeconds
    }
    let minutes = Double(time.minute) + shownSeconds / 60
    let hours = Double(time.hour % dial.hours) + minutes / 60
    self.init(
      hour: Self.normalized(hours / Double(dial.hours) * 2 * .pi),
      minute: Self.normalized(minutes / 60 * 2 * .pi),
      second: Self.normalized(secondAngle))
  }

  /// Wraps an angle into [0, 2π).
  public static func normalized(_ angle: Double) -> Double {
    let full = 2 * Double.pi
    let wrapped = angle.truncatingRemainder(dividingBy: full)
    let positive = wrapped < 0 ? wrapped + full : wrapped
    return positive >= full ? 0 : positive
  }
}

/// How many hours one turn of the hour hand takes.
public enum Dial: String, Hashable, Sendable, Codable, CaseIterable {
  case twelveHour = "12"
  case twentyFourHour = "24"

  /// Hours in one turn: 12 or 24.
  public var hours: Int { self == .twelveHour ? 12 : 24 }
}
