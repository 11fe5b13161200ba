import ClockworkCore
import Foundation

/// `clockwork clock --plain`: one line per second, written just after the wall-clock boundary.
struct PlainClock {
  var zones: [TimeZone]
  var count: Int?

  /// Runs until `count` lines or a signal; returns the exit status.
  func run() async -> Int32 {
    let events = EventSource(signals: [SIGINT, SIGTERM, SIGHUP])
    let ticks = events.tickWallSeconds()
    defer { ticks.cancel() }
    var printed = 0
    Output.line(line(for: Date()))
    printed += 1
    if let count, printed >= count { return 0 }
    for await event in events.stream {
      switch event {
      case .tick:
        Output.line(line(for: Date()))
        printed += 1
        if let count, printed >= count { return 0 }
      case .interrupt(let number):
        return 128 + number
      case .line, .endOfInput:
        continue
      }
    }
    return 0
  }

  func line(for date: Date) -> String {
    zones.map { ClockLine.string(date, in: $0) }.joined(separator: "  ")
  }
}

/// `2026-11-22 14:32:05 +05:30`: the local date and time in a zone, with its offset.
enum ClockLine {
  static func string(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    let f = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
    let offset = zone.secondsFromGMT(for: whole)
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return "\(f.year ?? 0)-\(pad(f.month))-\(pad(f.day)) \(pad(f.hour)):\(pad(f.minute)):\(pad(f.second)) "
      + "\(sign)\(pad(minutes / 60)):\(pad(minutes % 60))"
  }

  private static func pad(_ value: Int?) -> String {
    let v = value ?? 0
    return v < 10 ? "0\(v)" : "\(v)"
  }
}
