import FoundationEssentials

/// When a chime sounds: every `every` minutes on the hour (60, 30, 20 or 15: at :00, :30 …) from
/// `from`:00 to `to`:00 (the last), on `days` (empty: every day), in a zone's wall time. A
/// time a DST change skips does not sound (the clock never shows it); a time shown twice
/// sounds once, the first time.
///
/// ```swift
/// let chime = try ChimeSchedule(every: 60, from: 9, to: 18, days: Weekday.parseDays("mon-fri"))
/// let next = chime.next(after: Date(), in: .local)
/// ```
public struct ChimeSchedule: Hashable, Sendable {
  /// Minutes between chimes: 60, 30, 20 or 15.
  public var every: Int
  /// The first hour (0 to 23): its :00 is the first chime of a day.
  public var from: Int
  /// The last hour (`from` to 23): its :00 is the last chime of a day.
  public var to: Int
  /// Days of the week; empty: every day.
  public var days: Set<Weekday>

  /// The intervals a chime may keep: those that divide an hour into quarters or more.
  public static let intervals = [60, 30, 20, 15]

  /// A chime as given, or why it cannot be.
  public init(every: Int, from: Int = 0, to: Int = 23, days: Set<Weekday> = [])
    throws(AlarmScheduleError)
  {
    guard Self.intervals.contains(every) else {
      throw AlarmScheduleError("a chime sounds every 1h, 30m, 20m or 15m, not every \(every) min")
    }
    guard (0...23).contains(from), (from...23).contains(to) else {
      throw AlarmScheduleError(
        "a chime's hours run from one hour to a later one the same day, 0 to 23 (09-18), not \(from)-\(to)"
      )
    }
    (self.every, self.from, self.to, self.days) = (every, from, to, days)
  }

  /// "09-18", "9-17", "0-23": the first and the last hour.
  public static func parseHours(_ text: String) throws(AlarmScheduleError) -> (from: Int, to: Int) {
    let ends = text.split(separator: "-", omittingEmptySubsequences: false).map {
      Int($0.filter { !$0.isWhitespace })
    }
    guard ends.count == 2, let from = ends[0], let to = ends[1] else {
      throw AlarmScheduleError("'\(text)' is not a range of hours; use e.g. 09-18 or 8-22")
    }
    return (from, to)
  }

  /// The chimes' times in a day, in minutes after midnight.
  public var minutesOfDay: [Int] {
    Array(stride(from: from * 60, through: to * 60, by: every))
  }

  /// The first chime strictly after `instant`.
  public func next(after instant: Date, in zone: Zone) -> Date {
    let today = zone.civilTime(at: instant)
    for offset in 0...8 {
      var day = today.addingDays(offset)
      guard days.isEmpty || days.contains(Weekday(of: day)) else { continue }
      for minutes in minutesOfDay {
        (day.hour, day.minute, day.second) = (minutes / 60, minutes % 60, 0)
        if case .at(let date) = zone.instant(of: day), date > instant { return date }
      }
    }
    preconditionFailure("a day of the week recurs within 8 days")
  }

  /// The chimes after `start` up to `end`, in order.
  public func chimes(after start: Date, through end: Date, in zone: Zone) -> [Date] {
    var found: [Date] = []
    var last = start
    while true {
      let next = next(after: last, in: zone)
      guard next <= end else { return found }
      found.append(next)
      last = next
    }
  }

  /// How many strokes a striking chime gives at `date`: the hour on a 12-hour dial (1 to 12) on
  /// the hour, one at its other chimes.
  public func strokes(at date: Date, in zone: Zone) -> Int {
    let time = zone.civilTime(at: date)
    guard time.minute == 0 else { return 1 }
    return time.hour % 12 == 0 ? 12 : time.hour % 12
  }

  /// "every hour, 09:00–18:00, Mon–Fri".
  public var summary: String {
    let interval = every == 60 ? "every hour" : "every \(every) min"
    let shownDays = days.isEmpty ? tr("every day") : Weekday.describe(days)
    return "\(interval), \(ClockText.pad(from)):00–\(ClockText.pad(to)):00, \(shownDays)"
  }
}
