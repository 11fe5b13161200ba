import FoundationEssentials

/// Runs work at deadlines on any `Clock`, sleeping until each one with zero tolerance.
///
/// ```swift
/// let ticker = Ticker(clock: ContinuousClock())
/// await ticker.run(next: { now in now.advanced(by: .seconds(1)) }) { now in
///   print("tick")
///   return true  // keep going
/// }
/// ```
///
/// The next deadline is asked for after each step, from the clock's reading at that moment, so
/// deadlines missed while the work ran are skipped rather than queued. Cancellation ends the run.
public struct Ticker<C: Clock>: Sendable where C.Duration == Duration {
  public let clock: C

  public init(clock: C) { self.clock = clock }

  /// Calls `body` at each deadline.
  /// - Parameters:
  ///   - next: the next deadline after `now`, or `nil` to stop. A deadline not after `now` runs
  ///     `body` at once.
  ///   - body: the work; it gets the clock's reading on waking and returns whether to go on.
  public func run(
    next: (C.Instant) -> C.Instant?, _ body: (C.Instant) async -> Bool
  ) async {
    while !Task.isCancelled, let deadline = next(clock.now) {
      do {
        try await clock.sleep(until: deadline, tolerance: .zero)
      } catch {
        return
      }
      guard await body(clock.now) else { return }
    }
  }

  /// Calls `body` just after each wall-clock second boundary, once per wall second.
  ///
  /// The wait is computed from `wallNow()` at every step, so a wall clock stepped by NTP
  /// realigns at the next step: after a step forward the sleep in progress ends late once; after
  /// a step back it ends early, and the second already shown is not shown again.
  /// - Parameters:
  ///   - wallNow: the wall clock; `Date.init` in the app, settable in tests.
  ///   - body: the work; it gets the wall time on waking and returns whether to go on.
  public func runWallSeconds(
    wallNow: () -> Date, _ body: (Date) async -> Bool
  ) async {
    var lastSecond = wallNow().timeIntervalSince1970.rounded(.down)
    await run(next: { now in
      now.advanced(by: WallSeconds.delayToNextSecond(after: wallNow()))
    }) { _ in
      let date = wallNow()
      let second = date.timeIntervalSince1970.rounded(.down)
      guard second > lastSecond else { return true }
      lastSecond = second
      return await body(date)
    }
  }
}

/// Arithmetic of deadlines on wall-clock and elapsed-time grids.
public enum WallSeconds {
  /// The delay from `date` to the next whole second of Unix time (a full second if `date` is
  /// exactly on one). Time zones differ from UTC by whole minutes, so local seconds agree.
  public static func delayToNextSecond(after date: Date) -> Duration {
    let t = date.timeIntervalSince1970
    let fraction = t - t.rounded(.down)
    return .seconds(1 - fraction)
  }

  /// The first multiple of `period` (counted from `origin`) strictly after `elapsed`.
  ///
  /// ```swift
  /// WallSeconds.nextMultiple(of: .seconds(1), after: .milliseconds(2500)) // 3 s
  /// ```
  public static func nextMultiple(of period: Duration, after elapsed: Duration) -> Duration {
    guard period > .zero else { return elapsed }
    let steps = (elapsed / period).rounded(.down) + 1
    var candidate = period * steps
    // Guard against floating error landing on or before `elapsed`.
    while candidate <= elapsed { candidate += period }
    return candidate
  }
}
