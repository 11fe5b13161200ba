import ClockworkLive
import FoundationEssentials

/// A clock shown at one moment instead of the present (`clock --at`): each frame is drawn for
/// that wall time, nothing moves by itself, and ← and → move the moment by 15 minutes, so one
/// can ask what 15:00 in London is in Tokyo the day the clocks change. With no moment, the
/// clock it wraps goes on as it is (the present, its own pace).
///
/// ```swift
/// let mode = FrozenMoment(ClockWindow(control: control), at: meeting)
/// ```
public final class FrozenMoment<Wrapped: LiveMode>: LiveMode
where Wrapped.Input == Key, Wrapped.Instant == ContinuousClock.Instant {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let wrapped: Wrapped
  /// The moment shown; `nil`: the present.
  public private(set) var wall: Date?
  /// How far ← and → move it.
  public static var step: TimeInterval { 15 * 60 }

  /// `wrapped`, shown at `wall` (`nil`: the present, as it is).
  public init(_ wrapped: Wrapped, at wall: Date?) {
    self.wrapped = wrapped
    self.wall = wall
  }

  /// `moment` as `wrapped` sees it: at the moment shown.
  func shown(_ moment: Moment<Instant>) -> Moment<Instant> {
    wall.map { Moment(instant: moment.instant, wall: $0) } ?? moment
  }

  /// `wrapped`'s frame at the moment shown; frozen, none follows by itself.
  public func frame(at moment: Moment<Instant>, on canvas: Wrapped.Canvas) throws -> Planned<
    Wrapped.Frame, Instant
  > {
    var planned = try wrapped.frame(at: shown(moment), on: canvas)
    if wall != nil { planned.next = nil }
    return planned
  }

  /// Frozen, ← and → move the moment; every other key is `wrapped`'s (q quits).
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    switch (key, wall) {
    case (.left, let shown?):
      wall = shown.addingTimeInterval(-Self.step)
      return .redraw
    case (.right, let shown?):
      wall = shown.addingTimeInterval(Self.step)
      return .redraw
    default: return wrapped.handle(key, at: shown(moment))
    }
  }

  /// As `wrapped` starts.
  public func started(at moment: Moment<Instant>) -> LiveAction {
    wrapped.started(at: shown(moment))
  }

  /// As `wrapped` ticks.
  public func tick(at moment: Moment<Instant>) -> LiveAction { wrapped.tick(at: shown(moment)) }

  /// `wrapped`'s, in the present; one frozen.
  public var framesAhead: Int { wall == nil ? wrapped.framesAhead : 1 }

  /// `wrapped`'s.
  public var framesCaughtUp: Int { wrapped.framesCaughtUp }

  /// As `wrapped` is told.
  public func skippedFrames(from first: Moment<Instant>, to now: Moment<Instant>) {
    wrapped.skippedFrames(from: first, to: now)
  }
}
