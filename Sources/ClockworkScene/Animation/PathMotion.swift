import RealModule

/// Moves a layer along a path at an even speed, as Core Animation's keyframe animation with a
/// path: its position goes from the path's start to its end over the animation, and with
/// `rotatesWithPath` (Core Animation's auto-rotate) the layer turns to keep its x axis along
/// the way it goes, on top of its own transform.
///
/// ```swift
/// var arc = Path()
/// arc.addArc(center: Point(x: 100, y: 100), radius: 80, startAngle: 0, endAngle: .pi)
/// let marker = Layer()
/// marker.add(
///   PathMotion(along: arc, rotatesWithPath: true, timing: AnimationTiming(duration: 2)),
///   forKey: "travel")
/// ```
public struct PathMotion: Animation {
  /// The way the layer's position goes; a move in it is a jump.
  public var path: Path {
    didSet { runs = Self.measured(path) }
  }
  /// Whether the layer turns with the path.
  public var rotatesWithPath: Bool
  /// When it runs, how often, and how it fills.
  public var timing: AnimationTiming
  /// The path's runs as points and the length along them to each point.
  private var runs: [(points: [Point], lengths: [Double])]

  /// A motion along `path`, turning with it when `rotatesWithPath`.
  public init(along path: Path, rotatesWithPath: Bool = false, timing: AnimationTiming) {
    self.path = path
    self.rotatesWithPath = rotatesWithPath
    self.timing = timing
    runs = Self.measured(path)
  }

  /// The whole length of the path, jumps not counted.
  public var length: Double { runs.reduce(0) { $0 + ($1.lengths.last ?? 0) } }

  /// Sets `layer`'s position (and turn) for scene time `t`, when the animation shows then.
  public func apply(to layer: Layer, at t: Double) {
    guard let progress = timing.progress(at: t), let (point, angle) = place(at: progress) else {
      return
    }
    layer.position = point
    if rotatesWithPath { layer.transform = layer.transform.rotated(by: angle) }
  }

  /// Where on the path a fraction `progress` of its length lies, and the angle of the way it
  /// goes there (radians from the x axis, clockwise on screen).
  public func place(at progress: Double) -> (Point, Double)? {
    var left = max(0, min(1, progress)) * length
    for (index, run) in runs.enumerated() {
      let total = run.lengths.last ?? 0
      guard left <= total || index == runs.count - 1 else {
        left -= total
        continue
      }
      var segment = 1
      while segment < run.points.count - 1 && run.lengths[segment] < left { segment += 1 }
      let (a, b) = (run.points[segment - 1], run.points[segment])
      let span = run.lengths[segment] - run.lengths[segment - 1]
      let along = span > 0 ? (left - run.lengths[segment - 1]) / span : 0
      return (
        a.interpolated(to: b, amount: min(1, along)), Double.atan2(y: b.y - a.y, x: b.x - a.x)
      )
    }
    return nil
  }

  private static func measured(_ path: Path) -> [(points: [Point], lengths: [Double])] {
    path.polylines().map { points in
      var total = 0.0
      var lengths = [0.0]
      for (a, b) in zip(points, points.dropFirst()) {
        total += a.distance(to: b)
        lengths.append(total)
      }
      return (points, lengths)
    }
  }
}
