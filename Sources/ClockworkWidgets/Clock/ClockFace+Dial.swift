import ClockworkScene
import FoundationEssentials

extension ClockFace {
  static let romanNumerals = [
    "XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
  ]

  /// Dial, its picture, ticks, numerals and (unless it is in front) the ring: the parts that move only on resize or theme.
  func buildStaticParts() {
    let dialRect = partRect(layout.dial)
    let center = dialRect.center
    let r = dialRect.width / 2
    if parts.contains(.dial), let dialMaker {
      staticParts.addSublayer(dialMaker(dialRect))
    } else if parts.contains(.dial) {
      let dial = ShapeLayer()
      dial.frame = layer.bounds
      let border = theme.dial.borderWidth * r
      dial.path = Path.circle(center: center, radius: r - border / 2)
      dial.fillColor = theme.dial.color
      dial.strokeColor = border > 0 ? theme.dial.borderColor : nil
      dial.lineWidth = border
      staticParts.addSublayer(dial)
    }
    if let picture = theme.dial.image {
      let image = ImageLayer()
      image.image = picture
      switch theme.dial.imagePlacement {
      case .center:
        let size = picture.size ?? Size(width: 2 * r, height: 2 * r)
        image.frame = Rect(
          x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
          height: size.height)
        image.contentsGravity = .center
      case .fit:
        image.frame = dialRect
        image.contentsGravity = .resizeAspect
      case .fill:
        image.frame = dialRect
        image.contentsGravity = .resizeAspectFill
        image.cornerRadius = r
      }
      staticParts.addSublayer(image)
    }
    if parts.contains(.ticks) {
      for ticks in makeTicks(dialRect) { staticParts.addSublayer(ticks) }
    }
    if parts.contains(.numerals), theme.numerals.style != .none {
      let count = theme.numerals.twentyFour ? 24 : 12
      for index in 0..<count {
        let label = TextLayer()
        let position = Point(
          onCircleAround: center, radius: theme.numerals.radius * r,
          angle: Double(index) * 2 * .pi / Double(count))
        let box = theme.numerals.size * r * 2.2
        label.frame = Rect(
          x: position.x - box / 2, y: position.y - box / 2, width: box, height: box)
        label.string = numeral(index, of: count)
        label.fontFamily = theme.numerals.font
        label.fontSize = theme.numerals.size * r * (count == 24 ? 0.7 : 1)
        label.foregroundColor = theme.numerals.color
        if boldNumerals { label.fontWeight = .bold }
        label.alignment = .center
        label.verticalAlignment = .center
        staticParts.addSublayer(label)
      }
    }
    if !theme.ring.front, let ring = makeRing() { staticParts.addSublayer(ring) }
  }

  /// The sixty ticks as Core Animation would draw them: the hour tick turned twelve times 30°
  /// on, and the minute tick four times 6° on, that turned twelve times 30° on.
  func makeTicks(_ dialRect: Rect) -> [ReplicatorLayer] {
    let r = dialRect.width / 2
    let center = Point(x: r, y: r)
    let inner = r * (1 - theme.dial.borderWidth) - 0.02 * r
    func hours(_ sublayer: Layer) -> ReplicatorLayer {
      let hours = ReplicatorLayer()
      hours.frame = dialRect
      hours.instanceCount = 12
      hours.instanceTransform = AffineTransform(rotation: .pi / 6)
      hours.addSublayer(sublayer)
      return hours
    }
    return [false, true].compactMap { major in
      let length = (major ? theme.ticks.majorLength : theme.ticks.minorLength) * r
      let width = (major ? theme.ticks.majorWidth : theme.ticks.minorWidth) * r
      guard length > 0, width > 0 else { return nil }
      let angle = major ? 0 : Double.pi / 30
      let tick = ShapeLayer()
      tick.frame = Rect(x: 0, y: 0, width: 2 * r, height: 2 * r)
      tick.path = Path {
        $0.move(to: Point(onCircleAround: center, radius: inner, angle: angle))
        $0.line(to: Point(onCircleAround: center, radius: inner - length, angle: angle))
      }
      tick.fillColor = nil
      tick.strokeColor = theme.ticks.color
      tick.lineWidth = width
      if major { return hours(tick) }
      let minutes = ReplicatorLayer()
      minutes.frame = tick.frame
      minutes.instanceCount = 4
      minutes.instanceTransform = AffineTransform(rotation: .pi / 30)
      minutes.addSublayer(tick)
      return hours(minutes)
    }
  }

  func makeRing() -> ShapeLayer? {
    guard parts.contains(.ring), theme.ring.width > 0 else { return nil }
    let ringRect = partRect(layout.ring)
    let ring = ShapeLayer()
    ring.frame = layer.bounds
    let width = theme.ring.width * dialRadius
    ring.path = Path.circle(center: ringRect.center, radius: ringRect.width / 2 - width / 2)
    ring.fillColor = nil
    ring.strokeColor = theme.ring.color
    ring.lineWidth = width
    return ring
  }

  func numeral(_ index: Int, of count: Int) -> String {
    if count == 24 { return String(index == 0 ? 24 : index) }
    switch theme.numerals.style {
    case .roman: return Self.romanNumerals[index]
    default: return String(index == 0 ? 12 : index)
    }
  }
}
