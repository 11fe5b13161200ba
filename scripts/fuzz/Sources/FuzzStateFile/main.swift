import ClockworkAlerts
import ClockworkState
import Foundation

/// State files (a stopwatch's, a timer's): any bytes give a checked value or a reason, never a
/// crash; a value that is accepted can be used, saved and read back as the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let wall = Date(timeIntervalSince1970: 1_800_000_000)
  let now = ContinuousClock.now
  if case .success(let watch) = StateFile<StoredStopwatch>.decode(bytes) {
    _ = watch.elapsed(atWall: wall)
    _ = watch.restored(at: now, wallNow: wall)
    _ = watch.ending(atWall: wall)
    roundTrip(watch)
  }
  if case .success(let timer) = StateFile<StoredTimer>.decode(bytes) {
    _ = timer.remaining(atWall: wall)
    _ = try? timer.restored(at: now, wallNow: wall)
    _ = timer.finishedDescription(wallNow: wall, zone: .utc)
    roundTrip(timer)
  }
  return 0
}

/// What is saved of an accepted value reads back as an accepted value.
func roundTrip<Value: StoredState>(_ value: Value) {
  guard let body = try? JSONEncoder().encode(value), let text = String(data: body, encoding: .utf8) else {
    preconditionFailure("an accepted \(Value.self) cannot be encoded")
  }
  let file = Data("{\"version\":1,\"value\":\(text)}".utf8)
  guard case .success = StateFile<Value>.decode(file) else {
    preconditionFailure("an accepted \(Value.self) does not read back: \(text)")
  }
}
