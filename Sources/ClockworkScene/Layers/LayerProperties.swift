/// A drop shadow: the layer's silhouette, blurred, offset and tinted.
public struct Shadow: Hashable, Sendable {
  /// The shadow's colour.
  public var color: Color
  /// How opaque the shadow is, 0 to 1.
  public var opacity: Double
  /// How far the shadow falls from the content (y grows downwards).
  public var offset: Size
  /// Blur radius in points.
  public var radius: Double

  /// A shadow of `color` at `opacity`, moved by `offset` and blurred by `radius` points.
  public init(
    color: Color = .black, opacity: Double = 0.5, offset: Size = Size(width: 0, height: 3),
    radius: Double = 3
  ) {
    self.color = color
    self.opacity = opacity
    self.offset = offset
    self.radius = radius
  }
}

/// The plain properties of a ``Layer``.
public struct LayerProperties: Hashable, Sendable {
  /// See `Layer.name`.
  public var name: String? = nil
  /// See `Layer.bounds`.
  public var bounds: Rect = .zero
  /// See `Layer.position`.
  public var position: Point = .zero
  /// See `Layer.anchorPoint`.
  public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
  /// See `Layer.transform`.
  public var transform: AffineTransform = .identity
  /// See `Layer.opacity`.
  public var opacity: Double = 1
  /// See `Layer.isHidden`.
  public var isHidden: Bool = false
  /// See `Layer.backgroundColor`.
  public var backgroundColor: Color? = nil
  /// See `Layer.cornerRadius`.
  public var cornerRadius: Double = 0
  /// See `Layer.borderWidth`.
  public var borderWidth: Double = 0
  /// See `Layer.borderColor`.
  public var borderColor: Color = .black
  /// See `Layer.shadow`.
  public var shadow: Shadow? = nil
  /// See `Layer.masksToBounds`.
  public var masksToBounds: Bool = false
  /// See `Layer.rasterizationKey`.
  public var rasterizationKey: String? = nil
  /// See `Layer.rasterizationLasts`.
  public var rasterizationLasts: Bool = false

  /// The default layer's properties.
  public init() {}
}
