import ClockworkScene

extension ClockFace {
  /// The point `hand` (one of ``ClockParts/hands``) turns about, in the face's points.
  public func pivot(of hand: ClockParts) -> Point {
    partRect(
      hand == .hourHand
        ? layout.hourHand : hand == .minuteHand ? layout.minuteHand : layout.secondHand
    ).center
  }

  /// The shadow `hand` (one of ``ClockParts/hands``) casts, in points; `nil` for none.
  public func shadow(of hand: ClockParts) -> Shadow? {
    shadow(
      (hand == .hourHand
        ? theme.hourHand : hand == .minuteHand ? theme.minuteHand : theme.secondHand)
        .shadow)
  }

  /// A part's own shadow, else the theme's, in points; none when its opacity is 0.
  func shadow(_ own: ClockTheme.HandShadow?) -> Shadow? {
    guard let style = own ?? theme.shadow, style.opacity > 0 else { return nil }
    let r = dialRadius
    return Shadow(
      color: style.color, opacity: style.opacity,
      offset: Size(width: style.offsetX * r, height: style.offsetY * r),
      radius: style.blur * r)
  }

  /// A hand pivoting at the centre of `rect`, pointing at 12 until it is turned: a bar from
  /// `start` to `end` of half the rect's width, or the hand's picture.
  func makeHand(_ style: ClockTheme.Hand, in rect: Rect) -> Layer {
    let r = rect.width / 2
    if let image = style.image {
      let size = image.size ?? Size(width: 1, height: 1)
      let picture = ImageLayer()
      picture.image = image
      // The picture's top reaches `end`: its height is that over the pivot's share of it.
      let height = style.end * r / max(style.pivot.y, 0.01)
      let width = height * size.width / max(size.height, 1)
      picture.bounds = Rect(x: 0, y: 0, width: width, height: height)
      picture.anchorPoint = style.pivot
      picture.position = rect.center
      picture.shadow = shadow(style.shadow)
      return picture
    }
    let hand = ShapeLayer()
    let width = max(style.width * r, 1)
    let disc = style.disc * r
    let length = (style.end - style.start) * r
    let boxWidth = max(width, 2 * disc)
    hand.bounds = Rect(x: 0, y: 0, width: boxWidth, height: length + disc)
    // The pivot: `end` of the radius below the tip (plus room for the disc above it).
    hand.anchorPoint = Point(x: 0.5, y: (style.end * r + disc) / (length + disc))
    hand.position = rect.center
    let bar = Rect(x: (boxWidth - width) / 2, y: disc, width: width, height: length)
    var path = Path.roundedRect(bar, radius: width / 2)
    if disc > 0 {
      for element in Path.circle(center: Point(x: boxWidth / 2, y: disc + 0.05 * r), radius: disc)
        .elements
      {
        switch element {
        case .move(let p): path.move(to: p)
        case .arc(let c, let radius, let a, let b):
          path.addArc(center: c, radius: radius, startAngle: a, endAngle: b)
        case .close: path.close()
        default: break
        }
      }
    }
    hand.path = path
    hand.fillColor = style.color
    hand.shadow = shadow(style.shadow)
    return hand
  }
}
