import ArgumentParser
import ClockworkCore
import FoundationEssentials

/// Laps written to a CSV or JSON file, atomically (a temporary file, then a rename).
enum LapExport {
  enum Format {
    case csv, json

    init(path: String) throws {
      switch URL(fileURLWithPath: path).pathExtension.lowercased() {
      case "csv": self = .csv
      case "json": self = .json
      default: throw ValidationError("--export needs a .csv or .json file name, got '\(path)'")
      }
    }
  }

  /// `12.345`: seconds to the millisecond.
  static func seconds(_ d: Duration) -> String {
    let milliseconds = Int64((d / .milliseconds(1)).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  static func contents(_ laps: [Lap], total: Duration, format: Format) -> String {
    let marks = LapTable.marks(for: laps)
    switch format {
    case .csv:
      let rows = laps.map { "\($0.number),\(seconds($0.split)),\(seconds($0.total)),\(StopwatchFormat.string($0.split)),\(StopwatchFormat.string($0.total)),\(marks[$0.number] ?? "")" }
      return (["lap,split_seconds,total_seconds,split,total,mark"] + rows).joined(separator: "\n") + "\n"
    case .json:
      let rows = laps.map {
        "    {\"lap\": \($0.number), \"split_seconds\": \(seconds($0.split)), \"total_seconds\": \(seconds($0.total)), \"mark\": \(marks[$0.number].map { "\"\($0)\"" } ?? "null")}"
      }
      return "{\n  \"total_seconds\": \(seconds(total)),\n  \"laps\": [\n" + rows.joined(separator: ",\n") + "\n  ]\n}\n"
    }
  }

  static func write(_ laps: [Lap], total: Duration, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let text = contents(laps, total: total, format: try Format(path: path))
    do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
      throw RuntimeFailure("cannot write laps to \(path): \(error.reason)")
    }
  }
}
