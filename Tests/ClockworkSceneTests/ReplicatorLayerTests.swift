import ClockworkScene
import Testing

/// A replicator against CAReplicatorLayer's arithmetic: instance k is the sublayers through
/// instanceTransform applied k times about the centre, at time t − k·instanceDelay, tinted by
/// instanceColor plus k offsets.
@Suite struct ReplicatorLayerTests {
  /// A 100×100 replicator holding one 10×10 square at its top left.
  func replicator(count: Int) -> (ReplicatorLayer, ShapeLayer) {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    replicator.instanceCount = count
    let square = ShapeLayer()
    square.frame = Rect(x: 0, y: 0, width: 10, height: 10)
    square.path = .rect(Rect(x: 0, y: 0, width: 10, height: 10))
    square.fillColor = Color(red: 1, green: 1, blue: 1)
    replicator.addSublayer(square)
    return (replicator, square)
  }

  /// The instances as drawn at `t`: a presentation's, made as a renderer makes them.
  func drawn(_ replicator: ReplicatorLayer, at t: Double) -> Layer {
    let shown = replicator.presentation(at: t)
    return (shown as? ReplicatorLayer)?.instances() ?? shown
  }

  /// Where instance `k`'s copy of the first sublayer puts a point of its own space, in the
  /// replicator's space.
  func place(_ point: Point, instance k: Int, of presented: Layer) -> Point {
    let instance = presented.sublayers[k]
    return instance.sublayers[0].transformToSuperlayer
      .concatenating(instance.transformToSuperlayer).apply(to: point)
  }

  @Test func eachInstanceIsOneMoreStepOfTheTransform() {
    let (replicator, _) = replicator(count: 3)
    replicator.instanceTransform = AffineTransform(translationX: 20, y: 0)
    let shown = drawn(replicator, at: 0)
    #expect(shown.sublayers.count == 3)
    for k in 0..<3 {
      #expect(place(.zero, instance: k, of: shown) == Point(x: 20 * Double(k), y: 0))
    }
  }

  @Test func theTransformTurnsAboutTheCentre() {
    let (replicator, _) = replicator(count: 4)
    replicator.instanceTransform = AffineTransform(rotation: .pi / 2)
    let shown = drawn(replicator, at: 0)
    // The square's top left corner, (0, 0), a quarter turn clockwise about (50, 50) at a time.
    let corners = (0..<4).map { place(.zero, instance: $0, of: shown) }
    let expected = [
      Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100),
    ]
    for (corner, want) in zip(corners, expected) { #expect(corner.distance(to: want) < 1e-9) }
  }

  @Test func instancesAreLaterByTheDelay() {
    let (replicator, square) = replicator(count: 3)
    replicator.instanceDelay = 0.5
    square.add(
      BasicAnimation(
        \Layer.opacity, from: 0, to: 1, timing: AnimationTiming(beginTime: 0, duration: 1)),
      forKey: "fade")
    // Instances at different moments of their animation: the presentation holds them.
    let shown = replicator.presentation(at: 0.75)
    let opacities = shown.sublayers.map { $0.sublayers[0].opacity }
    #expect(opacities == [0.75, 0.25, 1])  // the last has not begun: its model value
    // The last instance's fade runs from 1 to 2: the scene changes until then.
    #expect(replicator.nextFrameTime(after: 1.5) == 1.5)
    #expect(replicator.nextFrameTime(after: 2) == nil)
    #expect(replicator.nextFrameTime(after: -3) == 0)
  }

  @Test func colourOffsetsTintEachInstance() {
    let (replicator, _) = replicator(count: 3)
    replicator.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
    replicator.instanceColorOffset = Color(red: -0.25, green: 0, blue: -0.75, alpha: 0)
    let shown = drawn(replicator, at: 0)
    let fills = shown.sublayers.map { ($0.sublayers[0] as? ShapeLayer)?.fillColor }
    #expect(fills[0] == Color(red: 1, green: 1, blue: 1))
    #expect(fills[1] == Color(red: 0.75, green: 1, blue: 0.25))
    #expect(fills[2] == Color(red: 0.5, green: 1, blue: 0))  // kept within 0…1
    #expect((replicator.sublayers[0] as? ShapeLayer)?.fillColor == .white)  // the model untinted
  }

  @Test func noInstancesDrawNothingAndOneIsTheSublayersAsTheyAre() {
    let (none, _) = replicator(count: 0)
    #expect(drawn(none, at: 0).sublayers.isEmpty)
    let (one, square) = replicator(count: 1)
    let shown = drawn(one, at: 0)
    #expect(shown.sublayers.count == 1 && shown.sublayers[0].drawsLike(square))
  }

  @Test func aPresentationKeepsTheSublayersOnceAndItsInstancesAreNotReplicatedAgain() {
    let (replicator, _) = replicator(count: 5)
    replicator.instanceTransform = AffineTransform(translationX: 10, y: 0)
    let once = replicator.presentation(at: 0)
    #expect(once.sublayers.count == 1)  // nothing made for a frame that is not drawn
    let instances = drawn(replicator, at: 0)
    #expect(instances.sublayers.count == 5)
    let again = (instances.presentation(at: 0) as? ReplicatorLayer)?.instances()
    #expect(again?.sublayers.count == 5)
    #expect(again?.sublayers.allSatisfy { $0.sublayers.count == 1 } == true)
  }

  @Test func aChangedSublayerDamagesEveryInstance() {
    let (replicator, square) = replicator(count: 3)
    replicator.instanceTransform = AffineTransform(translationX: 40, y: 0)
    let before = replicator.presentation(at: 0)
    square.fillColor = Color(red: 0, green: 0, blue: 1)
    guard case .area(let box) = Damage(from: before, to: replicator.presentation(at: 0)) else {
      Issue.record("expected an area")
      return
    }
    #expect(box.minX <= 0 && box.maxX >= 90)  // the squares at 0, 40 and 80
  }

  @Test func nothingChangesBetweenFramesOfAStillReplicator() {
    let (replicator, _) = replicator(count: 60)
    replicator.instanceTransform = AffineTransform(rotation: .pi / 30)
    #expect(
      Damage(from: replicator.presentation(at: 0), to: replicator.presentation(at: 1)) == .none)
    #expect(replicator.nextFrameTime(after: 0) == nil)
    // Turning it damages the whole ring of instances.
    let before = replicator.presentation(at: 0)
    replicator.instanceTransform = AffineTransform(rotation: .pi / 31)
    guard case .area(let box) = Damage(from: before, to: replicator.presentation(at: 0)) else {
      Issue.record("expected an area")
      return
    }
    #expect(box.width > 90 && box.height > 90)
  }
}

/// Sublayers put in at a place, as Core Animation's insertSublayer(_:at:).
@Suite struct InsertSublayerTests {
  @Test func aLayerGoesWhereItIsPutAndLeavesItsOldSuperlayer() {
    let (root, other) = (Layer(), Layer())
    let (a, b, c) = (Layer(), Layer(), Layer())
    root.addSublayer(a)
    root.addSublayer(b)
    other.addSublayer(c)
    root.insertSublayer(c, at: 0)
    #expect(root.sublayers.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
    #expect(other.sublayers.isEmpty && c.superlayer === root)
    root.insertSublayer(a, at: 99)  // past the end: on top
    #expect(root.sublayers.last === a && root.sublayers.count == 3)
  }
}
