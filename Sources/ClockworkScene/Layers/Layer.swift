import FoundationEssentials

/// A node of the scene: geometry, appearance and sublayers, in the manner of Core Animation.
///
/// ```swift
/// let face = Layer()
/// face.frame = Rect(x: 0, y: 0, width: 300, height: 300)
/// let hand = ShapeLayer()
/// hand.bounds = Rect(x: 0, y: 0, width: 4, height: 120)
/// hand.anchorPoint = Point(x: 0.5, y: 1)     // pivots at its bottom centre
/// hand.position = face.bounds.center
/// hand.transform = AffineTransform(rotation: .pi / 2)   // pointing at 3
/// face.addSublayer(hand)
/// ```
///
/// A layer's content is drawn in its own space (its `bounds`); `position` is where its
/// `anchorPoint` (in unit coordinates of the bounds) sits in the superlayer, and `transform`
/// turns and scales about that point. Layers hold *model* values; animations show in
/// ``presentation(at:)`` without changing them.
open class Layer {
  /// Every plain property of the layer in one value: copying a layer copies it in one step.
  /// Runtime exclusivity checks on this hot storage cost more than the copy itself; accesses
  /// are short and never overlap.
  @exclusivity(unchecked) public final var properties = LayerProperties()
  /// A name to find the layer by in tests and in debugging output.
  public var name: String? {
    get { properties.name }
    set { properties.name = newValue }
  }
  /// The layer's own space: its content is drawn in this rectangle.
  public var bounds: Rect {
    get { properties.bounds }
    set {
      let old = properties.bounds
      properties.bounds = newValue
      changed(\Layer.bounds, key: "bounds", from: old, to: newValue)
    }
  }
  /// Where the anchor point sits in the superlayer's space.
  public var position: Point {
    get { properties.position }
    set {
      let old = properties.position
      properties.position = newValue
      changed(\Layer.position, key: "position", from: old, to: newValue)
    }
  }
  /// The point of the bounds, in unit coordinates, that sits at `position` and that the transform
  /// turns about.
  public var anchorPoint: Point {
    get { properties.anchorPoint }
    set { properties.anchorPoint = newValue }
  }
  /// Turns, scales and moves the layer about its anchor point.
  public var transform: AffineTransform {
    get { properties.transform }
    set {
      let old = properties.transform
      properties.transform = newValue
      changed(\Layer.transform, key: "transform", from: old, to: newValue)
    }
  }
  /// How opaque the layer and its sublayers are, 0 to 1.
  public var opacity: Double {
    get { properties.opacity }
    set {
      let old = properties.opacity
      properties.opacity = newValue
      changed(\Layer.opacity, key: "opacity", from: old, to: newValue)
    }
  }
  /// Whether the layer and its sublayers are left out.
  public var isHidden: Bool {
    get { properties.isHidden }
    set { properties.isHidden = newValue }
  }
  /// The fill of the bounds, under the content; `nil` for none.
  public var backgroundColor: Color? {
    get { properties.backgroundColor }
    set { properties.backgroundColor = newValue }
  }
  /// The radius of the bounds' corners, for the background, the border and the mask.
  public var cornerRadius: Double {
    get { properties.cornerRadius }
    set {
      let old = properties.cornerRadius
      properties.cornerRadius = newValue
      changed(\Layer.cornerRadius, key: "cornerRadius", from: old, to: newValue)
    }
  }
  /// The width of the border drawn inside the bounds.
  public var borderWidth: Double {
    get { properties.borderWidth }
    set {
      let old = properties.borderWidth
      properties.borderWidth = newValue
      changed(\Layer.borderWidth, key: "borderWidth", from: old, to: newValue)
    }
  }
  /// The border's colour.
  public var borderColor: Color {
    get { properties.borderColor }
    set {
      let old = properties.borderColor
      properties.borderColor = newValue
      changed(\Layer.borderColor, key: "borderColor", from: old, to: newValue)
    }
  }
  /// A shadow cast by the layer's content; `nil` for none.
  public var shadow: Shadow? {
    get { properties.shadow }
    set { properties.shadow = newValue }
  }
  /// Clips sublayers to the bounds (rounded by `cornerRadius`).
  public var masksToBounds: Bool {
    get { properties.masksToBounds }
    set { properties.masksToBounds = newValue }
  }
  /// When set, a renderer may draw this subtree once and reuse the pixels for as long as the
  /// key stays the same (Core Animation's `shouldRasterize`). Change the key when the subtree
  /// changes; animations inside a rasterized subtree are not shown.
  public var rasterizationKey: String? {
    get { properties.rasterizationKey }
    set { properties.rasterizationKey = newValue }
  }
  /// Whether the raster is worth keeping between runs (a renderer with a store saves it): yes
  /// for what stays the same for days, like a dial; no for a key that changes by the minute.
  public var rasterizationLasts: Bool {
    get { properties.rasterizationLasts }
    set { properties.rasterizationLasts = newValue }
  }
  /// Only this layer's alpha matters: the content shows where the mask is opaque.
  public var mask: Layer?
  /// The layers drawn over this one, first at the bottom.
  @exclusivity(unchecked) public private(set) final var sublayers: [Layer] = []
  /// The layer this one is a sublayer of.
  public private(set) weak var superlayer: Layer?
  /// For a copy made by ``presentation(at:)``, the model layer it shows; `nil` for a model
  /// layer. Caches kept across frames (a renderer's rasters) know a layer by it.
  public internal(set) weak var modelLayer: Layer?

