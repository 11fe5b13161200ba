/// Where two presentations of a scene can differ once drawn: nowhere, inside a box, or
/// anywhere. A renderer that keeps the last frame redraws only the box (for a clock's second,
/// where the second hand was and is).
///
/// ```swift
/// let scene = Layer()
/// let lastFrame = scene.presentation(at: 0)
/// let frame = scene.presentation(at: 1)
/// switch Damage(from: lastFrame, to: frame) {
/// case .none: break                      // keep the pixels
/// case .area(let box): print(box)        // redraw this, in the frame's drawing space
/// case .everything: print("all")         // redraw everything
/// }
/// ```
///
/// Both trees are compared layer by layer (their plain properties and where they land); a layer
/// that differs damages the boxes that it covered and covers, shadow included. The boxes are
/// conservative: a stroke's miter, anti-aliasing and blur get generous margins.
public enum Damage: Hashable, Sendable {
  case none
  case area(Rect)
  case everything

  /// The damage between drawing `old` and drawing `new` (each a root, drawn through its own
  /// `transformToSuperlayer`, as a renderer does).
  public init(from old: Layer, to new: Layer) {
    var changes = Changes()
    Self.compare(old, new, .identity, .identity, into: &changes)
    self = changes.damage.padded(by: Self.antialiasMargin)
  }

  /// The same damage as a few boxes that leave out the middle of a ring that changed (a timer's
  /// pulse growing): nil where anything may differ, none where nothing does. Boxes may overlap.
  public static func boxes(from old: Layer, to new: Layer) -> [Rect]? {
    var changes = Changes()
    compare(old, new, .identity, .identity, into: &changes)
    return changes.boxes(margin: antialiasMargin)
  }

  /// Pixels around an edge that anti-aliasing touches.
  static let antialiasMargin = 2.0

  mutating func add(_ box: Rect?) {
    guard let box else { return self = .everything }
    guard box.width > 0 || box.height > 0 else { return }
    switch self {
    case .none: self = .area(box)
    case .area(let area): self = .area(area.union(box))
    case .everything: break
    }
  }

  func padded(by margin: Double) -> Damage {
    guard case .area(let box) = self else { return self }
    return .area(
      Rect(
        x: box.minX - margin, y: box.minY - margin, width: box.width + 2 * margin,
        height: box.height + 2 * margin))
  }

  static func compare(
    _ old: Layer, _ new: Layer, _ oldParent: AffineTransform, _ newParent: AffineTransform,
    into damage: inout Changes
  ) {
    let oldSpace = old.transformToSuperlayer.concatenating(oldParent)
    let newSpace = new.transformToSuperlayer.concatenating(newParent)
    guard oldSpace == newSpace, type(of: old) == type(of: new), old.drawsLike(new),
      (old.mask == nil) == (new.mask == nil),
      old.sublayers.count == new.sublayers.count
    else {
      damage.add(old.ink(in: oldParent))
      damage.add(new.ink(in: newParent))
      return
    }
    if let oldMask = old.mask, let newMask = new.mask {
      var maskDamage = Changes()
      compare(oldMask, newMask, oldSpace, newSpace, into: &maskDamage)
      if maskDamage.damage != .none {
        damage.add(old.ink(in: oldParent))
        damage.add(new.ink(in: newParent))
      }
    }
    // A cached raster shows the same pixels while its key and placement stay the same.
    if let key = old.rasterizationKey, key == new.rasterizationKey { return }
    var below = Changes()
    for (oldSub, newSub) in zip(old.sublayers, new.sublayers) {
      compare(oldSub, newSub, oldSpace, newSpace, into: &below)
    }
    guard below.damage != .none else { return }
    // A shadow is cast by the whole subtree: where it fell and where it falls.
    if old.shadow != nil {
      damage.add(old.ink(in: oldParent))
      damage.add(new.ink(in: newParent))
    }
    damage.add(below)
  }

  /// What changed: the inks that differ, each a box and maybe a hole in it.
  struct Changes {
    var damage = Damage.none
    var inks: [Ink] = []

    mutating func add(_ ink: Ink?) {
      damage.add(ink?.box)
      if let ink, ink.box.width > 0 || ink.box.height > 0 { inks.append(ink) }
    }

    mutating func add(_ other: Changes) {
      switch other.damage {
      case .none: break
      case .area(let box): damage.add(box)
      case .everything: damage = .everything
      }
      inks += other.inks
    }

    /// The boxes, each widened by `margin`: where the rings' holes overlap, a box around them
    /// is left out, less the inks without a hole that fall in it.
    func boxes(margin: Double) -> [Rect]? {
      switch damage.padded(by: margin) {
      case .none: return []
      case .everything: return nil
      case .area(let whole):
        let holes = inks.compactMap(\.hole)
        guard let first = holes.first else { return [whole] }
        var middle = holes.dropFirst().reduce(first.inscribedSquare) {
          $0.intersection($1.inscribedSquare)
        }
        middle = middle.insetBy(margin + 1)  // anti-aliasing reaches in from the ring too
        guard middle.width * middle.height > whole.width * whole.height / 8 else { return [whole] }
        let inside = inks.filter { $0.hole == nil }.map { $0.box.insetBy(-margin) }
          .map { $0.intersection(middle) }.filter { $0.width > 0 && $0.height > 0 }
        return whole.around(middle) + inside
      }
    }
  }
}

