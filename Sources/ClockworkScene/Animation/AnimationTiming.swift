import FoundationEssentials

/// When an animation runs and what it shows outside its active window.
///
/// ```swift
/// var timing = AnimationTiming(beginTime: 10, duration: 1)
/// timing.repeatCount = .infinity
/// timing.autoreverses = true
/// let fraction = timing.fraction(at: 11.25)   // 0.75: on the way back
/// ```
///
/// Timing is arithmetic: local time = (t − beginTime)·speed + timeOffset; `repeatCount` (or
/// `repeatDuration`) caps the iterations; odd iterations run backwards when `autoreverses`;
/// `fillMode` decides what shows before and after the active window.
public struct AnimationTiming: Hashable, Sendable {
  /// What shows outside the active window: `removed` the model value, `forwards` the last value
  /// after it, `backwards` the first value before it, `both` each.
  public enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both
  }

  /// In the parent's time (seconds), when the animation starts.
  public var beginTime: Double
  /// One iteration, seconds.
  public var duration: Double
  /// Local seconds per scene second: 2 runs twice as fast.
  public var speed: Double = 1
  /// Seconds of local time skipped at the start.
  public var timeOffset: Double = 0
  /// Iterations; 0 means one. May be fractional or `.infinity`.
  public var repeatCount: Double = 0
  /// When positive, the active window's length in local time; overrides `repeatCount`.
  public var repeatDuration: Double = 0
  /// Whether every other iteration runs backwards.
  public var autoreverses = false
  /// What shows before and after the active window.
  public var fillMode: FillMode = .removed
  /// Whether settling removes the animation once it has finished.
  public var removedOnCompletion = true
  /// The curve that maps an iteration's time to its progress.
  public var timingFunction: TimingFunction = .linear

  /// A timing that starts at `beginTime` and lasts `duration` seconds along `timingFunction`.
  public init(
    beginTime: Double = 0, duration: Double = 0.25, timingFunction: TimingFunction = .linear
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.timingFunction = timingFunction
  }

  var iterationLength: Double { max(duration, 1e-9) * (autoreverses ? 2 : 1) }

  /// The length of the active window in local time (may be infinite).
  public var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    return (repeatCount > 0 ? repeatCount : 1) * iterationLength
  }

  /// In the parent's time, when the active window ends (infinite for endless repeats).
  public var endTime: Double {
    guard speed > 0 else { return .infinity }
    return beginTime + (activeDuration - timeOffset) / speed
  }

  /// The animation's own time at scene time `t`: its begin time, speed and offset applied.
  public func localTime(at t: Double) -> Double { (t - beginTime) * speed + timeOffset }

  /// The eased progress (usually 0…1, beyond it for overshooting curves) at parent time `t`, or
  /// `nil` when the animation shows nothing at `t`.
  public func progress(at t: Double) -> Double? {
    fraction(at: t).map(timingFunction.progress(at:))
  }

  /// The un-eased fraction of the current iteration, after autoreversing, or `nil` outside the
  /// active window when the fill mode does not cover it.
  public func fraction(at t: Double) -> Double? {
    let local = localTime(at: t)
    if local < 0 {
      return fillMode == .backwards || fillMode == .both ? 0 : nil
    }
    let active = activeDuration
    if local >= active {
      guard fillMode == .forwards || fillMode == .both else { return nil }
      return endFraction
    }
    return cycleFraction(local)
  }

  /// How many whole iterations have run before the one showing at parent time `t` (the last
  /// one's after the active window); 0 before it.
  public func iteration(at t: Double) -> Int {
    let local = min(localTime(at: t), activeDuration)
    guard local > 0, local.isFinite else { return 0 }
    let completed = (local / iterationLength).rounded(.down)
    // At the very end the last iteration is showing, not one after it.
    let showing =
      local >= activeDuration && completed == local / iterationLength
      ? completed - 1 : completed
    return Int(min(max(0, showing), Double(Int.max / 2)))
  }

  /// What shows at the very end: the end of the last (possibly partial) iteration.
  var endFraction: Double {
    let cycles = activeDuration / iterationLength
    if cycles == cycles.rounded(.down) { return autoreverses ? 0 : 1 }
    return cycleFraction(activeDuration)
  }

  func cycleFraction(_ local: Double) -> Double {
    let length = iterationLength
    let within = local - (local / length).rounded(.down) * length
    let d = max(duration, 1e-9)
    if autoreverses && within >= d { return max(0, 1 - (within - d) / d) }
    return min(1, within / d)
  }
}

/// How an animation ended.
public enum AnimationCompletion: Hashable, Sendable {
  /// It ran to the end of its active window.
  case finished
  /// It was removed or replaced before then.
  case interrupted
}
