import Clocks
import Foundation
import Synchronization

/// A wall clock that follows a `TestClock`, and can be stepped as NTP would step it.
///
/// ```swift
/// let clock = TestClock()
/// let wall = TestWallClock(start: Date(timeIntervalSince1970: 1_700_000_000.25), following: clock)
/// await clock.advance(by: .milliseconds(750))
/// wall.now()   // 1_700_000_001.0
/// wall.step(by: .seconds(-0.4))   // the wall clock jumps back; the test clock does not
/// ```
public final class TestWallClock: Sendable {
  private let start: Date
  private let clock: TestClock<Duration>
  private let origin: TestClock<Duration>.Instant
  private let stepped = Mutex<Duration>(.zero)

  /// A wall clock that reads `start` at `clock`'s present and moves as `clock` does.
  public init(start: Date, following clock: TestClock<Duration>) {
    self.start = start
    self.clock = clock
    self.origin = clock.now
  }

  /// The wall time: start + time advanced on the test clock + any steps.
  public func now() -> Date {
    let offset = origin.duration(to: clock.now) + stepped.withLock { $0 }
    return start.addingTimeInterval(offset / .seconds(1))
  }

  /// Steps the wall clock without moving the test clock.
  public func step(by delta: Duration) {
    stepped.withLock { $0 += delta }
  }
}
