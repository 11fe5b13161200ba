import FoundationEssentials

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
