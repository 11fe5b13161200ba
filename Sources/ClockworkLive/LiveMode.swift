import FoundationEssentials

/// What a live mode wants after an input or a tick.
public enum LiveAction: Equatable, Sendable {
  /// Nothing visible changed: frames already drawn ahead stay valid.
  case keepGoing
  /// The mode's state changed: draw now, and draw ahead again.
  case redraw
  /// End the run with this exit status.
  case quit(Int32)
}

/// One frame of a live mode and when the next one is due.
public struct Planned<Frame, Instant> {
  /// What is shown.
  public var frame: Frame
  /// When the picture next changes by itself; `nil` when nothing will change without an input.
  public var next: Instant?

  /// A frame, and when the next is due (`nil`: not without an input).
  public init(_ frame: Frame, next: Instant?) {
    self.frame = frame
    self.next = next
  }
}

/// A live mode: what it shows at any moment, when that next changes, and how it reacts to input.
/// It never reads a clock itself: every call gets the moment it is about.
///
/// ```swift
/// final class Seconds: LiveMode {
///   func frame(at now: Moment<ContinuousClock.Instant>, on canvas: Void) -> Planned<String, ContinuousClock.Instant> {
///     Planned("\(Int(now.wall.timeIntervalSince1970))", next: now.instant.advanced(by: .seconds(1)))
///   }
/// }
/// ```
public protocol LiveMode<Frame>: AnyObject, SendableMetatype {
  associatedtype Instant: InstantProtocol where Instant.Duration == Duration
  /// Keys, lines of input, clicks: whatever the surface delivers.
  associatedtype Input: Sendable = Never
  /// What a frame is drawn for (a terminal's size, nothing for plain text).
  associatedtype Canvas = Void
  associatedtype Frame

  /// The picture at `moment` on `canvas`, and when it next changes after `moment`. One call
  /// answers both, so a deadline and its frame cannot disagree.
  func frame(at moment: Moment<Instant>, on canvas: Canvas) throws -> Planned<Frame, Instant>

  /// Reacts to an input.
  func handle(_ input: Input, at moment: Moment<Instant>) -> LiveAction

  /// Called once the first frame is on screen.
  func started(at moment: Moment<Instant>) -> LiveAction

  /// Called at each deadline, once its frame is on screen.
  func tick(at moment: Moment<Instant>) -> LiveAction

  /// Called when what the mode shows was changed outside it (a saved timer changed by another
  /// command): it reads it again.
  func outsideChange(at moment: Moment<Instant>) -> LiveAction

  /// How many frames may be drawn ahead in one go: more than one only for a mode whose frames
  /// depend on the time alone (its `tick` changes nothing).
  var framesAhead: Int { get }

  /// How many frames that fell due while the process was held up (a loaded machine, a stop
  /// without a signal) are still shown, late and in order, each with its tick: plain lines
  /// promise scripts a line per change. 0 (the default) shows the present instead.
  var framesCaughtUp: Int { get }

  /// Called when frames from `first` to `now` were skipped, more than ``framesCaughtUp``.
  func skippedFrames(from first: Moment<Instant>, to now: Moment<Instant>)
}

extension LiveMode {
  /// Nothing to do by default.
  public func started(at moment: Moment<Instant>) -> LiveAction { .keepGoing }
  /// Nothing changes at a tick by default.
  public func tick(at moment: Moment<Instant>) -> LiveAction { .keepGoing }
  /// Nothing is read again by default.
  public func outsideChange(at moment: Moment<Instant>) -> LiveAction { .keepGoing }
  /// One frame at a time by default.
  public var framesAhead: Int { 1 }
  /// None by default: the present is drawn instead.
  public var framesCaughtUp: Int { 0 }
  /// Nothing by default.
  public func skippedFrames(from first: Moment<Instant>, to now: Moment<Instant>) {}
}

extension LiveMode where Input == Never {
  /// A mode that takes no input never gets one.
  public func handle(_ input: Never, at moment: Moment<Instant>) -> LiveAction {}
}
