import FoundationEssentials

/// One moment read off two clocks: the monotonic clock that frames are scheduled on, and the
/// wall clock that a clock face shows.
///
/// ```swift
/// let clock = ContinuousClock()
/// let now = Moment(instant: clock.now, wall: Date())
/// let deadline = now.advanced(to: now.instant.advanced(by: .seconds(1)))   // its wall time too
/// ```
public struct Moment<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
  /// The reading of the runner's clock.
  public var instant: Instant
  /// The wall clock at the same moment.
  public var wall: Date

  /// A moment of both clocks.
  public init(instant: Instant, wall: Date) {
    self.instant = instant
    self.wall = wall
  }

  /// The moment at `later` on the monotonic clock, its wall time projected from this one.
  public func advanced(to later: Instant) -> Moment {
    Moment(instant: later, wall: wall.addingTimeInterval(instant.duration(to: later) / .seconds(1)))
  }
}

extension Moment: Equatable where Instant: Equatable {}
