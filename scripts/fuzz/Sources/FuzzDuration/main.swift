import ClockworkCore
import Foundation

/// Durations, times of day and ISO 8601 instants: any bytes must give a value or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let duration = try? DurationParser.parse(text) {
    precondition(duration > .zero && duration <= DurationParser.maximum, "accepted \(duration) for \(text.debugDescription)")
    _ = CountdownFormat.string(duration, tenths: true)
    _ = StopwatchFormat.string(duration)
  }
  let utc = Zone.utc
  _ = try? TargetTimeParser.nextOccurrence(of: text, after: Date(timeIntervalSince1970: 1_800_000_000), in: utc)
  _ = try? TargetTimeParser.instant(at: text, on: nil, in: utc, now: Date(timeIntervalSince1970: 1_800_000_000))
  return 0
}
