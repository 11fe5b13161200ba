import FoundationEssentials

/// Parses a time of day or an instant: `17:30`, `17:30:15`, `5pm`, `5:30 pm`, or ISO 8601
/// (`2026-11-22T17:30:00Z`, `2026-11-22T17:30:00+01:00`, `2026-11-22T17:30` in the given zone,
/// `2026-11-22` for the start of that day there).
///
/// ```swift
/// let end = try TargetTimeParser.nextOccurrence(of: "5:30 pm", after: .now, in: .local)
/// ```
public enum TargetTimeParser {
  /// The forms a time may take, for messages.
  public static let acceptedForms =
    "accepted forms: 17:30, 17:30:15, 5pm, 5:30 pm, 2026-11-22T17:30:00Z, 2026-11-22T17:30, 2026-11-22 (its midnight)"

  /// A local time of day.
  public struct TimeOfDay: Hashable, Sendable {
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int

    /// A time of day as given.
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
  /// in `zone` (tomorrow if today's has passed; a time skipped by DST moves to the next
  /// valid time; a time shown twice when clocks go back is the first).
  /// - Throws: ``TargetTimeParseError`` naming the problem.
  public static func nextOccurrence(of text: String, after now: Date, in zone: Zone)
    throws(TargetTimeParseError) -> Date
  {
    switch try parse(text, zone: zone) {
    case .instant(let date):
      return date
    case .timeOfDay(let t):
      var wanted = zone.civilTime(at: now)
      (wanted.hour, wanted.minute, wanted.second) = (t.hour, t.minute, t.second)
      for day in 0...2 {
        let date =
          switch zone.instant(of: wanted.addingDays(day)) {
          case .at(let date): date
          case .skipped(let change): change
          }
        if date > now { return date }
      }
      throw TargetTimeParseError(input: text, problem: "no such time follows now")
    }
  }

  /// The instant a stamp shows: `time` (a time of day or an ISO 8601 instant) on `day`
  /// (`YYYY-MM-DD`, default: `now`'s date in `timeZone`).
  ///
  /// ```swift
  /// let stamp = try TargetTimeParser.instant(at: "10:08:42", on: "2026-11-22", in: .local, now: .now)
  /// ```
  /// - Throws: ``TargetTimeParseError`` for malformed input, a date that does not exist, a time
  ///   that a DST change skips on that day, or a date given with an ISO 8601 instant.
  public static func instant(
    at time: String, on day: String?, in zone: Zone, now: Date
  ) throws(TargetTimeParseError) -> Date {
    let t: TimeOfDay
    switch try parse(time, zone: zone) {
    case .instant(let date):
      guard day == nil else {
        throw TargetTimeParseError(
          input: time, problem: "already names a date; leave out the separate date")
      }
      return date
    case .timeOfDay(let timeOfDay):
      t = timeOfDay
    }
    var wanted = zone.civilTime(at: now)
    if let day {
      guard let match = day.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/), let year = Int(match.1),
        let month = Int(match.2), let dayOfMonth = Int(match.3)
      else {
        throw TargetTimeParseError(
          input: day, problem: "a date must look like 2026-11-22 (YYYY-MM-DD)")
      }
      (wanted.year, wanted.month, wanted.day) = (year, month, dayOfMonth)
    }
    (wanted.hour, wanted.minute, wanted.second) = (t.hour, t.minute, t.second)
    guard wanted.isValidDate else {
      throw TargetTimeParseError(input: day ?? time, problem: "no such date")
    }
    guard case .at(let date) = zone.instant(of: wanted) else {
      throw TargetTimeParseError(
        input: time,
        problem: "this time does not exist on that day in \(zone) (a DST change skips it)")
    }
    return date
  }