/// Where a subtree paints: a box, and a disk inside it where it paints nothing (a ring's middle).
struct Ink {
  var box: Rect
  var hole: Disk?
}

/// A disk, as a ring's hole.
struct Disk: Equatable {
  var center: Point
  var radius: Double

  /// The disk through `transform`, where that keeps it a disk (turns, moves, even scales).
  func applying(_ t: AffineTransform) -> Disk? {
    guard abs(t.a - t.d) < 1e-9, abs(t.b + t.c) < 1e-9 else { return nil }
    return Disk(center: t.apply(to: center), radius: radius * Double.hypot(t.a, t.b))
  }

  /// The largest square inside.
  var inscribedSquare: Rect {
    let half = radius / 2.squareRoot()
    return Rect(x: center.x - half, y: center.y - half, width: 2 * half, height: 2 * half)
  }
}

extension Layer {
  /// Where this subtree paints in `parent`'s space; `nil` when some layer cannot say.
  func ink(in parent: AffineTransform) -> Ink? {
    guard let box = inkBox(in: parent) else { return nil }
    return Ink(box: box, hole: hole(in: parent))
  }

  /// A disk in `parent`'s space where this subtree paints nothing: its mask's hole, else the
  /// hole its own shape and every sublayer share.
  func hole(in parent: AffineTransform) -> Disk? {
    guard !isHidden, opacity > 0, shadow == nil else { return nil }
    let space = transformToSuperlayer.concatenating(parent)
    if let mask, let hole = mask.hole(in: space) { return hole }
    var shared: Disk?
    if let content = contentBox, content.width > 0 || content.height > 0 {
      guard let own = (self as? ShapeLayer)?.hole?.applying(space) else { return nil }
      shared = own
    }
    for sublayer in sublayers where !sublayer.isHidden && sublayer.opacity > 0 {
      guard let hole = sublayer.hole(in: space) else { return nil }
      guard let known = shared else {
        shared = hole
        continue
      }
      guard known.center.distance(to: hole.center) < 1e-6 else { return nil }
      shared = known.radius < hole.radius ? known : hole
    }
    return shared
  }

  /// A box in `parent`'s space around everything this subtree paints, shadow included; `nil`
  /// when some layer cannot say.
  func inkBox(in parent: AffineTransform) -> Rect? {
    guard !isHidden, opacity > 0 else { return .zero }
    let space = transformToSuperlayer.concatenating(parent)
    guard let content = contentBox else { return nil }
    var box = content.width > 0 || content.height > 0 ? content.applying(space) : Rect.zero
    for sublayer in sublayers {
      guard let sub = sublayer.inkBox(in: space) else { return nil }
      box = box.union(sub)
    }
    if let shadow, box.width > 0 || box.height > 0 {
      // Drawn in device space: offset and blur scale with the transform, not turned by it.
      let scale = space.determinant.magnitude.squareRoot()
      let spread = shadow.radius * scale * 1.5 + 2
      let offset = Rect(
        x: box.minX + shadow.offset.width * scale - spread,
        y: box.minY + shadow.offset.height * scale - spread,
        width: box.width + 2 * spread, height: box.height + 2 * spread)
      box = box.union(offset)
    }
    return box
  }
}

extension Rect {
  /// The part of both; zero-sized where they do not meet.
  func intersection(_ other: Rect) -> Rect {
    let (left, top) = (Swift.max(minX, other.minX), Swift.max(minY, other.minY))
    let (right, bottom) = (Swift.min(maxX, other.maxX), Swift.min(maxY, other.maxY))
    guard left < right, top < bottom else { return Rect(x: left, y: top, width: 0, height: 0) }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Moved in by `inset` on every side (out, for a negative inset).
  func insetBy(_ inset: Double) -> Rect {
    Rect(
      x: minX + inset, y: minY + inset, width: Swift.max(0, width - 2 * inset),
      height: Swift.max(0, height - 2 * inset))
  }

  /// This rect less `middle` (inside it), as up to four boxes: above, below, left and right.
  func around(_ middle: Rect) -> [Rect] {
    [
      Rect(x: minX, y: minY, width: width, height: middle.minY - minY),
      Rect(x: minX, y: middle.maxY, width: width, height: maxY - middle.maxY),
      Rect(x: minX, y: middle.minY, width: middle.minX - minX, height: middle.height),
      Rect(x: middle.maxX, y: middle.minY, width: maxX - middle.maxX, height: middle.height),
    ].filter { $0.width > 0 && $0.height > 0 }
  }

  /// The smallest rect holding both; an empty rect adds nothing.
  func union(_ other: Rect) -> Rect {
    if width <= 0 && height <= 0 { return other }
    if other.width <= 0 && other.height <= 0 { return self }
    let minX = Swift.min(self.minX, other.minX)
    let minY = Swift.min(self.minY, other.minY)
    return Rect(
      x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
      height: Swift.max(maxY, other.maxY) - minY)
  }

  /// The axis-aligned box around this rect mapped through `transform`.
  func applying(_ transform: AffineTransform) -> Rect {
    let corners = [
      Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY),
      Point(x: maxX, y: maxY),
    ].map(transform.apply)
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let (minX, maxX, minY, maxY) = (xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
