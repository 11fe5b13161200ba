import FoundationEssentials

/// How a second hand moves: each case is a pure function of time giving the hand's angle and the
/// delay until it next moves visibly.
///
/// ```swift
/// let osc = Oscillator.quartzRecoil
/// let angle = osc.secondHandAngle(secondsIntoMinute: 12.05)   // just past 12 s, overshooting
/// let wait = osc.delayToNextChange(secondsIntoMinute: 12.05, resolution: 0.002)
/// ```
public enum Oscillator: Hashable, Sendable, Codable {
  /// One jump per second, exactly at the second boundary.
  case quartz
  /// A quartz jump that overshoots by ``recoilOvershoot`` and recoils to the mark over
  /// ``recoilDuration``, easing in and out.
  case quartzRecoil
  /// Discrete beats; the default is the common 28,800 beats an hour (8 per second).
  case mechanical(beatsPerHour: Int = 28_800)
  /// A continuous sweep.
  case sweep

  /// 0.75° past the mark.
  public static let recoilOvershoot = 0.75 * Double.pi / 180
  /// The recoil lasts 0.1 s.
  public static let recoilDuration = 0.1

  static let radiansPerSecond = 2 * Double.pi / 60

  /// The seconds value the hand points at (for quartz, the whole second).
  public func shownSeconds(secondsIntoMinute s: Double) -> Double {
    switch self {
    case .quartz, .quartzRecoil: return s.rounded(.down)
    case .mechanical(let bph):
      let beats = Self.beatsPerSecond(bph)
      return (s * beats).rounded(.down) / beats
    case .sweep: return s
    }
  }

  /// The second hand's angle in radians clockwise from 12, in [0, 2π).
  public func secondHandAngle(secondsIntoMinute s: Double) -> Double {
    var angle = shownSeconds(secondsIntoMinute: s) * Self.radiansPerSecond
    if case .quartzRecoil = self {
      angle += Self.recoilOffset(intoSecond: s - s.rounded(.down))
    }
    return DialAngles.normalized(angle)
  }

  /// The delay, in seconds, until the hand next moves visibly.
  /// - Parameter s: seconds into the minute now, fraction included.
  /// - Parameter resolution: the smallest angle (radians) that shows, e.g. the angle one pixel
  ///   subtends at the hand's tip. Only `sweep` and the recoil depend on it.
  public func delayToNextChange(secondsIntoMinute s: Double, resolution: Double) -> Double {
    let intoSecond = s - s.rounded(.down)
    let toNextSecond = 1 - intoSecond
    switch self {
    case .quartz:
      return toNextSecond
    case .quartzRecoil:
      // A nanosecond short of the end is settled: avoids endless vanishing steps.
      guard intoSecond < Self.recoilDuration - 1e-9 else { return toNextSecond }
      let current = Self.recoilOffset(intoSecond: intoSecond)
      let target = current - max(resolution, 1e-6)
      guard target > 0 else { return Self.recoilDuration - intoSecond }
      return Self.recoilTime(whereOffsetIs: target) - intoSecond
    case .mechanical(let bph):
      let beats = Self.beatsPerSecond(bph)
      let next = ((s * beats).rounded(.down) + 1) / beats
      return max(next - s, 0)
    case .sweep:
      return max(resolution, 1e-6) / Self.radiansPerSecond
    }
  }

  /// A mechanical movement's beats a second (28,800 an hour: 8).
  public static func beatsPerSecond(_ beatsPerHour: Int) -> Double {
    max(Double(beatsPerHour), 1) / 3600
  }

  /// Overshoot left `u` seconds after the jump: full at 0, none from `recoilDuration` on.
  static func recoilOffset(intoSecond u: Double) -> Double {
    guard u < recoilDuration - 1e-9 else { return 0 }
    return recoilOvershoot * (1 - easeInOut(u / recoilDuration))
  }

  /// The instant into the recoil at which the offset has fallen to `offset`.
  static func recoilTime(whereOffsetIs offset: Double) -> Double {
    var low = 0.0
    var high = recoilDuration
    for _ in 0..<40 {
      let mid = (low + high) / 2
      if recoilOffset(intoSecond: mid) > offset { low = mid } else { high = mid }
    }
    return high
  }

  /// Smoothstep: a symmetric ease-in-out with zero slope at both ends.
  static func easeInOut(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    return t * t * (3 - 2 * t)
  }
}

extension Oscillator: CustomStringConvertible {
  /// `quartz`, `recoil`, `mechanical` (another rate: `mechanical(21600 bph)`), `sweep`.
  public var description: String {
    switch self {
    case .quartz: "quartz"
    case .quartzRecoil: "recoil"
    case .mechanical(let bph): bph == 28_800 ? "mechanical" : "mechanical(\(bph) bph)"
    case .sweep: "sweep"
    }
  }
}
