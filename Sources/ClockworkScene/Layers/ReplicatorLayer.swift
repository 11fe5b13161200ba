/// A layer that draws its sublayers several times: each instance one more step of
/// `instanceTransform` from the last, its animations `instanceDelay` later, and its colours
/// tinted (Core Animation's CAReplicatorLayer).
///
/// ```swift
/// let ticks = ReplicatorLayer()
/// ticks.frame = Rect(x: 0, y: 0, width: 200, height: 200)
/// ticks.instanceCount = 60
/// ticks.instanceTransform = AffineTransform(rotation: .pi / 30)  // 6° on, about the centre
/// let tick = ShapeLayer()
/// tick.frame = ticks.bounds
/// tick.path = Path { $0.move(to: Point(x: 100, y: 4)); $0.line(to: Point(x: 100, y: 14)) }
/// tick.strokeColor = .white
/// ticks.addSublayer(tick)   // sixty ticks round the dial
/// ```
///
/// The transform turns and scales about the centre of the replicator's bounds. Instance `k`
/// (from 0) shows its sublayers through `instanceTransform` applied `k` times, at time
/// `t − k · instanceDelay`, with every colour multiplied by `instanceColor` plus `k` times the
/// offsets (each component kept within 0…1). Pictures are not tinted.
///
/// A presentation keeps the sublayers once, and a renderer and ``Damage`` make the instances
/// when they need them (``instances()``); a scene that does not change draws and copies them
/// for nothing. Only where instances show their animations at different times does the
/// presentation hold them as sublayers. Instances that look alike share their sublayers: treat
/// a presentation as read-only.
open class ReplicatorLayer: Layer {
  /// Every replicator property in one value, copied in one step.
  public final var replicatorProperties = ReplicatorProperties()
  /// How many times the sublayers are drawn; 0 draws none.
  public var instanceCount: Int {
    get { replicatorProperties.instanceCount }
    set { replicatorProperties.instanceCount = newValue }
  }
  /// From one instance to the next, about the centre of the bounds.
  public var instanceTransform: AffineTransform {
    get { replicatorProperties.instanceTransform }
    set { replicatorProperties.instanceTransform = newValue }
  }
  /// How many seconds later each instance shows its sublayers' animations than the one before.
  public var instanceDelay: Double {
    get { replicatorProperties.instanceDelay }
    set { replicatorProperties.instanceDelay = newValue }
  }
  /// The first instance's tint (white: none).
  public var instanceColor: Color {
    get { replicatorProperties.instanceColor }
    set { replicatorProperties.instanceColor = newValue }
  }
  /// Added to the tint's components at each instance after the first (−1…1 each; red, green,
  /// blue, alpha).
  public var instanceColorOffset: Color {
    get { replicatorProperties.instanceColorOffset }
    set { replicatorProperties.instanceColorOffset = newValue }
  }

  public override init() { super.init() }

