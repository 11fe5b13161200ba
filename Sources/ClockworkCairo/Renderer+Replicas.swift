import ClockworkScene

extension Renderer {
  /// A replicator's instances as one shape (its own and those of replicators inside it), when
  /// each instance is opaque shapes alike but for their paths under plain layers: one path is
  /// stroked or filled once (the dial's sixty ticks cost what two shapes cost, and look as they
  /// did as two), where drawing each instance would set up Cairo once a tick. `nil` when the
  /// subtree is anything else.
  static func flattened(_ replicator: ReplicatorLayer) -> ShapeLayer? {
    guard isPlain(replicator) else { return nil }
    var style: ShapeProperties?
    var lastShape: ShapeLayer?
    var path = Path()
    func gather(_ layer: Layer, in space: AffineTransform) -> Bool {
      // A replicator's sublayers are drawn in each instance's space.
      var spaces = [space]
      if let replicator = layer as? ReplicatorLayer, replicator.replicates {
        guard !replicator.tintsInstances else { return false }
        spaces = replicator.instanceSpaces.map { $0.concatenating(space) }
      }
      for sublayer in layer.sublayers {
        guard isPlain(sublayer) else { return false }
        if let shape = sublayer as? ShapeLayer {
          if shape !== lastShape {
            guard isOpaqueLine(shape) else { return false }
            var properties = shape.shapeProperties
            properties.path = style?.path ?? properties.path
            guard style == nil || style == properties else { return false }
            (style, lastShape) = (style ?? properties, shape)
          }
          for space in spaces {
            path.addPath(shape.path.applying(shape.transformToSuperlayer.concatenating(space)))
          }
        } else {
          guard type(of: sublayer) == Layer.self || sublayer is ReplicatorLayer else {
            return false
          }
          for space in spaces {
            guard gather(sublayer, in: sublayer.transformToSuperlayer.concatenating(space)) else {
              return false
            }
          }
        }
      }
      return true
    }
    guard gather(replicator, in: .identity), var shape = style else { return nil }
    shape.path = path
    let flat = ShapeLayer()
    flat.properties = replicator.properties
    flat.shapeProperties = shape
    return flat
  }

  /// Nothing but its geometry and sublayers: no paint, clip, mask, shadow or fade of its own.
  static func isPlain(_ layer: Layer) -> Bool {
    !layer.isHidden && layer.opacity == 1 && layer.mask == nil && layer.shadow == nil
      && layer.backgroundColor == nil && layer.borderWidth == 0 && !layer.masksToBounds
      && layer.rasterizationKey == nil
  }

  /// One opaque fill or one opaque, whole, undashed stroke: overlapping copies look the same
  /// drawn once.
  static func isOpaqueLine(_ shape: ShapeLayer) -> Bool {
    guard isSinglePaint(shape), shape.lineDashPattern.isEmpty, shape.strokeStart == 0,
      shape.strokeEnd == 1
    else { return false }
    return (shape.fillColor?.alpha ?? 1) == 1 && (shape.strokeColor?.alpha ?? 1) == 1
  }
}