  /// The layer's own clock: what time its animations and its sublayers' read (paused,
  /// scrubbed, faster or later than the scene's).
  public var timing = LayerTiming()

  /// The animations added, by key (``add(_:forKey:completion:)``), and whether each one's end
  /// has been reported.
  var animationEntries:
    [(
      key: String, animation: any Animation, completion: ((AnimationCompletion) -> Void)?,
      reported: Bool
    )] = []

  /// A layer with the default values: empty bounds at the origin, opaque, no background.
  public init() {}

  /// A copy of `other`'s model values and (copied) sublayers and mask, without animations.
  public required init(copying other: Layer) {
    properties = other.properties
    timing = other.timing
    mask = other.mask?.copy()
    // The key first: a plain field, where the thread's flag is a lookup, for every layer copied.
    if let key = other.properties.rasterizationKey, Layer.presenting.isSet,
      !other.sublayers.contains(where: \.hasAnimationsInSubtree)
    {
      // Drawn from its raster while the key stays: the copies made when the key was set are
      // shown again, and a clock's dial is not copied every second.
      if let kept = other.presentedSublayers, kept.key == key {
        sublayers = kept.layers
        reusesPresentedSublayers = true
        return
      }
      sublayers = other.sublayers.map { $0.copy() }
      other.presentedSublayers = (key, sublayers)
    } else {
      sublayers = other.sublayers.map { $0.copy() }
    }
    for sublayer in sublayers { sublayer.superlayer = self }
  }

  /// A rasterized layer's sublayers as last copied for a presentation, and the key they were
  /// copied under: later presentations with that key show the same copies.
  private var presentedSublayers: (key: String, layers: [Layer])?
  /// A presentation's copy whose sublayers are the copies an earlier one showed.
  private(set) var reusesPresentedSublayers = false

  /// A copy of the layer's model values and sublayers, without animations.
  public func copy() -> Layer { type(of: self).init(copying: self) }

  // MARK: Tree

  /// Adds `layer` on top of the sublayers, taking it from its old superlayer.
  public func addSublayer(_ layer: Layer) {
    layer.removeFromSuperlayer()
    sublayers.append(layer)
    layer.superlayer = self
  }

  /// Puts `layer` at `index` among the sublayers (0: at the bottom), taking it from its old
  /// superlayer.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    layer.removeFromSuperlayer()
    sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
    layer.superlayer = self
  }

  /// Takes the layer out of its superlayer.
  public func removeFromSuperlayer() {
    superlayer?.sublayers.removeAll { $0 === self }
    superlayer = nil
  }

  /// Takes every sublayer out.
  public func removeAllSublayers() {
    for layer in sublayers { layer.superlayer = nil }
    sublayers.removeAll()
  }

  /// Takes `layers` as sublayers without taking them from where they are: a presentation's
  /// instances (``ReplicatorLayer``) share what they draw.
  func share(_ layers: [Layer]) { sublayers = layers }

  // MARK: Presentation

  /// Shows the sublayers' animations at `t` (this layer's time) on `copy`'s sublayers (a
  /// replicator whose instances show different moments makes them here).
  func presentSublayers(into copy: Layer, at t: Double) {
    for (modelSub, copySub) in zip(sublayers, copy.sublayers) {
      modelSub.applyAnimations(to: copySub, at: t)
    }
  }

  /// The earliest time at or after `t` (this layer's time) at which a sublayer may change.
  func sublayersNextFrameTime(after t: Double) -> Double? {
    var next: Double?
    for sublayer in sublayers {
      if let time = sublayer.nextFrameTime(after: t) { next = min(next ?? time, time) }
    }
    return next
  }

  /// Multiplies every colour the layer and its sublayers paint by `color` (a replicator's
  /// instance colour). Subclasses tint their own colours too; pictures are not tinted.
  open func tint(by color: Color) {
    properties.backgroundColor = properties.backgroundColor?.multiplied(by: color)
    properties.borderColor = properties.borderColor.multiplied(by: color)
    if let shadow = properties.shadow {
      properties.shadow?.color = shadow.color.multiplied(by: color)
    }
    for sublayer in sublayers { sublayer.tint(by: color) }
  }

  // MARK: Damage

  /// Whether the layer itself (not its sublayers) draws the same as `other`, a layer of the
  /// same class. Subclasses with content compare it too. A rasterization key names a cache of
  /// the subtree and does not count here: where keys differ, the sublayers say what changed.
  open func drawsLike(_ other: Layer) -> Bool {
    guard properties.rasterizationKey != other.properties.rasterizationKey else {
      return properties == other.properties
    }
    var mine = properties
    mine.rasterizationKey = other.properties.rasterizationKey
    return mine == other.properties
  }

  /// A box around what the layer itself paints, in its own space (empty when it paints
  /// nothing); `nil` when it cannot say.
  open var contentBox: Rect? { backgroundColor != nil || borderWidth > 0 ? bounds : .zero }

  // MARK: Geometry

  /// The rect the layer covers in its superlayer, when its transform is the identity.
  public var frame: Rect {
    get {
      Rect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      bounds.size = newValue.size
      position = Point(
        x: newValue.minX + anchorPoint.x * newValue.width,
        y: newValue.minY + anchorPoint.y * newValue.height)
    }
  }

  /// Maps points of this layer's space into its superlayer's space.
  public var transformToSuperlayer: AffineTransform {
    let anchor = Point(
      x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    return AffineTransform(translationX: -anchor.x, y: -anchor.y)
      .concatenating(transform)
      .concatenating(AffineTransform(translationX: position.x, y: position.y))
  }
}
