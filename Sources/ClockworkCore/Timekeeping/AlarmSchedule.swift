import FoundationEssentials

/// A day of the week, numbered as the C library does (Sunday 0).
public enum Weekday: Int, CaseIterable, Codable, Comparable, Hashable, Sendable {
  case sunday, monday, tuesday, wednesday, thursday, friday, saturday

  /// Monday first, Sunday last, as a week is read.
  public static func < (a: Weekday, b: Weekday) -> Bool { a.order < b.order }

  /// Monday first, as a week is read.
  var order: Int { (rawValue + 6) % 7 }

  /// "Sun", "Mon", …
  public var shortName: String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue] }

  /// The day of `wall`'s date.
  public init(of wall: CivilTime) {
    let days = Int((Double(wall.secondsAsIfUTC) / 86_400).rounded(.down))
    self = Weekday.allCases[((days + 4) % 7 + 7) % 7]  // 1970-01-01 was a Thursday
  }

  /// "mon-fri", "sat,sun", "mon-wed,fri", "weekdays", "weekends", "daily" (any case).
  public static func parseDays(_ text: String) throws(AlarmScheduleError) -> Set<Weekday> {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    func day(_ word: Substring) throws(AlarmScheduleError) -> Weekday {
      guard word.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(word) }) else {
        throw AlarmScheduleError(
          "'\(word)' is not a day; use mon, tue, wed, thu, fri, sat, sun, ranges (mon-fri), weekdays, weekends or daily"
        )
      }
      return Weekday.allCases[index]
    }
    var days = Set<Weekday>()
    for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
      let part = String(part.filter { !$0.isWhitespace })
      switch part {
      case "daily", "everyday": days.formUnion(Weekday.allCases)
      case "weekdays": days.formUnion([.monday, .tuesday, .wednesday, .thursday, .friday])
      case "weekends": days.formUnion([.saturday, .sunday])
      default:
        let ends = part.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(ends.count), !part.isEmpty else {
          throw AlarmScheduleError(
            "'\(part)' is not a day or a range of days; use e.g. mon-fri, sat,sun, weekdays, weekends or daily"
          )
        }
        let first = try day(ends[0])
        let last = try day(ends[ends.count - 1])
        var current = first
        while true {  // a range wraps around the week: fri-mon is Fri, Sat, Sun, Mon
          days.insert(current)
          if current == last { break }
          current = Weekday.allCases[(current.rawValue + 1) % 7]
        }
      }
    }
    return days
  }

  /// "Mon–Fri", "Sat, Sun", "every day", in the reader's language (``LocalDates/weekday(_:)``).
  public static func describe(_ days: Set<Weekday>) -> String {
    if days.count == 7 { return tr("every day") }
    if days == [.monday, .tuesday, .wednesday, .thursday, .friday] {
      return "\(LocalDates.weekday(.monday))–\(LocalDates.weekday(.friday))"
    }
    return days.sorted().map(LocalDates.weekday).joined(separator: ", ")
  }
}

/// An alarm's time or days that cannot be read.
public struct AlarmScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in words.
  public var description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// When an alarm rings: a wall-clock time on some days of the week, in a zone. 7:00 stays 7:00
/// across DST changes; a time a change skips rings at the change (the first valid time after
/// it); a time clocks show twice rings once, the first time.
///
/// ```swift
/// let standup = AlarmSchedule(hour: 7, minute: 0, days: [.monday, .friday])
/// standup.nextRing(after: Date(), in: .local)
/// ```
public struct AlarmSchedule: Hashable, Sendable {
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int
  /// Empty: every day.
  public var days: Set<Weekday>

  /// An alarm at `hour`:`minute` on `days` (none: every day).
  public init(hour: Int, minute: Int, days: Set<Weekday> = []) {
    self.hour = hour
    self.minute = minute
    self.days = days
  }

  /// The days after `start`, up to `horizon` days on, whose time a DST change skips in `zone`
  /// (02:30 on the night the clocks go from 02:00 to 03:00), each with when it rings instead:
  /// the change itself, the first valid time after it.
  public func skippedDays(in zone: Zone, from start: Date, horizon: Int = 400) -> [(
    day: CivilTime, ringsAt: Date
  )] {
    var wanted = zone.civilTime(at: start)
    (wanted.hour, wanted.minute, wanted.second) = (hour, minute, 0)
    return (0...horizon).compactMap { offset in
      let day = wanted.addingDays(offset)
      guard days.isEmpty || days.contains(Weekday(of: day)),
        case .skipped(let change) = zone.instant(of: day), change > start
      else { return nil }
      return (day, change)
    }
  }

  /// The first ring strictly after `instant`.
  public func nextRing(after instant: Date, in zone: Zone) -> Date {
    var wanted = zone.civilTime(at: instant)
    (wanted.hour, wanted.minute, wanted.second) = (hour, minute, 0)
    for offset in 0...8 {
      let day = wanted.addingDays(offset)
      guard days.isEmpty || days.contains(Weekday(of: day)) else { continue }
      let ring =
        switch zone.instant(of: day) {
        case .at(let date): date
        case .skipped(let change): change
        }
      if ring > instant { return ring }
    }
    preconditionFailure("a day of the week recurs within 8 days")
  }
}
