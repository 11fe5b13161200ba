import ClockworkAlerts
import ClockworkCore
import FoundationEssentials

/// `clockwork timer --history`: what was timed, a row an end, then a day's total of each
/// sequence's phases (a pomodoro's work); and the same as CSV or JSON (`--export`).
public enum TimerHistoryTable {
  /// The rows, oldest first, their times in `zone`, then the daily totals.
  public static func render(_ records: [TimerHistory.Record], zone: Zone) -> String {
    guard !records.isEmpty else {
      return
        "nothing to list: a timer or phase is listed once it finishes, is cancelled or is skipped"
    }
    let nameWidth = max(5, records.map { label($0).count }.max() ?? 5)
    let header =
      "started".padded(to: 19) + "  " + "ended".padded(to: 8) + "  " + "timer".padded(to: nameWidth)
      + "  " + "planned".padded(to: 8) + "  " + "counted".padded(to: 8) + "  how"
    let rows = records.map { record in
      let started = record.started.map {
        let t = zone.civilTime(at: date($0))
        return "\(ClockText.day(t)) \(ClockText.time(t))"
      }
      return (started ?? "?").padded(to: 19) + "  "
        + ClockText.time(date(record.ended), in: zone).padded(to: 8) + "  "
        + label(record).padded(to: nameWidth) + "  " + span(record.planned).padded(to: 8) + "  "
        + span(record.actual).padded(to: 8) + "  " + record.outcome.rawValue
    }
    let totals = dailyTotals(records, zone: zone).map { total in
      "\(total.day)  \(total.name): "
        + total.phases.map { "\($0.phase) \($0.count) (\(span($0.seconds)))" }.joined(
          separator: ", ")
    }
    return ([header] + rows + (totals.isEmpty ? [] : ["", "finished phases a day:"] + totals))
      .joined(separator: "\n")
  }

  /// A day's finished phases of one sequence (a pomodoro's work and breaks), by phase name.
  public struct DailyTotal: Hashable, Sendable {
    /// The day, `2026-11-27`, in the zone asked.
    public var day: String
    /// The timer's name.
    public var name: String
    /// Each phase's total, in first-seen order.
    public var phases: [PhaseTotal]
  }

  /// How many of one phase finished, and the seconds they counted.
  public struct PhaseTotal: Hashable, Sendable {
    /// The phase's name ("work").
    public var phase: String
    /// How many finished.
    public var count: Int
    /// The seconds they counted.
    public var seconds: Double
  }

  /// The finished phases of sequences, a total a day and timer, by the day each ended in `zone`.
  public static func dailyTotals(_ records: [TimerHistory.Record], zone: Zone) -> [DailyTotal] {
    var totals: [DailyTotal] = []
    for record in records where record.outcome == .finished {
      guard let phase = record.phaseName else { continue }
      let day = ClockText.day(zone.civilTime(at: date(record.ended)))
      var index = totals.firstIndex { $0.day == day && $0.name == record.name }
      if index == nil {
        totals.append(DailyTotal(day: day, name: record.name, phases: []))
        index = totals.count - 1
      }
      guard let index else { continue }
      if let at = totals[index].phases.firstIndex(where: { $0.phase == phase }) {
        totals[index].phases[at].count += 1
        totals[index].phases[at].seconds += record.actual
      } else {
        totals[index].phases.append(PhaseTotal(phase: phase, count: 1, seconds: record.actual))
      }
    }
    return totals
  }

  /// The records as CSV (a header, a row each) or JSON (an array of objects), times in ISO 8601
  /// in `zone`.
  public static func contents(
    _ records: [TimerHistory.Record], zone: Zone, format: LapExport.Format
  ) -> String {
    func time(_ seconds: Double?) -> String? {
      seconds.map { ClockText.iso8601(date($0), in: zone) }
    }
    switch format {
    case .csv:
      let rows = records.map { record in
        [
          csvField(record.name), csvField(record.phase ?? ""), time(record.started) ?? "",
          time(record.ended) ?? "", seconds(record.planned),
          seconds(record.actual), record.outcome.rawValue,
        ].joined(separator: ",")
      }
      return (["name,phase,started,ended,planned_seconds,actual_seconds,outcome"] + rows)
        .joined(separator: "\n") + "\n"
    case .json:
      let objects = records.map { record in
        "{\"name\": \(LapExport.jsonString(record.name)), \"phase\": \(LapExport.jsonString(record.phase)), "
          + "\"started\": \(LapExport.jsonString(time(record.started))), \"ended\": \(LapExport.jsonString(time(record.ended))), "
          + "\"planned_seconds\": \(seconds(record.planned)), \"actual_seconds\": \(seconds(record.actual)), "
          + "\"outcome\": \"\(record.outcome.rawValue)\"}"
      }
      return "{\n  \"timers\": \(LapExport.jsonArray(objects, indent: "  "))\n}\n"
    }
  }

  /// Writes the records to `path` in the format its extension names.
  public static func write(_ records: [TimerHistory.Record], zone: Zone, to path: String)
    throws(LapExport.Failure)
  {
    let text = contents(records, zone: zone, format: try LapExport.Format(path: path))
    try LapExport.write(text, to: path, what: "the history")
  }

  static func label(_ record: TimerHistory.Record) -> String {
    record.name + (record.phase.map { " \($0)" } ?? "")
  }

  /// `12.345`.
  static func seconds(_ value: Double) -> String {
    LapExport.seconds(.milliseconds(Int64((value * 1000).rounded())))
  }

  static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

  /// "5:00", "1:02:03".
  static func span(_ seconds: Double) -> String {
    CountdownFormat.string(.milliseconds(Int64((seconds * 1000).rounded())))
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break.
  static func csvField(_ text: String) -> String {
    text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
      ? "\""
        + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
        + "\"" : text
  }
}
