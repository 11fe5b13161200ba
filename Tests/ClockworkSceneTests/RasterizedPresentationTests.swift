import ClockworkScene
import Testing

/// A rasterized subtree in presentations: copied when its key changes, shown again while the key
/// stays, and never the model itself.
@Suite struct RasterizedPresentationTests {
  /// A root with a rasterized group holding a dial and a hand, the group keyed by `key`.
  func scene(key: String?) -> (root: Layer, group: Layer, hand: ShapeLayer) {
    let root = Layer()
    root.anchorPoint = .zero
    root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    let group = Layer()
    group.frame = root.bounds
    group.rasterizationKey = key
    let dial = ShapeLayer()
    dial.frame = root.bounds
    dial.path = .rect(dial.bounds)
    dial.fillColor = .white
    let hand = ShapeLayer()
    hand.bounds = Rect(x: 0, y: 0, width: 4, height: 40)
    hand.anchorPoint = Point(x: 0.5, y: 1)
    hand.position = Point(x: 50, y: 50)
    hand.path = .rect(hand.bounds)
    hand.fillColor = .black
    group.addSublayer(dial)
    group.addSublayer(hand)
    root.addSublayer(group)
    return (root, group, hand)
  }

  @Test func whileTheKeyStaysTheSameCopiesAreShownAndTheModelIsNot() {
    let (root, group, _) = scene(key: "10:08")
    let first = root.presentation(at: 0)
    let second = root.presentation(at: 1)
    #expect(first !== second && first.sublayers[0] !== second.sublayers[0])
    for (a, b) in zip(first.sublayers[0].sublayers, second.sublayers[0].sublayers) {
      #expect(a === b)
    }
    for (shown, model) in zip(second.sublayers[0].sublayers, group.sublayers) {
      #expect(shown !== model)
    }
    #expect(Damage(from: first, to: second) == .none)
  }

  @Test func aNewKeyCopiesTheSubtreeAgainAndItsDamageIsWhereItChanged() {
    let (root, group, hand) = scene(key: "10:08")
    let before = root.presentation(at: 0)
    hand.transform = AffineTransform(rotation: .pi / 2)
    group.rasterizationKey = "10:09"
    let after = root.presentation(at: 0)
    #expect(after.sublayers[0].sublayers[1] !== before.sublayers[0].sublayers[1])
    // The earlier presentation still shows the hand where it was.
    #expect(before.sublayers[0].sublayers[1].transform == .identity)
    #expect(after.sublayers[0].sublayers[1].transform == AffineTransform(rotation: .pi / 2))
    guard case .area(let box) = Damage(from: before, to: after) else {
      Issue.record("expected an area")
      return
    }
    // Where the hand was (pointing up) and is (pointing right), not the whole dial.
    #expect(box.minX < 50 && box.maxX > 85 && box.minY < 15 && box.maxY < 60, "\(box)")
  }

  @Test func withoutAKeyEveryPresentationIsACopyOfItsOwn() {
    let (root, _, _) = scene(key: nil)
    let first = root.presentation(at: 0)
    let second = root.presentation(at: 0)
    #expect(first.sublayers[0].sublayers[0] !== second.sublayers[0].sublayers[0])
  }

  @Test func animationsUnderAKeyAreStillShownAtEachTime() {
    let (root, _, hand) = scene(key: "10:08")
    hand.add(
      BasicAnimation(
        \Layer.opacity, from: 0, to: 1, timing: AnimationTiming(beginTime: 0, duration: 10)),
      forKey: "fade")
    let early = root.presentation(at: 2).sublayers[0].sublayers[1]
    let late = root.presentation(at: 8).sublayers[0].sublayers[1]
    #expect(early !== late)
    #expect(abs(early.opacity - 0.2) < 1e-9 && abs(late.opacity - 0.8) < 1e-9)
  }

  @Test func aModelCopyIsDeepEvenOfARasterizedLayer() {
    let (root, group, _) = scene(key: "10:08")
    _ = root.presentation(at: 0)
    let copy = group.copy()
    #expect(copy.sublayers.count == 2)
    for (copied, model) in zip(copy.sublayers, group.sublayers) {
      #expect(copied !== model && copied.superlayer === copy)
    }
  }
}
