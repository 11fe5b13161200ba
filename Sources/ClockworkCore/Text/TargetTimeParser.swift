import Foundation

/// Parses a time of day or an instant: `17:30`, `17:30:15`, `5pm`, `5:30 pm`, or ISO 8601
/// (`2026-11-22T17:30:00Z`, `2026-11-22T17:30:00+01:00`, `2026-11-22T17:30` in the given zone).
///
/// ```swift
/// let end = try TargetTimeParser.nextOccurrence(of: "5:30 pm", after: .now, in: .current)
/// ```
public enum TargetTimeParser {
  public static let acceptedForms =
    "accepted forms: 17:30, 17:30:15, 5pm, 5:30 pm, 2026-11-22T17:30:00Z, 2026-11-22T17:30"

  /// A local time of day.
  public struct TimeOfDay: Hashable, Sendable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int) {
      self.hour = hour
      self.minute = minute
      self.second = second
    }
  }

  /// What the text names: a time of day (next occurrence) or an absolute instant.
  public enum Target: Hashable, Sendable {
    case timeOfDay(TimeOfDay)
    case instant(Date)
  }

  /// The instant `text` names: a time of day resolves to its next occurrence strictly after `now`
  /// in `timeZone` (tomorrow if today's has passed; a time skipped by DST moves to the next
  /// valid time).
  /// - Throws: ``TargetTimeParseError`` naming the problem.
  public static func nextOccurrence(
    of text: String, after now: Date, in timeZone: TimeZone,
    calendar: Calendar = Calendar(identifier: .gregorian)
  ) throws(TargetTimeParseError) -> Date {
    var calendar = calendar
    calendar.timeZone = timeZone
    switch try parse(text, timeZone: timeZone) {
    case .instant(let date):
      return date
    case .timeOfDay(let t):
      let wanted = DateComponents(hour: t.hour, minute: t.minute, second: t.second)
      guard
        let date = calendar.nextDate(
          after: now, matching: wanted, matchingPolicy: .nextTime, repeatedTimePolicy: .first,
          direction: .forward)
      else { throw TargetTimeParseError(input: text, problem: "no such time follows now") }
      return date
    }
  }

  /// The instant a stamp shows: `time` (a time of day or an ISO 8601 instant) on `day`
  /// (`YYYY-MM-DD`, default: `now`'s date in `timeZone`).
  ///
  /// ```swift
  /// try TargetTimeParser.instant(at: "10:08:42", on: "2026-11-22", in: zone, now: .now)
  /// ```
  /// - Throws: ``TargetTimeParseError`` for malformed input, a date that does not exist, a time
  ///   that a DST change skips on that day, or a date given with an ISO 8601 instant.
  public static func instant(
    at time: String, on day: String?, in timeZone: TimeZone, now: Date,
    calendar: Calendar = Calendar(identifier: .gregorian)
  ) throws(TargetTimeParseError) -> Date {
    var calendar = calendar
    calendar.timeZone = timeZone
    let t: TimeOfDay
    switch try parse(time, timeZone: timeZone) {
    case .instant(let date):
      guard day == nil else {
        throw TargetTimeParseError(input: time, problem: "already names a date; leave out the separate date")
      }
      return date
    case .timeOfDay(let timeOfDay):
      t = timeOfDay
    }
    var wanted = calendar.dateComponents([.year, .month, .day], from: now)
    if let day {
      guard let match = day.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/) else {
        throw TargetTimeParseError(input: day, problem: "a date must look like 2026-11-22 (YYYY-MM-DD)")
      }
      (wanted.year, wanted.month, wanted.day) = (Int(match.1), Int(match.2), Int(match.3))
    }
    wanted.hour = t.hour
    wanted.minute = t.minute
    wanted.second = t.second
    guard let date = calendar.date(from: wanted) else {
      throw TargetTimeParseError(input: day ?? time, problem: "no such date")
    }
    let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    guard back.year == wanted.year, back.month == wanted.month, back.day == wanted.day else {
      throw TargetTimeParseError(input: day ?? time, problem: "no such date")
    }
    guard back.hour == wanted.hour, back.minute == wanted.minute, back.second == wanted.second else {
      throw TargetTimeParseError(
        input: time, problem: "this time does not exist on that day in \(timeZone.identifier) (a DST change skips it)")
    }
    return date
  }

  /// Reads `text` without resolving it against a date.
  public static func parse(_ text: String, timeZone: TimeZone) throws(TargetTimeParseError) -> Target {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      throw TargetTimeParseError(input: text, problem: "a time is required")
    }
    if trimmed.count >= 10, trimmed.dropFirst(4).first == "-" {
      return .instant(try iso8601(trimmed, original: text, timeZone: timeZone))
    }
    return .timeOfDay(try timeOfDay(trimmed, original: text))
  }

  static func timeOfDay(_ text: String, original: String) throws(TargetTimeParseError) -> TimeOfDay {
    var body = text.lowercased()
    var meridiem: String?
    for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
      meridiem = String(suffix.prefix(1))
      body = String(body.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
      break
    }
    let fields = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count), meridiem != nil || fields.count >= 2 else {
      throw TargetTimeParseError(input: original, problem: "not a time of day")
    }
    var numbers: [Int] = []
    for (index, field) in fields.enumerated() {
      guard !field.isEmpty, field.count <= 2, field.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int(field)
      else { throw TargetTimeParseError(input: original, problem: "'\(field)' is not a number") }
      if index > 0, field.count != 2 {
        throw TargetTimeParseError(input: original, problem: "minutes and seconds take two digits")
      }
      numbers.append(value)
    }
    var hour = numbers[0]
    let minute = numbers.count > 1 ? numbers[1] : 0
    let second = numbers.count > 2 ? numbers[2] : 0
    if let meridiem {
      guard (1...12).contains(hour) else {
        throw TargetTimeParseError(input: original, problem: "hour \(hour) does not exist on a 12-hour clock")
      }
      hour = hour % 12 + (meridiem == "p" ? 12 : 0)
    }
    guard (0...23).contains(hour) else {
      throw TargetTimeParseError(input: original, problem: "hour \(hour) is out of range 0–23")
    }
    guard (0...59).contains(minute), (0...59).contains(second) else {
      throw TargetTimeParseError(input: original, problem: "minutes and seconds run from 00 to 59")
    }
    return TimeOfDay(hour: hour, minute: minute, second: second)
  }

  /// `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`, `±HH:MM` or nothing (then local to `timeZone`).
  /// Impossible dates (February 30th) are rejected, not rolled over.
  static func iso8601(_ text: String, original: String, timeZone: TimeZone) throws(TargetTimeParseError) -> Date {
    let pattern = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?$/
    guard let match = text.wholeMatch(of: pattern) else {
      throw TargetTimeParseError(input: original, problem: "not a valid ISO 8601 date and time")
    }
    var zone = timeZone
    if let offset = match.8, offset.lowercased() != "z" {
      let digits = offset.dropFirst().filter(\.isNumber)
      let hours = Int(digits.prefix(2)) ?? 0
      let minutes = Int(digits.suffix(2)) ?? 0
      let seconds = (hours * 3600 + minutes * 60) * (offset.first == "-" ? -1 : 1)
      guard hours <= 18, minutes < 60, let fixed = TimeZone(secondsFromGMT: seconds) else {
        throw TargetTimeParseError(input: original, problem: "offset \(offset) is out of range")
      }
      zone = fixed
    } else if match.8 != nil {
      zone = TimeZone(identifier: "UTC") ?? timeZone
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let wanted = DateComponents(
      year: Int(match.1), month: Int(match.2), day: Int(match.3), hour: Int(match.4),
      minute: Int(match.5), second: match.6.flatMap { Int($0) } ?? 0)
    guard let date = calendar.date(from: wanted) else {
      throw TargetTimeParseError(input: original, problem: "no such date")
    }
    let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    guard back.year == wanted.year, back.month == wanted.month, back.day == wanted.day else {
      throw TargetTimeParseError(input: original, problem: "no such date")
    }
    guard back.hour == wanted.hour, back.minute == wanted.minute, back.second == wanted.second else {
      throw TargetTimeParseError(input: original, problem: "no such time (skipped by a clock change?)")
    }
    let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
    return date.addingTimeInterval(fraction)
  }
}

/// Why a target time could not be read.
public struct TargetTimeParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public var input: String
  public var problem: String

  public var description: String {
    "cannot read time '\(input)': \(problem) (\(TargetTimeParser.acceptedForms))"
  }
}
