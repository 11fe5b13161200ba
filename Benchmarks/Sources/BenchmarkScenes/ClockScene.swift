import ClockworkScene
import Foundation

/// A clock-like tree of 40 layers with 5 running animations (3 hands, a ring's strokeEnd, a
/// pulse's opacity and scale in a group).
public func makeScene(size: Double = 480) -> Layer {
  let root = Layer()
  root.frame = Rect(x: 0, y: 0, width: size, height: size)
  root.backgroundColor = Color(hex: 0x202020)
  let center = Point(x: size / 2, y: size / 2)
  let dial = ShapeLayer()
  dial.frame = root.bounds
  dial.path = Path.circle(center: center, radius: size * 0.45)
  dial.fillColor = .white
  root.addSublayer(dial)
  for tick in 0..<30 {  // 30 ticks
    let layer = ShapeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 3, height: 14)
    layer.anchorPoint = Point(x: 0.5, y: 0)
    layer.position = Point(onCircleAround: center, radius: size * 0.43, angle: Double(tick) * .pi / 15)
    layer.transform = AffineTransform(rotation: Double(tick) * .pi / 15 + .pi)
    layer.path = Path.rect(layer.bounds)
    layer.fillColor = .black
    root.addSublayer(layer)
  }
  let timing = AnimationTiming(beginTime: 0, duration: 60)
  for (index, length) in [0.25, 0.35, 0.4].enumerated() {  // 3 hands, animated
    let hand = Layer()
    hand.bounds = Rect(x: 0, y: 0, width: 8 - Double(index) * 2, height: size * length)
    hand.anchorPoint = Point(x: 0.5, y: 1)
    hand.position = center
    hand.backgroundColor = .black
    hand.shadow = index == 2 ? Shadow(opacity: 0.3, offset: Size(width: 2, height: 2), radius: 2) : nil
    var spin = timing
    spin.repeatCount = .infinity
    hand.add(BasicAnimation(\Layer.transform, from: .identity, to: AffineTransform(rotation: 3), timing: spin), forKey: "spin")
    root.addSublayer(hand)
  }
  let cap = ShapeLayer()  // 1
  cap.frame = root.bounds
  cap.path = Path.circle(center: center, radius: 6)
  cap.fillColor = Color(hex: 0xCC0000)
  root.addSublayer(cap)
  let ring = ShapeLayer()  // the ring's mask
  ring.frame = root.bounds
  ring.path = Path.circle(center: center, radius: size * 0.48)
  ring.fillColor = nil
  ring.strokeColor = .white
  ring.lineWidth = 8
  ring.lineCap = .round
  ring.add(BasicAnimation(\ShapeLayer.strokeEnd, from: 0, to: 1, timing: timing), forKey: "progress")
  let gradient = GradientLayer()  // 1 (+ mask)
  gradient.frame = root.bounds
  gradient.kind = .conic
  gradient.startPoint = Point(x: 0.5, y: 0.5)
  gradient.colors = [Color(hex: 0xCE0755), Color(hex: 0xF5B433)]
  gradient.mask = ring
  root.addSublayer(gradient)
  let pulse = ShapeLayer()  // 1, animated by a group
  pulse.frame = root.bounds
  pulse.path = Path.circle(center: center, radius: size * 0.3)
  pulse.fillColor = Color(hex: 0x820B36)
  var pulseTiming = AnimationTiming(beginTime: 0, duration: 1, timingFunction: .easeInEaseOut)
  pulseTiming.repeatCount = .infinity
  pulse.add(
    AnimationGroup(
      [
        BasicAnimation(\Layer.transform, from: .identity, to: AffineTransform(scale: 1.2), timing: AnimationTiming(beginTime: 0, duration: 1)),
        BasicAnimation(\Layer.opacity, from: 0.7, to: 0, timing: AnimationTiming(beginTime: 0, duration: 1)),
      ], timing: pulseTiming), forKey: "pulse")
  root.insertSublayerBelowAll(pulse)
  let label = TextLayer()  // 1
  label.frame = Rect(x: 0, y: size * 0.6, width: size, height: 40)
  label.string = "12:34:56"
  label.fontSize = 28
  label.alignment = .center
  label.foregroundColor = .black
  root.addSublayer(label)
  return root
}

extension Layer {
  public func insertSublayerBelowAll(_ layer: Layer) {
    let others = sublayers
    removeAllSublayers()
    addSublayer(layer)
    for other in others { addSublayer(other) }
  }

  public var layerCount: Int { 1 + (mask?.layerCount ?? 0) + sublayers.reduce(0) { $0 + $1.layerCount } }
}