  /// A copy of `other`'s model values, its replication included.
  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? ReplicatorLayer else { return }
    replicatorProperties = other.replicatorProperties
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other)
      && replicatorProperties == (other as? ReplicatorLayer)?.replicatorProperties
  }

  /// Instance `k`'s tint.
  public func instanceTint(_ k: Int) -> Color {
    let (base, step, k) = (instanceColor, instanceColorOffset, Double(k))
    func component(_ value: Double, _ offset: Double) -> Double {
      min(max(value + k * offset, 0), 1)
    }
    return Color(
      red: component(base.red, step.red), green: component(base.green, step.green),
      blue: component(base.blue, step.blue), alpha: component(base.alpha, step.alpha))
  }

  /// Whether some instance's colours are tinted.
  public var tintsInstances: Bool {
    (0..<max(instanceCount, 0)).contains { instanceTint($0) != .white }
  }

  /// Whether it draws anything but its sublayers once as they are.
  public var replicates: Bool {
    max(instanceCount, 0) != 1 || instanceTint(0) != .white
  }

  /// For each instance, the transform from its sublayers' space to this layer's:
  /// `instanceTransform` applied `k` times about the centre of the bounds.
  public var instanceSpaces: [AffineTransform] {
    let center = bounds.center
    let (out, back) = (
      AffineTransform(translationX: -center.x, y: -center.y),
      AffineTransform(translationX: center.x, y: center.y)
    )
    var step = AffineTransform.identity
    return (0..<max(instanceCount, 0)).map { _ in
      defer { step = step.concatenating(instanceTransform) }
      return out.concatenating(step).concatenating(back)
    }
  }

  /// A copy whose sublayers are the instances of its sublayers as they are: what a renderer
  /// draws, and ``Damage`` measures, for a replicator that replicates.
  public func instances() -> Layer {
    let copy = type(of: self).init(copying: self)
    replicate(into: copy, at: nil)
    return copy
  }

  override func presentSublayers(into copy: Layer, at t: Double) {
    super.presentSublayers(into: copy, at: t)
    // Instances of the same sublayers at the same time stay one set, made when drawn; those
    // that show other moments of their animations are made here.
    guard replicates, instanceDelay != 0, sublayers.contains(where: \.hasAnimationsInSubtree)
    else { return }
    replicate(into: copy, at: t)
  }

  /// Makes `copy`'s sublayers (this layer's, as shown at `t`, or as they are) the instances;
  /// those later than the first show the animations at their own times.
  private func replicate(into copy: Layer, at t: Double?) {
    let (spaces, tinted, delay) = (instanceSpaces, tintsInstances, instanceDelay)
    // The copy draws its instances as plain sublayers and replicates nothing itself.
    (copy as? ReplicatorLayer)?.replicatorProperties = ReplicatorProperties()
    guard spaces.count != 1 || tinted else { return }
    let first = copy.sublayers
    // An instance's sublayers are in this layer's bounds, drawn through its space.
    let origin = bounds.origin
    let (toOrigin, fromOrigin) = (
      AffineTransform(translationX: -origin.x, y: -origin.y),
      AffineTransform(translationX: origin.x, y: origin.y)
    )
    var instances: [Layer] = []
    for (k, space) in spaces.enumerated() {
      let instance = Layer()
      instance.bounds = bounds
      instance.anchorPoint = .zero
      instance.position = origin
      instance.transform = fromOrigin.concatenating(space).concatenating(toOrigin)
      if k == 0 || t != nil || tinted {
        let content = k == 0 ? first : sublayers.map { $0.copy() }
        if k > 0, let t {
          for (model, shown) in zip(sublayers, content) {
            model.applyAnimations(to: shown, at: t - Double(k) * delay)
          }
        }
        let tint = instanceTint(k)
        if tint != .white { for layer in content { layer.tint(by: tint) } }
        instance.share(content)
      } else {
        instance.share(first)
      }
      instances.append(instance)
    }
    copy.removeAllSublayers()
    copy.share(instances)
  }

  override func sublayersNextFrameTime(after t: Double) -> Double? {
    let delay = instanceDelay
    guard delay != 0, instanceCount > 1 else { return super.sublayersNextFrameTime(after: t) }
    var next: Double?
    for k in 0..<instanceCount {
      let shift = Double(k) * delay
      if let time = super.sublayersNextFrameTime(after: t - shift) {
        next = min(next ?? time + shift, time + shift)
      }
    }
    return next
  }
}

/// The properties of a ``ReplicatorLayer``.
public struct ReplicatorProperties: Hashable, Sendable {
  /// See `ReplicatorLayer.instanceCount`.
  public var instanceCount = 1
  /// See `ReplicatorLayer.instanceTransform`.
  public var instanceTransform = AffineTransform.identity
  /// See `ReplicatorLayer.instanceDelay`.
  public var instanceDelay = 0.0
  /// See `ReplicatorLayer.instanceColor`.
  public var instanceColor = Color.white
  /// See `ReplicatorLayer.instanceColorOffset`.
  public var instanceColorOffset = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// One instance, untransformed and untinted.
  public init() {}
}
