import ClockworkCore
import ClockworkLive
import ClockworkSystem
import FoundationEssentials

/// What the plain modes promise scripts: a line for each change, printed late when the process
/// was held up (a loaded machine), up to ten minutes of them; past that (a stop, a machine
/// that slept) the gap is said on standard error instead.
public protocol PlainLines: LiveMode {}

extension PlainLines {
  /// Up to 600 late lines are still written, each at its place.
  public var framesCaughtUp: Int { 600 }

  /// Says on standard error which seconds were left out and why.
  public func skippedFrames(from first: Moment<Instant>, to now: Moment<Instant>) {
    let (first, now) = (first.wall, now.wall)
    let seconds = Int(now.timeIntervalSince(first).rounded())
    StandardOutput.error(
      "clockwork: \(seconds) s of lines left out: the process was held up from \(ClockText.time(first, in: .local)) to \(ClockText.time(now, in: .local))"
    )
  }
}
