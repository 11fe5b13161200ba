import FoundationEssentials
import RealModule

/// A vector path: moves, lines, quadratic and cubic curves, arcs and closes.
///
/// ```swift
/// let c = Point(x: 120, y: 120)
/// var ring = Path()
/// ring.addArc(center: c, radius: 100, startAngle: 0, endAngle: 2 * .pi)   // from 12, clockwise
/// let dot = Path.circle(center: c, radius: 4)
/// ```
///
/// Arc angles are radians clockwise from 12 o'clock, as on a dial.
public struct Path: Hashable, Sendable {
  /// One step of a path.
  public enum Element: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quadCurve(control: Point, to: Point)
    case cubicCurve(control1: Point, control2: Point, to: Point)
    /// Clockwise when `endAngle > startAngle`, counter-clockwise otherwise.
    case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double)
    case close
  }

  /// The path's steps, in order.
  public private(set) var elements: [Element] = []

  /// An empty path.
  public init() {}

  /// A path built by `build`.
  public init(_ build: (inout Path) -> Void) {
    build(&self)
  }

  /// Whether the path has no steps.
  public var isEmpty: Bool { elements.isEmpty }

  /// Starts a new subpath at `p`.
  public mutating func move(to p: Point) { elements.append(.move(p)) }
  /// Adds a straight line to `p`.
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  /// Adds a quadratic Bézier curve to `p`.
  public mutating func quadCurve(to p: Point, control: Point) {
    elements.append(.quadCurve(control: control, to: p))
  }
  /// Adds a cubic Bézier curve to `p`.
  public mutating func cubicCurve(to p: Point, control1: Point, control2: Point) {
    elements.append(.cubicCurve(control1: control1, control2: control2, to: p))
  }
  /// An arc; angles clockwise from 12 o'clock. A line joins the current point to its start.
  public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
    elements.append(
      .arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle))
  }
  /// Closes the current subpath with a line to its start.
  public mutating func close() { elements.append(.close) }

  /// Appends every element of `other` (Core Graphics' `addPath`).
  public mutating func addPath(_ other: Path) { elements += other.elements }

  /// Adds `rect` as a closed subpath, clockwise from its top left.
  public mutating func addRect(_ rect: Rect) {
    move(to: rect.origin)
    line(to: Point(x: rect.maxX, y: rect.minY))
    line(to: Point(x: rect.maxX, y: rect.maxY))
    line(to: Point(x: rect.minX, y: rect.maxY))
    close()
  }

  /// A path of `rect`.
  public static func rect(_ rect: Rect) -> Path { Path { $0.addRect(rect) } }

  /// A path of a whole circle of `radius` points, from 12 o'clock clockwise.
  public static func circle(center: Point, radius: Double) -> Path {
    Path {
      $0.move(to: Point(onCircleAround: center, radius: radius, angle: 0))
      $0.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
      $0.close()
    }
  }

  /// A rectangle with corners rounded to `radius` (clamped to half the shorter side).
  public static func roundedRect(_ rect: Rect, radius: Double) -> Path {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    guard r > 0 else { return .rect(rect) }
    return Path {
      $0.move(to: Point(x: rect.minX + r, y: rect.minY))
      $0.addArc(
        center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: 0,
        endAngle: .pi / 2)
      $0.addArc(
        center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: .pi / 2,
        endAngle: .pi)
      $0.addArc(
        center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi,
        endAngle: 1.5 * .pi)
      $0.addArc(
        center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: 1.5 * .pi,
        endAngle: 2 * .pi)
      $0.close()
    }
  }

  /// A rect that contains the path (its points and control points; arcs by their circles).
  public var boundingBox: Rect? {
    // Running bounds, not arrays of points: the renderer asks for a hand's box every frame.
    var (minX, minY) = (Double.infinity, Double.infinity)
    var (maxX, maxY) = (-Double.infinity, -Double.infinity)
    func add(_ p: Point) {
      (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
      (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
    }
    for element in elements {
      switch element {
      case .move(let p), .line(let p): add(p)
      case .quadCurve(let c, let p):
        add(c)
        add(p)
      case .cubicCurve(let c1, let c2, let p):
        add(c1)
        add(c2)
        add(p)
      case .arc(let center, let radius, _, _):
        add(Point(x: center.x - radius, y: center.y - radius))
        add(Point(x: center.x + radius, y: center.y + radius))
      case .close: break
      }
    }
    guard minX <= maxX, minY <= maxY else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The path with every point mapped through `transform`. Arcs become cubic curves unless the
  /// transform is a translation.
  public func applying(_ transform: AffineTransform) -> Path {
    var out = Path()
    for element in elements {
      switch element {
      case .move(let p): out.move(to: transform.apply(to: p))
      case .line(let p): out.line(to: transform.apply(to: p))
      case .quadCurve(let c, let p):
        out.quadCurve(to: transform.apply(to: p), control: transform.apply(to: c))
      case .cubicCurve(let c1, let c2, let p):
        out.cubicCurve(
          to: transform.apply(to: p), control1: transform.apply(to: c1),
          control2: transform.apply(to: c2))
      case .arc(let center, let radius, let start, let end):
        out.line(
          to: transform.apply(to: Point(onCircleAround: center, radius: radius, angle: start)))
        for curve in Self.arcAsCubics(center: center, radius: radius, start: start, end: end) {
          out.cubicCurve(
            to: transform.apply(to: curve.to), control1: transform.apply(to: curve.c1),
            control2: transform.apply(to: curve.c2))
        }
      case .close: out.close()
      }
    }
    return out
  }

  /// Cubic Bézier pieces of at most 90° each that approximate an arc.
  static func arcAsCubics(center: Point, radius: Double, start: Double, end: Double)
    -> [(c1: Point, c2: Point, to: Point)]
  {
    let pieces = max(1, Int((abs(end - start) / (.pi / 2)).rounded(.up)))
    let step = (end - start) / Double(pieces)
    let k = 4.0 / 3.0 * Double.tan(step / 4) * radius
    return (0..<pieces).map { i in
      let a0 = start + Double(i) * step
      let a1 = a0 + step
      let p0 = Point(onCircleAround: center, radius: radius, angle: a0)
      let p1 = Point(onCircleAround: center, radius: radius, angle: a1)
      // Tangent of a clockwise-from-12 circle at angle a: (cos a, sin a).
      let c1 = Point(x: p0.x + k * Double.cos(a0), y: p0.y + k * Double.sin(a0))
      let c2 = Point(x: p1.x - k * Double.cos(a1), y: p1.y - k * Double.sin(a1))
      return (c1, c2, p1)
    }
  }
}

extension Path: Interpolatable {
  /// The path a fraction `amount` of the way to `other`, point by point, when the two have the
  /// same steps in the same order (Core Animation's path morphing); otherwise this path until
  /// the animation's end, then `other`: a path of other steps has no points to blend with.
  public func interpolated(to other: Path, amount: Double) -> Path {
    guard let pairs = matchedElements(with: other) else { return amount < 1 ? self : other }
    var result = Path()
    result.elements = pairs.map { a, b in
      func mix(_ p: Point, _ q: Point) -> Point { p.interpolated(to: q, amount: amount) }
      func mix(_ x: Double, _ y: Double) -> Double { x.interpolated(to: y, amount: amount) }
      switch (a, b) {
      case (.move(let p), .move(let q)): return .move(mix(p, q))
      case (.line(let p), .line(let q)): return .line(mix(p, q))
      case (.quadCurve(let c, let p), .quadCurve(let d, let q)):
        return .quadCurve(control: mix(c, d), to: mix(p, q))
      case (.cubicCurve(let c1, let c2, let p), .cubicCurve(let d1, let d2, let q)):
        return .cubicCurve(control1: mix(c1, d1), control2: mix(c2, d2), to: mix(p, q))
      case (.arc(let c, let r, let s, let e), .arc(let d, let q, let t, let f)):
        return .arc(
          center: mix(c, d), radius: mix(r, q), startAngle: mix(s, t), endAngle: mix(e, f))
      default: return a  // .close with .close
      }
    }
    return result
  }

  /// How far the points move, added up; 1 between paths of other steps.
  public func distance(to other: Path) -> Double {
    guard let pairs = matchedElements(with: other) else { return 1 }
    return pairs.reduce(0) { total, pair in
      total + zip(pair.0.points, pair.1.points).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
  }

  /// The two paths' steps side by side, when each pair is of one kind.
  private func matchedElements(with other: Path) -> [(Element, Element)]? {
    guard elements.count == other.elements.count else { return nil }
    let pairs = Array(zip(elements, other.elements))
    return pairs.allSatisfy { $0.0.kind == $0.1.kind } ? pairs : nil
  }
}

extension Path.Element {
  /// Which step this is, whatever its points.
  fileprivate var kind: Int {
    switch self {
    case .move: 0
    case .line: 1
    case .quadCurve: 2
    case .cubicCurve: 3
    case .arc: 4
    case .close: 5
    }
  }

  /// Its points (an arc's centre), for a distance.
  fileprivate var points: [Point] {
    switch self {
    case .move(let p), .line(let p): [p]
    case .quadCurve(let c, let p): [c, p]
    case .cubicCurve(let c1, let c2, let p): [c1, c2, p]
    case .arc(let center, _, _, _): [center]
    case .close: []
    }
  }
}

extension Path {
  /// The path as points joined by lines, each curve and arc cut into `steps` pieces; a move
  /// starts a new run (nothing joins it to the run before).
  func polylines(steps: Int = 64) -> [[Point]] {
    var runs: [[Point]] = []
    var current: [Point] = []
    func finish() {
      if current.count > 1 { runs.append(current) }
      current = []
    }
    for element in elements {
      let from = current.last
      switch element {
      case .move(let p):
        finish()
        current = [p]
      case .line(let p): current.append(p)
      case .quadCurve(let c, let p):
        let start = from ?? c
        current += (1...steps).map { step in
          let t = Double(step) / Double(steps)
          return start.interpolated(to: c, amount: t)
            .interpolated(to: c.interpolated(to: p, amount: t), amount: t)
        }
      case .cubicCurve(let c1, let c2, let p):
        let start = from ?? c1
        current += (1...steps).map { step in
          let t = Double(step) / Double(steps)
          let (a, b, c) = (
            start.interpolated(to: c1, amount: t), c1.interpolated(to: c2, amount: t),
            c2.interpolated(to: p, amount: t)
          )
          return a.interpolated(to: b, amount: t)
            .interpolated(to: b.interpolated(to: c, amount: t), amount: t)
        }
      case .arc(let center, let radius, let start, let end):
        current += (0...steps).map { step in
          let angle = start + (end - start) * Double(step) / Double(steps)
          return Point(x: center.x + radius * .sin(angle), y: center.y - radius * .cos(angle))
        }
      case .close:
        if let first = current.first { current.append(first) }
      }
    }
    finish()
    return runs
  }
}
