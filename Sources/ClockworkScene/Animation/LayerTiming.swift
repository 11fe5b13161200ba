/// A layer's own clock, as Core Animation's media timing on a layer: the layer's animations and
/// its sublayers' read the time `(t − beginTime)·speed + timeOffset`, `t` being its
/// superlayer's time. Speed 0 stops a subtree at `timeOffset` (paused, or scrubbed to a
/// moment) while the rest of the scene runs on.
///
/// ```swift
/// let dial = Layer(), hands = Layer(), ring = Layer()
/// dial.timing = LayerTiming(speed: 2)                    // its animations run twice as fast
/// hands.pause(at: 12)                                    // frozen at the scene's 12 s
/// hands.resume(at: 20)                                   // on from there, as if never stopped
/// ring.timing = LayerTiming(speed: 0, timeOffset: 7.5)   // shows its animations at 7.5 s
/// ```
public struct LayerTiming: Hashable, Sendable {
  /// In the superlayer's time (seconds), when the layer's own time is `timeOffset`.
  public var beginTime: Double
  /// Seconds of the layer's time per second of its superlayer's: 0 stops it; never negative.
  public var speed: Double {
    didSet { speed = max(0, speed) }
  }
  /// The layer's time at `beginTime`, in seconds.
  public var timeOffset: Double

  /// A clock that starts at `beginTime` and runs at `speed` from `timeOffset` (speeds below
  /// 0 are 0).
  public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
    self.beginTime = beginTime
    self.speed = max(0, speed)
    self.timeOffset = timeOffset
  }

  /// The layer's time, in seconds, when its superlayer's is `parentTime` seconds.
  public func localTime(at parentTime: Double) -> Double {
    (parentTime - beginTime) * speed + timeOffset
  }

  /// The first superlayer time, not before `parentTime`, at which the layer's time reaches
  /// `local`: `nil` when the layer is stopped, where nothing changes.
  func parentTime(reaching local: Double, after parentTime: Double) -> Double? {
    guard speed > 0 else { return nil }
    guard local > localTime(at: parentTime) else { return parentTime }
    return max(parentTime, beginTime + (local - timeOffset) / speed)
  }

  /// Whether this is the identity: the superlayer's time as it is.
  var isIdentity: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }
}
