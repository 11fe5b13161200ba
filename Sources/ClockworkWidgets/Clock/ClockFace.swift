import ClockworkCore
import ClockworkScene
import FoundationEssentials

/// An analog clock face as a layer tree: dial, ticks, numerals, ring, three hands and a cap.
///
/// ```swift
/// let face = ClockFace(size: 480, theme: .station, oscillator: .quartzRecoil)
/// face.show(date: .now, zone: .local)
/// let frame = face.layer.presentation(at: 0)   // draw it with ClockworkCairo's Renderer
/// let wait = face.delayToNextChange(after: .now, zone: .local)
/// ```
///
/// What never moves (dial, ticks, numerals, ring) sits under one layer with a rasterization
/// key, so a renderer draws it once per size and theme. Hands follow the oscillator exactly.
/// When the hour and minute hands move in pixel steps (`pixelScale`), they are rasterized with
/// the dial until their next step: a second then draws only the second hand and the cap.
public final class ClockFace {
  public let layer = Layer()
  public private(set) var size: Double
  public private(set) var theme: ClockTheme
  public private(set) var parts: ClockParts
  public private(set) var layout: ClockLayout
  public var oscillator: Oscillator

  let staticParts = Layer()
  /// The dial and the hour and minute hands: everything under the second hand.
  let slowParts = Layer()
  /// `staticParts`' rasterization key.
  private var dialKey = ""
  let hourHand = ShapeLayer()
  let minuteHand = ShapeLayer()
  let secondHand = ShapeLayer()
  let cap = ShapeLayer()
  /// An optional picture under the dial's ticks (scaled to the dial).
  public var dialImage: ImageData? { didSet { rebuild() } }

  public init(
    size: Double, theme: ClockTheme = .classic, parts: ClockParts = .all, layout: ClockLayout = ClockLayout(),
    oscillator: Oscillator = .quartz
  ) {
    self.size = size
    self.theme = theme
    self.parts = parts
    self.layout = layout
    self.oscillator = oscillator
    rebuild()
  }

  public func configure(size: Double? = nil, theme: ClockTheme? = nil, parts: ClockParts? = nil, layout: ClockLayout? = nil) {
    if let size { self.size = size }
    if let theme { self.theme = theme }
    if let parts { self.parts = parts }
    if let layout { self.layout = layout }
    rebuild()
  }

  /// The face's square, after the insets.
  public var faceRect: Rect {
    let inner = Rect(x: 0, y: 0, width: size, height: size).inset(by: layout.insets)
    let side = min(inner.width, inner.height)
    return Rect(x: inner.center.x - side / 2, y: inner.center.y - side / 2, width: side, height: side)
  }

  var dialRadius: Double { faceRect.subrect(unit: layout.dial).width / 2 }
  var handsCenter: Point { faceRect.subrect(unit: layout.hands).center }
  var handsRadius: Double { faceRect.subrect(unit: layout.hands).width / 2 }

  /// Points the hands at `date`'s local time in `zone`.
  public func show(date: Date, zone: Zone) {
    let angles = DialAngles(
      date: date, zone: zone,
      dial: theme.numerals.twentyFour ? .twentyFourHour : .twelveHour, oscillator: oscillator)
    show(angles)
  }

  public func show(_ angles: DialAngles) {
    let step = handStep
    secondHand.transform = AffineTransform(rotation: angles.second)
    guard step > 0 else {
      hourHand.transform = AffineTransform(rotation: angles.hour)
      minuteHand.transform = AffineTransform(rotation: angles.minute)
      slowParts.rasterizationKey = nil
      return
    }
    let hourStep = (angles.hour / step).rounded(.down)
    let minuteStep = (angles.minute / step).rounded(.down)
    hourHand.transform = AffineTransform(rotation: hourStep * step)
    minuteHand.transform = AffineTransform(rotation: minuteStep * step)
    // Kept for a minute or so, a second hand's sixty frames: worth a raster of its own.
    slowParts.rasterizationKey = parts.contains(.secondHand) ? "\(dialKey) hands \(Int(hourStep)) \(Int(minuteStep))" : nil
  }

  /// Pixels per point of the image the face is drawn into, when it is known and small (a
  /// terminal): the hour and minute hands then move in steps of a pixel at the minute hand's
  /// tip. Their tips move less than a pixel a second, and redrawing that changes nothing
  /// visible but costs a frame's work.
  public var pixelScale: Double?

  /// The angle the minute hand's tip takes to move a pixel, or 0 to follow the oscillator.
  var handStep: Double {
    guard let pixelScale else { return 0 }
    return 1 / max(1, handsRadius * theme.minuteHand.end * pixelScale)
  }

