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
  /// The face's root layer, to add to a scene or render.
  public let layer = Layer()
  /// The side of the face's square, in points.
  public private(set) var size: Double
  /// The face's look.
  public private(set) var theme: ClockTheme
  /// The parts drawn.
  public private(set) var parts: ClockParts
  /// Where each part sits: the theme's layout.
  public var layout: ClockLayout { theme.layout }
  /// How the hands move: in steps, with a recoil, ticking at a beat, or sweeping.
  public var oscillator: Oscillator

  let staticParts = Layer()
  /// The dial and the hour and minute hands: everything under the second hand.
  let slowParts = Layer()
  /// `staticParts`' rasterization key.
  private var dialKey = ""
  /// Bars (shape layers) or pictures (image layers), made again when the theme changes.
  private(set) var hourHand = Layer()
  private(set) var minuteHand = Layer()
  private(set) var secondHand = Layer()
  let cap = ShapeLayer()
  /// The ring when it is in front of the hands, rasterized on its own.
  let frontRing = Layer()
  let nightShade = ShapeLayer()

  /// Night where the face's zone is: a deep blue shade over the dial, under the hands (world
  /// clocks, GNOME Clocks' dark tiles). Part of the dial's raster, kept apart by its key.
  public var isNight = false {
    didSet { if isNight != oldValue { rebuild() } }
  }

  /// Numerals in bold: where edges are not blended (a terminal of 16 colours or none), a thin
  /// stroke of a regular numeral can fall between two samples and vanish (a 2 read as a 7).
  public var boldNumerals = false {
    didSet { if boldNumerals != oldValue { rebuild() } }
  }

  /// A hand of your own (FWTClock's custom layer per hand): given the hand's radius (the
  /// length a hand of `end` 1 would have), a layer pointing to 12 whose anchor point is its
  /// pivot. The face puts it at the centre and turns it as its own; the theme's hand is not
  /// drawn. Drawn and animated like the face's own parts.
  public typealias HandMaker = (_ radius: Double) -> Layer

  /// Hands drawn by code, by part (`.hourHand`, `.minuteHand`, `.secondHand`).
  public var handMakers: [ClockParts: HandMaker] = [:] {
    didSet { rebuild() }
  }

  /// A dial of your own: given the dial's box, the layer drawn under the ticks and numerals in
  /// place of the theme's. Its raster is not kept between runs (code has no key that lasts).
  public var dialMaker: ((_ box: Rect) -> Layer)? {
    didSet { rebuild() }
  }

  /// The shade's colour over the dial at night.
  public static let nightShadeColor = Color(red: 0.03, green: 0.06, blue: 0.2, alpha: 0.55)

  /// A face of `size` points in `theme`, with `parts`, its hands moved by `oscillator`.
  public init(
    size: Double, theme: ClockTheme = .classic, parts: ClockParts = .all,
    oscillator: Oscillator = .quartz
  ) {
    self.size = size
    self.theme = theme
    self.parts = parts
    self.oscillator = oscillator
    rebuild()
  }

  /// Changes the size, the theme or the parts (any left `nil` stay) and rebuilds the face.
  public func configure(size: Double? = nil, theme: ClockTheme? = nil, parts: ClockParts? = nil) {
    if let size { self.size = size }
    if let theme { self.theme = theme }
    if let parts { self.parts = parts }
    rebuild()
  }

  /// The face's square, after the insets (fractions of the side).
  public var faceRect: Rect {
    let i = layout.insets
    let inner = Rect(x: 0, y: 0, width: size, height: size).inset(
      by: EdgeInsets(
        top: i.top * size, left: i.left * size, bottom: i.bottom * size, right: i.right * size))
    let side = max(0, min(inner.width, inner.height))
    return Rect(
      x: inner.center.x - side / 2, y: inner.center.y - side / 2, width: side, height: side)
  }

  /// Where a part sits, from its unit rect in the layout.
  func partRect(_ unit: Rect) -> Rect { faceRect.subrect(unit: unit) }

  var dialRadius: Double { partRect(layout.dial).width / 2 }
  /// The minute hand's length in points, which sets how finely the slow hands step.
  var minuteHandRadius: Double { partRect(layout.minuteHand).width / 2 }
  var secondHandRadius: Double { partRect(layout.secondHand).width / 2 }

  /// Points the hands at `date`'s local time in `zone`.
  public func show(date: Date, zone: Zone) {
    let angles = DialAngles(
      date: date, zone: zone,
      dial: theme.numerals.twentyFour ? .twentyFourHour : .twelveHour, oscillator: oscillator)
    show(angles)
  }

  /// Points the hands at `angles`.
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
    slowParts.rasterizationKey =
      parts.contains(.secondHand)
      ? "\(dialKey)\(handMakers.isEmpty ? "" : " code \(ObjectIdentifier(self).hashValue)") hands \(Int(hourStep)) \(Int(minuteStep))"
      : nil
  }

  /// Pixels per point of the image the face is drawn into, when it is known and small (a
  /// terminal): the hour and minute hands then move in steps of a pixel at the minute hand's
  /// tip. Their tips move less than a pixel a second, and redrawing that changes nothing
  /// visible but costs a frame's work.
  public var pixelScale: Double?

  /// The angle the minute hand's tip takes to move a pixel, or 0 to follow the oscillator.
  var handStep: Double {
    guard let pixelScale else { return 0 }
    return 1 / max(1, minuteHandRadius * theme.minuteHand.end * pixelScale)
  }

  /// Seconds from `date` until a hand next moves by at least a pixel (`pixelScale` pixels per
  /// point when the face is drawn larger or smaller than its size).
  public func delayToNextChange(after date: Date, zone: Zone, pixelScale: Double = 1) -> Double {
    let wall = WallTime(date: date, zone: zone)
    let seconds = Double(wall.second) + Double(wall.nanosecond) * 1e-9
    if parts.contains(.secondHand) {
      let tip = max(1, secondHandRadius * theme.secondHand.end * pixelScale)
      return oscillator.delayToNextChange(secondsIntoMinute: seconds, resolution: 1 / tip)
    }
    // Minute hand: its tip moves a pixel after this long; a stepping movement moves it only
    // on whole seconds (or beats).
    let tip = max(1, minuteHandRadius * theme.minuteHand.end * pixelScale)
    var continuous = (1 / tip) / (2 * Double.pi / 3600)
    if handStep > 0 {
      // Hands in steps: until the minute hand's angle reaches the next step.
      let minute = DialAngles(date: date, zone: zone, oscillator: .sweep).minute
      continuous =
        (((minute / handStep).rounded(.down) + 1) * handStep - minute) / (2 * Double.pi / 3600)
    }
    let toNextStep = oscillator.delayToNextChange(secondsIntoMinute: seconds, resolution: 1 / tip)
    if case .sweep = oscillator { return continuous }
    let steps = max(0, ((continuous - toNextStep) / 1).rounded(.up))
    return toNextStep + steps
  }

  /// A key that changes whenever the static parts would draw differently, and is the same in
  /// every run (a renderer may keep the raster on disk): the values, hashed.
  var staticKey: String {
    var hash = StableHash()
    theme.combine(into: &hash)
    parts.combine(into: &hash)
    size.combine(into: &hash)
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
    dialKey =
      staticKey + (isNight ? "-night" : "") + (boldNumerals ? "-bold" : "")
      + (dialMaker == nil ? "" : "-code \(ObjectIdentifier(self).hashValue)")
    staticParts.rasterizationKey = dialKey
    staticParts.rasterizationLasts = dialMaker == nil
    buildStaticParts()
    if isNight {
      let dial = partRect(layout.dial)
      nightShade.frame = layer.bounds
      nightShade.path = Path.circle(center: dial.center, radius: dial.width / 2)
      nightShade.fillColor = Self.nightShadeColor
      staticParts.addSublayer(nightShade)
    }
    slowParts.addSublayer(staticParts)
    layer.addSublayer(slowParts)
    for (part, style, unit) in [
      (ClockParts.hourHand, theme.hourHand, layout.hourHand),
      (.minuteHand, theme.minuteHand, layout.minuteHand),
      (.secondHand, theme.secondHand, layout.secondHand),
    ] {
      let hand =
        handMakers[part].map { maker in
          let made = maker(partRect(unit).width / 2)
          made.position = partRect(unit).center
          return made
        } ?? makeHand(style, in: partRect(unit))
      switch part {
      case .hourHand: hourHand = hand
      case .minuteHand: minuteHand = hand
      default: secondHand = hand
      }
      guard parts.contains(part) else { continue }
      (part == .secondHand ? layer : slowParts).addSublayer(hand)
    }
    if parts.contains(.cap), theme.cap.radius > 0 {
      let rect = partRect(layout.cap)
      cap.frame = layer.bounds
      cap.path = Path.circle(center: rect.center, radius: theme.cap.radius * rect.width / 2)
      cap.fillColor = theme.cap.color
      cap.shadow = shadow(theme.cap.shadow)
      layer.addSublayer(cap)
    }
    frontRing.removeAllSublayers()
    if theme.ring.front, let ring = makeRing() {
      frontRing.frame = layer.bounds
      frontRing.rasterizationKey = "\(dialKey) ring"
      frontRing.rasterizationLasts = true
      frontRing.addSublayer(ring)
      layer.addSublayer(frontRing)
    }
  }
}