  /// Reads `text` without resolving it against a date.
  public static func parse(_ text: String, zone: Zone) throws(TargetTimeParseError) -> Target {
    let trimmed = text.trimmedOfWhitespace
    guard !trimmed.isEmpty else {
      throw TargetTimeParseError(input: text, problem: "a time is required")
    }
    if text.contains(where: \.isNewline) {
      throw TargetTimeParseError(input: text, problem: "it holds a line break")
    }
    if trimmed.count >= 10, trimmed.dropFirst(4).first == "-" {
      return .instant(try iso8601(trimmed, original: text, zone: zone))
    }
    return .timeOfDay(try timeOfDay(trimmed, original: text))
  }

  static func timeOfDay(_ text: String, original: String) throws(TargetTimeParseError) -> TimeOfDay
  {
    var body = text.lowercased()
    var meridiem: String?
    for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
      meridiem = String(suffix.prefix(1))
      body = body.dropLast(suffix.count).trimmedOfWhitespace
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
        throw TargetTimeParseError(
          input: original, problem: "hour \(hour) does not exist on a 12-hour clock")
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

  /// `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`, `±HH:MM` or nothing (then local to `zone`), or
  /// `YYYY-MM-DD` alone: the day's first moment in `zone` (midnight, or when a clock change that
  /// skips midnight ends). Impossible dates (February 30th) are rejected, not rolled over.
  static func iso8601(_ text: String, original: String, zone: Zone) throws(TargetTimeParseError)
    -> Date
  {
    let pattern =
      /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/
    guard let match = text.wholeMatch(of: pattern) else {
      throw TargetTimeParseError(input: original, problem: "not a valid ISO 8601 date and time")
    }
    var zone = zone
    if let offset = match.8, offset.lowercased() != "z" {
      let digits = offset.dropFirst().filter(\.isNumber)
      let hours = Int(digits.prefix(2)) ?? 0
      let minutes = Int(digits.suffix(2)) ?? 0
      let seconds = (hours * 3600 + minutes * 60) * (offset.first == "-" ? -1 : 1)
      guard hours <= 18, minutes < 60 else {
        throw TargetTimeParseError(input: original, problem: "offset \(offset) is out of range")
      }
      zone = Zone(secondsFromGMT: seconds)
    } else if match.8 != nil {
      zone = .utc
    }
    let wanted = CivilTime(
      year: Int(match.1) ?? 0, month: Int(match.2) ?? 0, day: Int(match.3) ?? 0,
      hour: Int(match.4 ?? "0") ?? 0,
      minute: Int(match.5 ?? "0") ?? 0, second: match.6.flatMap { Int($0) } ?? 0, utcOffset: 0)
    guard wanted.isValidDate, wanted.hour < 24, wanted.minute < 60, wanted.second < 60 else {
      throw TargetTimeParseError(input: original, problem: "no such date")
    }
    if match.4 == nil, case .skipped(let change) = zone.instant(of: wanted) { return change }
    switch zone.instant(of: wanted) {
    case .at(let date):
      return date.addingTimeInterval(match.7.flatMap { Double("0" + $0) } ?? 0)
    case .skipped(let change):
      // The form was right: say what the day's clocks do instead of listing the forms.
      let after = ClockText.time(zone.civilTime(at: change))
      let place = zone.identifier.map { " in \($0)" } ?? ""
      throw TargetTimeParseError(
        input: original,
        problem:
          "\(ClockText.time(wanted)) does not exist on \(ClockText.day(wanted))\(place): the clocks go forward then, "
          + "to \(after); give a time before the change or from \(after) on", listsForms: false)
    }
  }
}

/// Why a target time could not be read.
public struct TargetTimeParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was typed.
  public var input: String
  /// What is wrong with it.
  public var problem: String
  /// Whether the forms are worth listing (not when the form was right and the time was not).
  public var listsForms = true

  /// An error about `input`; `listsForms` adds the accepted forms to the message.
  public init(input: String, problem: String, listsForms: Bool = true) {
    self.input = input
    self.problem = problem
    self.listsForms = listsForms
  }

  /// The message: what was typed, what is wrong, and the forms accepted.
  public var description: String {
    "cannot read time '\(input)': \(problem)"
      + (listsForms ? " (\(TargetTimeParser.acceptedForms))" : "")
  }
}
