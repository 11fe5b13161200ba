import ClockworkCore
import ClockworkScene
import FoundationEssentials

/// The countdown ring: a grey track, a progress arc from 12 o'clock clockwise with a gradient
/// stroke and round caps, an optional pulse, and the remaining time in the middle.
///
/// ```swift
/// let t = 12.5   // the scene time of the frame
/// let ring = CountdownRing(size: 480)
/// ring.show(remaining: .seconds(42), progress: 0.3)
/// ring.setPulsing(true, at: t)
/// let frame = ring.layer.presentation(at: t)
/// ```
///
/// The progress arc is a gradient seen through a stroked circle (the original design's
/// CAGradientLayer with a CAShapeLayer mask); the gradient runs diagonally, so the arc's two
/// ends meet in one colour at 12 and round caps leave no seam.
public final class CountdownRing {
  /// What the label is drawn over, when the style names no label colour: `nil` for a
  /// transparent page (black, as the design), else black on light and white on dark.
  public var labelBackground: Color? {
    didSet { showCritical() }
  }

  /// The ring's root layer, to add to a scene or render.
  public let layer = Layer()
  /// The side of the ring's square, in points.
  public private(set) var size: Double
  /// The ring's look; setting it rebuilds the ring.
  public var style: Style { didSet { rebuild() } }

  let track = ShapeLayer()
  /// The track and the arc: drawn once a step of the arc, under one raster.
  let ringParts = Layer()
  let arcGradient = GradientLayer()
  let arcMask = ShapeLayer()
  let pulseGradient = GradientLayer()
  let pulseMask = ShapeLayer()
  /// The pulse and its echoes, each a beat's fraction later than the one before.
  let pulses = ReplicatorLayer()
  let label = TextLayer()
  let plate = ShapeLayer()
  /// Whether the pulse is running.
  public internal(set) var isPulsing = false { didSet { keepArcRaster() } }
  /// The arc's step, as a raster key.
  private var arcKey: String? { didSet { keepArcRaster() } }
  /// The arc is kept as a raster while the pulse beats (frames come faster than the arc
  /// steps); still, each frame is a step of its own and the ring is drawn only where it changed.
  private func keepArcRaster() { ringParts.rasterizationKey = isPulsing ? arcKey : nil }
  /// Whether the pulse is drawn with the ring. A terminal that paints the pulse itself (in
  /// palette entries) turns this off and reads ``pulse(at:steps:)``; the pulse goes on beating.
  public var drawsPulse = true { didSet { pulseGradient.isHidden = !isPulsing || !drawsPulse } }
  private var remaining = Duration.zero

  /// The pulse: scale 1 → 1.2 and opacity 0.7 → 0, ease-in-out, 1 s, repeating.
  public static let pulseDuration = 1.0
  /// The pulse's scale at the end of a beat.
  public static let pulseGrowth = 1.2
  static let pulseKey = "pulse"

  /// A ring of `size` points in `style`.
  public init(size: Double, style: Style = Style()) {
    self.size = size
    self.style = style
    rebuild()
  }

  /// Changes the ring's size and rebuilds it.
  public func resize(to size: Double) {
    self.size = size
    rebuild()
  }

  var center: Point { Point(x: size / 2, y: size / 2) }
  var radius: Double { style.radius * size }

  func rebuild() {
    layer.removeAllSublayers()
    layer.frame = Rect(x: 0, y: 0, width: size, height: size)
    let circle = Path {
      $0.move(to: Point(onCircleAround: center, radius: radius, angle: 0))
      $0.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
    }
    for shape in [track, arcMask] {
      shape.frame = layer.bounds
      shape.path = circle
      shape.fillColor = nil
      shape.lineWidth = style.lineWidth * size
      shape.lineCap = .round
    }
    track.strokeColor = style.track
    arcMask.strokeColor = .white
    // The pulse is the same band, filled between two circles rather than stroked: a filled
    // gradient is blended through one coverage mask, and the pulse is drawn at every frame.
    let band = style.lineWidth * size / 2
    pulseMask.frame = layer.bounds
    pulseMask.path = Path {
      for edge in [radius + band, radius - band] {
        $0.move(to: Point(onCircleAround: center, radius: edge, angle: 0))
        $0.addArc(center: center, radius: edge, startAngle: 0, endAngle: 2 * .pi)
        $0.close()
      }
    }
    pulseMask.fillRule = .evenOdd
    pulseMask.fillColor = .white
    pulseMask.strokeColor = nil
    for (gradient, colors, mask) in [
      (pulseGradient, style.pulse, pulseMask), (arcGradient, style.stroke, arcMask),
    ] {
      gradient.frame = layer.bounds
      gradient.colors = colors
      gradient.startPoint = Point(x: 0, y: 0)
      gradient.endPoint = Point(x: 1, y: 1)
      gradient.mask = mask
    }
    pulseGradient.isHidden = !isPulsing || !drawsPulse
    pulses.frame = layer.bounds
    let echoes = Style.pulseEchoesRange
    pulses.instanceCount = min(max(style.pulseEchoes, echoes.lowerBound), echoes.upperBound)
    pulses.instanceDelay = Self.pulseDuration / Double(pulses.instanceCount)
    pulses.addSublayer(pulseGradient)
    plate.frame = layer.bounds
    plate.path = .circle(center: center, radius: radius - band)
    plate.strokeColor = nil
    label.frame = layer.bounds
    label.fontFamily = style.font
    label.fontWeight = style.weight
    label.fontSize =
      size * (style.labelScale ?? Self.fittedScale(characters: label.string.count, style: style))
    showCritical()
    label.alignment = .center
    label.verticalAlignment = .center
    label.isHidden = !style.showsLabel
    ringParts.frame = layer.bounds
    for sublayer in [track, arcGradient] { ringParts.addSublayer(sublayer) }
    for sublayer in [pulses, ringParts, plate, label] { layer.addSublayer(sublayer) }
  }

