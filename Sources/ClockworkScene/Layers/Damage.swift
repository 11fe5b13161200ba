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
    var damage = Damage.none
    Self.compare(old, new, .identity, .identity, into: &damage)
    self = damage.padded(by: Self.antialiasMargin)
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
    into damage: inout Damage
  ) {
    let oldSpace = old.transformToSuperlayer.concatenating(oldParent)
    let newSpace = new.transformToSuperlayer.concatenating(newParent)
    guard oldSpace == newSpace, type(of: old) == type(of: new), old.drawsLike(new),
      (old.mask == nil) == (new.mask == nil),
      old.sublayers.count == new.sublayers.count
    else {
      damage.add(old.inkBox(in: oldParent))
      damage.add(new.inkBox(in: newParent))
      return
    }
    if let oldMask = old.mask, let newMask = new.mask {
      var maskDamage = Damage.none
      compare(oldMask, newMask, oldSpace, newSpace, into: &maskDamage)
      if maskDamage != .none {
        damage.add(old.inkBox(in: oldParent))
        damage.add(new.inkBox(in: newParent))
      }
    }
    // A cached raster shows the same pixels while its key and placement stay the same.
    if let key = old.rasterizationKey, key == new.rasterizationKey { return }
    var below = Damage.none
    for (oldSub, newSub) in zip(old.sublayers, new.sublayers) {
      compare(oldSub, newSub, oldSpace, newSpace, into: &below)
    }
    guard below != .none else { return }
    // A shadow is cast by the whole subtree, a replicator's sublayers are drawn as every
    // instance: where they fell and where they fall.
    if old.shadow != nil || (old as? ReplicatorLayer)?.replicates == true {
      damage.add(old.inkBox(in: oldParent))
      damage.add(new.inkBox(in: newParent))
    }
    switch below {
    case .none: break
    case .area(let box): damage.add(box)
    case .everything: damage = .everything
    }
  }
}

extension Layer {
  /// A box in `parent`'s space around everything this subtree paints, shadow included; `nil`
  /// when some layer cannot say.
  func inkBox(in parent: AffineTransform) -> Rect? {
    guard !isHidden, opacity > 0 else { return .zero }
    if let replicator = self as? ReplicatorLayer, replicator.replicates {
      return replicator.instances().inkBox(in: parent)
    }
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

  /// The axis-aligned box around this rect mapped through `transform` (the renderer's box of
  /// a hand in device space too, every frame: running bounds, no arrays of corners).
  package func applying(_ transform: AffineTransform) -> Rect {
    var (left, top) = (Double.infinity, Double.infinity)
    var (right, bottom) = (-Double.infinity, -Double.infinity)
    for (x, y) in [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)] {
      let corner = transform.apply(to: Point(x: x, y: y))
      (left, right) = (Swift.min(left, corner.x), Swift.max(right, corner.x))
      (top, bottom) = (Swift.min(top, corner.y), Swift.max(bottom, corner.y))
    }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
