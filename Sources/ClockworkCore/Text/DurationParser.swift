import FoundationEssentials

/// Parses the durations people type: `90`, `90s`, `1m30s`, `1h 30m`, `1:30`, `01:30:00`, `1.5h`,
/// `25m`, `2d`.
///
/// ```swift
/// let d = try DurationParser.parse("1h 30m")   // .seconds(5400)
/// ```
///
/// A bare number is seconds; `M:SS` and `H:MM:SS` are clock forms; units are `d`, `h`, `m`, `s`
/// and `ms` (also `hr`, `min`, `sec` and plurals), each at most once, largest first.
public enum DurationParser {
  /// The forms a duration may take, for messages.
  public static let acceptedForms =
    "accepted forms: 90, 90s, 1m30s, 1h 30m, 1.5h, 25m, 2d, 1:30 (M:SS), 01:30:00 (H:MM:SS), 2d 01:30:00"

  /// The longest duration accepted, 100 days.
  public static let maximum: Duration = .seconds(100 * 86_400)

  /// `duration` as a person would type it, and as ``parse(_:)`` reads it back: `25m`, `1h30m`,
  /// `1m30s`, `1s500ms`.
  public static func text(_ duration: Duration) -> String {
    var milliseconds = max(
      0,
      duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    guard milliseconds > 0 else { return "0s" }
    var text = ""
    for (unit, size) in [
      ("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
    ] where milliseconds >= size {
      text += "\(milliseconds / size)\(unit)"
      milliseconds %= size
    }
    return text
  }

  /// - Throws: ``DurationParseError`` naming the problem.
  public static func parse(_ text: String) throws(DurationParseError) -> Duration {
    let trimmed = text.trimmedOfWhitespace
    guard !trimmed.isEmpty else { throw DurationParseError(input: text, problem: .empty) }
    // A line break is not a space: `5m` and a newline pasted into a script is a mistake to say.
    if text.contains(where: \.isNewline) {
      throw DurationParseError(input: text, problem: .malformed("it holds a line break"))
    }
    if trimmed.hasPrefix("-") { throw DurationParseError(input: text, problem: .negative) }
    let seconds: Double
    if trimmed.contains(":") {
      seconds = try clockForm(trimmed, original: text)
    } else {
      seconds = try unitForm(trimmed, original: text)
    }
    guard seconds.isFinite, seconds <= maximum / .seconds(1) else {
      throw DurationParseError(input: text, problem: .tooLong)
    }
    // Work in whole milliseconds: nobody types finer, and it keeps round-trips exact.
    let milliseconds = (seconds * 1000).rounded()
    guard milliseconds > 0 else { throw DurationParseError(input: text, problem: .zero) }
    return .milliseconds(Int64(milliseconds))
  }

  /// `M:SS`, `H:MM:SS`, optionally with a fraction on the seconds; `Nd HH:MM:SS` as a countdown
  /// past a day reads.
  static func clockForm(_ text: String, original: String) throws(DurationParseError) -> Double {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    if words.count == 2, words[0].hasSuffix("d"), let days = Int(words[0].dropLast()), days >= 0,
      words[1].split(separator: ":").count == 3
    {
      return Double(days) * 86_400 + (try clockForm(String(words[1]), original: original))
    }
    let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 2 || fields.count == 3 else {
      throw DurationParseError(input: original, problem: .malformed("use M:SS or H:MM:SS"))
    }
    var total = 0.0
    for (index, field) in fields.enumerated() {
      let isLast = index == fields.count - 1
      let isFirst = index == 0
      guard !field.isEmpty,
        field.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
        let value = Double(field)
      else {
        throw DurationParseError(input: original, problem: .malformed("'\(field)' is not a number"))
      }
      if !isFirst && (value >= 60 || field.split(separator: ".").first?.count != 2) {
        throw DurationParseError(
          input: original, problem: .malformed("'\(field)' must be two digits from 00 to 59"))
      }
      total = total * 60 + value
    }
    return total
  }

  static let units: [(names: [String], seconds: Double)] = [
    (["d", "day", "days"], 86_400),
    (["h", "hr", "hrs", "hour", "hours"], 3600),
    (["m", "min", "mins", "minute", "minutes"], 60),
    (["s", "sec", "secs", "second", "seconds"], 1),
    (["ms", "msec", "millisecond", "milliseconds"], 0.001),
  ]

  /// `90`, `1h 30m`, `1.5h`, `1m30s`.
  static func unitForm(_ text: String, original: String) throws(DurationParseError) -> Double {
    let scalars = Array(text.lowercased())
    var index = 0
    var total = 0.0
    var lastUnitRank = -1
    var sawNumber = false
    while index < scalars.count {
      while index < scalars.count, scalars[index] == " " { index += 1 }
      guard index < scalars.count else { break }
      let numberStart = index
      while index < scalars.count, scalars[index].isASCII,
        scalars[index].isNumber || scalars[index] == "."
      {
        index += 1
      }
      let numberText = String(scalars[numberStart..<index])
      guard !numberText.isEmpty, let value = Double(numberText) else {
        let rest = String(scalars[numberStart...])
        throw DurationParseError(
          input: original, problem: .malformed("expected a number at '\(rest)'"))
      }
      while index < scalars.count, scalars[index] == " " { index += 1 }
      let unitStart = index
      while index < scalars.count, scalars[index].isLetter { index += 1 }
      let unitText = String(scalars[unitStart..<index])
      sawNumber = true
      if unitText.isEmpty {
        // A bare number is seconds, and only alone.
        guard lastUnitRank == -1, index == scalars.count else {
          throw DurationParseError(
            input: original, problem: .malformed("'\(numberText)' needs a unit (d, h, m, s)"))
        }
        total += value
        lastUnitRank = units.count
        continue
      }
      guard let rank = units.firstIndex(where: { $0.names.contains(unitText) }) else {
        throw DurationParseError(input: original, problem: .malformed("unknown unit '\(unitText)'"))
      }
      guard rank > lastUnitRank else {
        throw DurationParseError(
          input: original, problem: .malformed("units must go from largest to smallest, once each"))
      }
      lastUnitRank = rank
      total += value * units[rank].seconds
    }
    guard sawNumber else { throw DurationParseError(input: original, problem: .empty) }
    return total
  }
}

/// Why a duration could not be read.
public struct DurationParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with a duration.
  public enum Problem: Hashable, Sendable {
    case empty, zero, negative, tooLong
    case malformed(String)
  }

  /// What was typed.
  public var input: String
  /// What is wrong with it.
  public var problem: Problem

  /// An error about `input`.
  public init(input: String, problem: Problem) {
    self.input = input
    self.problem = problem
  }

  /// The message: what was typed and what is wrong.
  public var description: String {
    let what: String
    switch problem {
    case .empty: what = "a duration is required"
    case .zero: what = "duration '\(input)' is zero; it must be longer than zero"
    case .negative: what = "duration '\(input)' is negative; it must be longer than zero"
    case .tooLong: what = "duration '\(input)' is longer than the maximum of 100 days"
    case .malformed(let why): what = "cannot read duration '\(input)': \(why)"
    }
    return "\(what) (\(DurationParser.acceptedForms))"
  }
}
