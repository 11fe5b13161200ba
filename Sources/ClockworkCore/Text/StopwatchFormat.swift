import FoundationEssentials

/// Formats stopwatch readings as `MM:SS.cc`, growing to `H:MM:SS.cc` past 59:59.99.
///
/// ```swift
/// StopwatchFormat.string(.milliseconds(61_239))   // "01:01.23"
/// StopwatchFormat.string(.seconds(3600))          // "1:00:00.00"
/// ```
///
/// Readings are truncated to the centisecond: a stopwatch never shows time that has not yet
/// passed. Every field stays in range (never `10:60.00` or `01:010.00`).
public enum StopwatchFormat {
  /// `MM:SS.cc`, `H:MM:SS.cc` past 59:59.99, truncated to the centisecond (never ahead of the time that passed).
  public static func string(_ elapsed: Duration) -> String {
    let centiseconds = max(0, TimeFields.wholeUnits(elapsed, per: 100, rounding: .down))
    let fields = TimeFields(centiseconds: centiseconds)
    let tail =
      "\(ClockText.pad(fields.minutes)):\(ClockText.pad(fields.seconds)).\(ClockText.pad(fields.hundredths))"
    return fields.hours > 0 ? "\(fields.hours):\(tail)" : tail
  }
}

/// Formats countdown readings: `H:MM:SS` (or `M:SS` under an hour) and `M:SS.d` with tenths.
///
/// ```swift
/// CountdownFormat.string(.milliseconds(299_001))               // "5:00"
/// CountdownFormat.string(.milliseconds(9_410), tenths: true)   // "0:09.5"
/// ```
///
/// Readings round *up*: a countdown reads zero only when it has ended, and reads its full
/// duration at the start.
public enum CountdownFormat {
  /// `M:SS`, `H:MM:SS` or `Nd HH:MM:SS`, rounded up (zero only at the end); with `tenths`, `M:SS.t`.
  public static func string(_ remaining: Duration, tenths: Bool = false) -> String {
    if tenths {
      let units = max(0, TimeFields.wholeUnits(remaining, per: 10, rounding: .up))
      let whole = units / 10
      let fields = TimeFields(centiseconds: whole * 100)
      let head =
        fields.hours > 0 ? "\(fields.hours):\(ClockText.pad(fields.minutes))" : "\(fields.minutes)"
      return "\(head):\(ClockText.pad(fields.seconds)).\(units % 10)"
    }
    let seconds = max(0, TimeFields.wholeUnits(remaining, per: 1, rounding: .up))
    let fields = TimeFields(centiseconds: seconds * 100)
    if fields.hours >= 24 {  // "37d 00:18:52", not "888:18:52"
      return
        "\(fields.hours / 24)d \(ClockText.pad(fields.hours % 24)):\(ClockText.pad(fields.minutes)):\(ClockText.pad(fields.seconds))"
    }
    if fields.hours > 0 {
      return "\(fields.hours):\(ClockText.pad(fields.minutes)):\(ClockText.pad(fields.seconds))"
    }
    return "\(fields.minutes):\(ClockText.pad(fields.seconds))"
  }

  /// `+0:42`: the time past an end (overtime, a count up), in whole seconds: counting up, a
  /// reading rounds down. Taken from the duration's components (a Double quotient of 3725 s can
  /// read 3724.99…).
  public static func over(_ past: Duration) -> String {
    "+" + string(.seconds(max(.zero, past).components.seconds))
  }
}

/// Hours, minutes, seconds and hundredths of a whole number of centiseconds.
struct TimeFields {
  var hours: Int64
  var minutes: Int64
  var seconds: Int64
  var hundredths: Int64

  init(centiseconds: Int64) {
    hundredths = centiseconds % 100
    let totalSeconds = centiseconds / 100
    seconds = totalSeconds % 60
    minutes = (totalSeconds / 60) % 60
    hours = totalSeconds / 3600
  }

  /// `duration` counted in units of 1/`per` second, rounded exactly on attoseconds.
  static func wholeUnits(_ duration: Duration, per: Int64, rounding: FloatingPointRoundingRule)
    -> Int64
  {
    let (seconds, attoseconds) = duration.components
    let unit = 1_000_000_000_000_000_000 / per
    var units = attoseconds / unit
    let rest = attoseconds % unit
    if rest != 0 {
      if rounding == .up && rest > 0 { units += 1 }
      if rounding == .down && rest < 0 { units -= 1 }
    }
    return seconds * per + units
  }
}