  /// Seconds from `date` until a hand next moves by at least a pixel (`pixelScale` pixels per
  /// point when the face is drawn larger or smaller than its size).
  public func delayToNextChange(after date: Date, zone: Zone, pixelScale: Double = 1) -> Double {
    let wall = WallTime(date: date, zone: zone)
    let seconds = Double(wall.second) + Double(wall.nanosecond) * 1e-9
    if parts.contains(.secondHand) {
      let tip = max(1, handsRadius * theme.secondHand.end * pixelScale)
      return oscillator.delayToNextChange(secondsIntoMinute: seconds, resolution: 1 / tip)
    }
    // Minute hand: its tip moves a pixel after this long; a stepping movement moves it only
    // on whole seconds (or beats).
    let tip = max(1, handsRadius * theme.minuteHand.end * pixelScale)
    var continuous = (1 / tip) / (2 * Double.pi / 3600)
    if handStep > 0 {
      // Hands in steps: until the minute hand's angle reaches the next step.
      let minute = DialAngles(date: date, zone: zone, oscillator: .sweep).minute
      continuous = (((minute / handStep).rounded(.down) + 1) * handStep - minute) / (2 * Double.pi / 3600)
    }
    let toNextStep = oscillator.delayToNextChange(secondsIntoMinute: seconds, resolution: 1 / tip)
    if case .sweep = oscillator { return continuous }
    let steps = max(0, ((continuous - toNextStep) / 1).rounded(.up))
    return toNextStep + steps
  }

  /// A key that changes whenever the static parts would draw differently, and is the same in
  /// every run (a renderer may keep the raster on disk).
  /// (Their JSON is hashed: describing the structs by reflection is slow at start-up.)
  var staticKey: String {
    struct Key: Encodable {
      var theme: ClockTheme
      var parts: ClockParts
      var layout: ClockLayout
      var size: Double
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var hash = StableHash()
    hash.combine((try? encoder.encode(Key(theme: theme, parts: parts, layout: layout, size: size))) ?? Data())
    if let dialImage { hash.combine(dialImage.png) }
    return "clock-face-\(String(hash.value, radix: 16))"
  }

  func rebuild() {
    layer.removeAllSublayers()
    slowParts.removeAllSublayers()
    staticParts.removeAllSublayers()
    layer.frame = Rect(x: 0, y: 0, width: size, height: size)
    layer.backgroundColor = theme.background
    slowParts.frame = layer.bounds
    slowParts.rasterizationKey = nil  // until hands are shown in steps
    staticParts.frame = layer.bounds
    dialKey = staticKey
    staticParts.rasterizationKey = dialKey
    staticParts.rasterizationLasts = true
    buildStaticParts()
    slowParts.addSublayer(staticParts)
    layer.addSublayer(slowParts)
    for (part, hand, style) in [(ClockParts.hourHand, hourHand, theme.hourHand), (.minuteHand, minuteHand, theme.minuteHand), (.secondHand, secondHand, theme.secondHand)] {
      guard parts.contains(part) else { continue }
      configure(hand, style)
      (part == .secondHand ? layer : slowParts).addSublayer(hand)
    }
    if parts.contains(.cap), theme.cap.radius > 0 {
      cap.frame = layer.bounds
      cap.path = Path.circle(center: handsCenter, radius: theme.cap.radius * handsRadius)
      cap.fillColor = theme.cap.color
      cap.shadow = shadow
      layer.addSublayer(cap)
    }
  }

  var shadow: Shadow? {
    theme.shadow.map {
      Shadow(color: $0.color, opacity: $0.opacity, offset: Size(width: $0.offset * dialRadius, height: $0.offset * dialRadius), radius: $0.blur * dialRadius)
    }
  }

  /// A hand is a bar from `start` to `end` of the radius, pivoting at the centre.
  func configure(_ hand: ShapeLayer, _ style: ClockTheme.Hand) {
    let r = handsRadius
    let width = max(style.width * r, 1)
    let disc = style.disc * r
    let length = (style.end - style.start) * r
    let boxWidth = max(width, 2 * disc)
    hand.bounds = Rect(x: 0, y: 0, width: boxWidth, height: length + disc)
    // The pivot: `end` of the radius below the tip (plus room for the disc above it).
    hand.anchorPoint = Point(x: 0.5, y: (style.end * r + disc) / (length + disc))
    hand.position = handsCenter
    let bar = Rect(x: (boxWidth - width) / 2, y: disc, width: width, height: length)
    var path = Path.roundedRect(bar, radius: width / 2)
    if disc > 0 {
      for element in Path.circle(center: Point(x: boxWidth / 2, y: disc + 0.05 * r), radius: disc).elements {
        switch element {
        case .move(let p): path.move(to: p)
        case .arc(let c, let radius, let a, let b): path.addArc(center: c, radius: radius, startAngle: a, endAngle: b)
        case .close: path.close()
        default: break
        }
      }
    }
    hand.path = path
    hand.fillColor = style.color
    hand.shadow = shadow
  }
}