  static let arcSteps = 1024.0

  /// Shows `progress` (0…1) of the ring filled and the remaining time as text (rounding up:
  /// it reads zero only at the end).
  public func show(remaining: Duration, progress: Double) {
    self.remaining = remaining
    // In steps of a 1024th of a turn (about a pixel on a ring 330 across): the arc and its
    // conic gradient are drawn once a step and reused while the pulse moves over them.
    let step = (min(max(progress, 0), 1) * Self.arcSteps).rounded()
    arcMask.strokeEnd = step / Self.arcSteps
    arcKey =
      "countdown ring \(Int(step)) \(progress <= 0) \(size) \(style.lineWidth) \(style.track) \(style.stroke)"
    arcGradient.isHidden = progress <= 0
    let text = CountdownFormat.string(remaining, tenths: showsTenths(remaining: remaining))
    if style.labelScale == nil, text.count != label.string.count {
      label.fontSize = size * Self.fittedScale(characters: text.count, style: style)
    }
    label.string = text
    showCritical()
  }

  /// Past the end, counting on (`timer --overtime`): the ring full and the time since the end
  /// as `+0:42`, in the last seconds' colours (the label's own where the style has none).
  public func show(overtime: Duration) {
    show(remaining: .zero, progress: 1)
    let text = CountdownFormat.over(overtime)
    if style.labelScale == nil, text.count != label.string.count {
      label.fontSize = size * Self.fittedScale(characters: text.count, style: style)
    }
    label.string = text
    label.foregroundColor = style.criticalLabel ?? labelColor(remaining: .zero)
    let plateColor = style.criticalPlate ?? style.plate
    plate.fillColor = plateColor
    plate.isHidden = plateColor == nil
  }

  /// The label's and the plate's colours for the time left.
  func showCritical() {
    label.foregroundColor = labelColor(remaining: remaining)
    let plateColor =
      isCritical(remaining: remaining) ? style.criticalPlate ?? style.plate : style.plate
    plate.fillColor = plateColor
    plate.isHidden = plateColor == nil
  }

  func isCritical(remaining: Duration) -> Bool {
    style.criticalSeconds > 0 && remaining <= .milliseconds(Int64(style.criticalSeconds * 1000))
  }

  /// The label's colour with `remaining` left: the critical colour in the last seconds.
  public func labelColor(remaining: Duration) -> Color {
    if let critical = style.criticalLabel, isCritical(remaining: remaining) { return critical }
    return style.label ?? (labelBackground.map { $0.isDark ? .white : .black } ?? .black)
  }

  func showsTenths(remaining: Duration) -> Bool {
    switch style.tenths ?? .always {
    case .always: true
    case .lastMinute: remaining < .seconds(60)
    case .never: false
    }
  }

  /// The time left as the label says it (whether or not it is drawn).
  public var labelText: String { label.string }

  /// The label's font size over the widget's size, as drawn now.
  public var labelFontScale: Double { label.fontSize / size }

  /// A font size (over the widget's size) at which `characters` fit across the inside of the
  /// ring: a bold digit is about 0.7 of the font size wide; at most 0.2.
  static func fittedScale(characters: Int, style: Style) -> Double {
    let inside = 2 * (style.radius - style.lineWidth) * 0.9
    return min(0.2, inside / (0.7 * Double(max(characters, 4))))
  }

  /// Seconds until the ring or label next changes visibly while counting down at real speed:
  /// the label's next tenth or second, or the arc's tip moving a pixel, whichever is first.
  /// The pulse, while on, needs frames continuously (the caller's frame rate).
  /// - Parameter remaining: the time left now.
  /// - Parameter total: the countdown's whole duration.
  /// - Parameter pixelScale: pixels per scene unit where the ring is drawn.
  public func delayToNextChange(remaining: Duration, total: Duration, pixelScale: Double = 1)
    -> Double
  {
    let left = remaining / .seconds(1)
    guard left > 0 else { return .infinity }
    let label = delayToNextLabel(remaining: remaining)
    let circumference = 2 * Double.pi * radius * pixelScale
    let arc = (total / .seconds(1)) / max(circumference, 1)
    return min(label, arc, left)
  }

  /// Seconds until the label next changes (its next tenth or second): where nothing is to move
  /// (reduced motion), the ring steps on with it rather than a pixel at a time.
  public func delayToNextLabel(remaining: Duration) -> Double {
    let left = remaining / .seconds(1)
    guard left > 0 else { return .infinity }
    let unit = showsTenths(remaining: remaining) ? 0.1 : 1.0
    return left - ((left / unit).rounded(.up) - 1) * unit
  }
}
