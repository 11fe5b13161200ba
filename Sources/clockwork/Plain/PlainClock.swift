import ClockworkCore
import FoundationEssentials
import Glibc

/// `clockwork clock --plain`: one line per second, written just after the wall-clock boundary.
struct PlainClock {
  var zones: [Zone]
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
    zones.map { ClockText.line(date, in: $0) }.joined(separator: "  ")
  }
}
