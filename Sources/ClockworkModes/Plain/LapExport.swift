import ClockworkCore
import FoundationEssentials

/// Laps written to a CSV or JSON file, atomically (a temporary file, then a rename): one
/// stopwatch's on quitting, or every past session's with `--history`.
public enum LapExport {
  /// Why laps could not be exported.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the file's path.
    public var description: String
  }

  /// The file's format, from its name's extension.
  public enum Format: Sendable {
    case csv, json

    /// The format that `path`'s extension names: `.csv` or `.json`.
    public init(path: String) throws(Failure) {
      switch URL(fileURLWithPath: path).pathExtension.lowercased() {
      case "csv": self = .csv
      case "json": self = .json
      default: throw Failure(description: "--export needs a .csv or .json file name, got '\(path)'")
      }
    }
  }

  /// `12.345`: seconds to the millisecond.
  static func seconds(_ d: Duration) -> String {
    let milliseconds = Int64((d / .milliseconds(1)).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  static let csvLapHeader = "lap,split_seconds,total_seconds,split,total,mark"

  static func csvRows(_ laps: [Lap]) -> [String] {
    let marks = LapTable.marks(for: laps)
    return laps.map {
      "\($0.number),\(seconds($0.split)),\(seconds($0.total)),\(StopwatchFormat.string($0.split)),\(StopwatchFormat.string($0.total)),\(marks[$0.number] ?? "")"
    }
  }

  /// A JSON array of the laps, an object a line; `indent` is that of the line it ends.
  static func jsonLaps(_ laps: [Lap], indent: String) -> String {
    let marks = LapTable.marks(for: laps)
    return jsonArray(
      laps.map {
        "{\"lap\": \($0.number), \"split_seconds\": \(seconds($0.split)), \"total_seconds\": \(seconds($0.total)), \"mark\": \(jsonString(marks[$0.number]))}"
      }, indent: indent)
  }

  static func jsonArray(_ elements: [String], indent: String) -> String {
    guard !elements.isEmpty else { return "[]" }
    return "[\n" + elements.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent
      + "]"
  }

  static func jsonString(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }

  static func contents(_ laps: [Lap], total: Duration, format: Format) -> String {
    switch format {
    case .csv:
      return ([csvLapHeader] + csvRows(laps)).joined(separator: "\n") + "\n"
    case .json:
      return
        "{\n  \"total_seconds\": \(seconds(total)),\n  \"laps\": \(jsonLaps(laps, indent: "  "))\n}\n"
    }
  }

  /// Every session: in CSV a row a lap, led by the session's number and start and end times
  /// (a session without laps has no rows); in JSON an object a session, with its total.
  static func contents(_ sessions: [StopwatchHistory.Session], zone: Zone, format: Format) -> String
  {
    func time(_ date: Date?) -> String? { date.map { ClockText.iso8601($0, in: zone) } }
    switch format {
    case .csv:
      let rows = sessions.flatMap { session in
        csvRows(session.laps).map {
          "\(session.number),\(time(session.started) ?? ""),\(time(session.ended) ?? ""),\($0)"
        }
      }
      return (["session,started,ended," + csvLapHeader] + rows).joined(separator: "\n") + "\n"
    case .json:
      let objects = sessions.map { session in
        "{\"session\": \(session.number), \"started\": \(jsonString(time(session.started))), \"ended\": \(jsonString(time(session.ended))), "
          + "\"total_seconds\": \(seconds(session.total)), \"laps\": \(jsonLaps(session.laps, indent: "    "))}"
      }
      return "{\n  \"sessions\": \(jsonArray(objects, indent: "  "))\n}\n"
    }
  }

  /// Writes `laps` and the `total` to `path` in the format its extension names.
  public static func write(_ laps: [Lap], total: Duration, to path: String) throws(Failure) {
    try write(contents(laps, total: total, format: try Format(path: path)), to: path)
  }

  /// Writes past `sessions`, with their times in `zone`, to `path` in the format its extension
  /// names.
  public static func write(_ sessions: [StopwatchHistory.Session], zone: Zone, to path: String)
    throws(Failure)
  {
    try write(contents(sessions, zone: zone, format: try Format(path: path)), to: path)
  }

  /// Writes `text` to `path` atomically; a failure says what (`what`: "laps") and why.
  static func write(_ text: String, to path: String, what: String = "laps") throws(Failure) {
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
      throw Failure(description: "cannot write \(what) to \(path): \(error.reason)")
    }
  }
}
