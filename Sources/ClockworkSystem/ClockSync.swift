import CGlibcExtras

/// Whether the system clock is right, as the kernel knows it (adjtimex(2), read only): kept
/// synchronised by a time daemon or not, and how far off it may be. No daemon is asked.
///
/// ```swift
/// ClockSync.read()?.summary   // "synced ±0.4 ms" or "not synchronised"
/// ```
public struct ClockSync: Sendable, Hashable {
  /// Whether a time daemon keeps the clock synchronised (no `STA_UNSYNC`, no `TIME_ERROR`).
  public var synchronized: Bool
  /// The most the clock may be off, in milliseconds (the kernel's `maxerror`).
  public var maxErrorMs: Double
  /// How far off it is estimated to be, in milliseconds (`esterror`).
  public var estimatedErrorMs: Double

  /// A reading as given.
  public init(synchronized: Bool, maxErrorMs: Double, estimatedErrorMs: Double) {
    (self.synchronized, self.maxErrorMs, self.estimatedErrorMs) = (
      synchronized, maxErrorMs, estimatedErrorMs
    )
  }

  /// The kernel's word now; `nil` where it cannot be read.
  public static func read() -> ClockSync? {
    var synchronised: Int32 = 0
    var maxError = 0
    var estimated = 0
    guard clock_sync_read(&synchronised, &maxError, &estimated) == 0 else { return nil }
    return ClockSync(
      synchronized: synchronised != 0, maxErrorMs: Double(maxError) / 1000,
      estimatedErrorMs: Double(estimated) / 1000)
  }

  /// "synced ±0.4 ms" (the estimated error), or "not synchronised": for plain lines, which
  /// programs read.
  public var summary: String { synchronized ? "synced ±\(shownError) ms" : "not synchronised" }

  /// The estimated error in milliseconds, a tenth's precision under 10.
  public var shownError: String {
    estimatedErrorMs < 10
      ? String((estimatedErrorMs * 10).rounded() / 10) : String(Int(estimatedErrorMs.rounded()))
  }
}
