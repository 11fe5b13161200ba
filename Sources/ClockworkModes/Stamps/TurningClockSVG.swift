import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import FoundationEssentials

/// A clock face as one SVG whose hands turn by themselves: the dial drawn once, each hand a group
/// turned by SMIL's `animateTransform` from the moment shown (quartz in discrete steps, a sweep
/// as a linear turn, recoil as its keyframes), each hand's shadow a blurred copy of it that
/// turns with it but falls the same way. A viewer without animation (librsvg) shows the moment
/// itself.
///
/// ```swift
/// let svg = try TurningClockSVG.document(face: face, at: date, zone: .local)
/// ```
public enum TurningClockSVG {
  /// How one hand turns: `values` (degrees clockwise from 12) over `period` seconds, held
  /// between them (`discrete`) or moved evenly (`keyTimes` in fractions of the period, or evenly
  /// spaced); `phase` seconds into the period at the moment shown.
  struct Turn: Equatable {
    var period: Double
    var values: [Double]
    var keyTimes: [Double]?
    var discrete = false
    var phase: Double
  }

  /// The SVG of `face` (its size, theme, parts, oscillator and night shade) at `date` in
  /// `zone`, its hands turning from there.
  public static func document(face: ClockFace, at date: Date, zone: Zone) throws -> String {
    let size = face.size
    let frontRing = face.theme.ring.front
    let base = ClockFace(
      size: size, theme: face.theme,
      parts: face.parts.subtracting(.hands).subtracting(.cap).subtracting(frontRing ? .ring : []))
    base.isNight = face.isNight
    var sections = [try fragment(of: base.layer, size: size, prefix: "cw-dial-")]
    var defs: [String] = []
    let time = WallTime(date: date, zone: zone)
    let dial: Dial = face.theme.numerals.twentyFour ? .twentyFourHour : .twelveHour
    let angles = DialAngles(time: time, dial: dial, oscillator: face.oscillator)
    for (hand, name, angle) in [
      (ClockParts.hourHand, "hour", angles.hour), (.minuteHand, "minute", angles.minute),
      (.secondHand, "second", angles.second),
    ] where face.parts.contains(hand) {
      var theme = face.theme
      for keyPath in [\ClockTheme.hourHand, \.minuteHand, \.secondHand] {
        theme[keyPath: keyPath].shadow = .init(opacity: 0, offset: 0, blur: 0)
      }
      let alone = ClockFace(size: size, theme: theme, parts: hand)
      alone.show(DialAngles(hour: 0, minute: 0, second: 0))
      let id = "cw-\(name)"
      let pivot = face.pivot(of: hand)
      if let shadow = face.shadow(of: hand) {
        defs.append(filter(id: "\(id)-shadow", shadow, size: size))
        sections.append(
          "<use xlink:href=\"#\(id)\" transform=\"translate(\(number(shadow.offset.width)) \(number(shadow.offset.height)))\" filter=\"url(#\(id)-shadow)\"/>"
        )
      }
      let turn = Self.turn(of: hand, at: time, dial: dial, oscillator: face.oscillator)
      sections.append(
        "<g id=\"\(id)\" transform=\"rotate(\(number(angle * 180 / .pi)) \(number(pivot.x)) \(number(pivot.y)))\">"
          + animation(turn, pivot: pivot)
          + (try fragment(of: alone.layer, size: size, prefix: "\(id)-")) + "</g>")
    }
    let topParts = face.parts.intersection(frontRing ? [.cap, .ring] : [.cap])
    if !topParts.isEmpty {
      let top = ClockFace(size: size, theme: face.theme, parts: topParts)
      sections.append(try fragment(of: top.layer, size: size, prefix: "cw-top-"))
    }
    let side = number(size)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
      width="\(side)px" height="\(side)px" viewBox="0 0 \(side) \(side)" version="1.1">
      <defs>
      \(defs.joined(separator: "\n"))
      </defs>
      \(sections.joined(separator: "\n"))
      </svg>

      """
  }

  /// How `hand` turns from `time`: the hour and minute hands evenly, the second hand as the
  /// oscillator moves it.
  static func turn(of hand: ClockParts, at time: WallTime, dial: Dial, oscillator: Oscillator)
    -> Turn
  {
    let seconds = Double(time.second) + Double(time.nanosecond) / 1e9
    let minutes = Double(time.minute) * 60 + seconds
    switch hand {
    case .hourHand:
      let period = Double(dial.hours) * 3600
      return Turn(
        period: period, values: [0, 360],
        phase: Double(time.hour % dial.hours) * 3600 + minutes)
    case .minuteHand:
      return Turn(period: 3600, values: [0, 360], phase: minutes)
    default:
      return secondTurn(oscillator, phase: seconds)
    }
  }

  /// The second hand's minute: its steps sampled from the oscillator itself.
  static func secondTurn(_ oscillator: Oscillator, phase: Double) -> Turn {
    func degrees(_ s: Double) -> Double {
      oscillator.secondHandAngle(secondsIntoMinute: s) * 180 / .pi
    }
    switch oscillator {
    case .sweep:
      return Turn(period: 60, values: [0, 360], phase: phase)
    case .quartz, .mechanical:
      let steps =
        if case .mechanical(let beats) = oscillator {
          Int((60 * Oscillator.beatsPerSecond(beats)).rounded())
        } else { 60 }
      let times = (0..<steps).map { Double($0) / Double(steps) }
      return Turn(
        period: 60, values: times.map { degrees($0 * 60) }, keyTimes: times, discrete: true,
        phase: phase)
    case .quartzRecoil:
      // Each second: the jump past the mark, the recoil back to it in five samples, then held
      // to the next jump (two keys at one time make a jump).
      var (values, times) = ([Double](), [Double]())
      for second in 0..<60 {
        for step in 0...4 {
          let s = Double(second) + Double(step) / 4 * Oscillator.recoilDuration
          values.append(degrees(s) < Double(second) * 6 - 180 ? degrees(s) + 360 : degrees(s))
          times.append(s / 60)
        }
        values.append(Double(second) * 6)
        times.append(Double(second + 1) / 60)
      }
      values.append(360)
      times.append(1)
      return Turn(period: 60, values: values, keyTimes: times, phase: phase)
    }
  }

  /// The `animateTransform` that turns a group about `pivot` as `turn` says, forever, started
  /// `phase` seconds into its period so that it begins at the moment shown.
  static func animation(_ turn: Turn, pivot: Point) -> String {
    let center = " \(number(pivot.x)) \(number(pivot.y))"
    let values = turn.values.map { number($0) + center }.joined(separator: ";")
    let keys = turn.keyTimes.map { " keyTimes=\"\($0.map(number).joined(separator: ";"))\"" } ?? ""
    return
      "<animateTransform attributeName=\"transform\" type=\"rotate\" values=\"\(values)\"\(keys)"
      + (turn.discrete ? " calcMode=\"discrete\"" : "")
      + " dur=\"\(number(turn.period))s\" begin=\"-\(number(turn.phase))s\" repeatCount=\"indefinite\"/>"
  }

  /// A shadow as an SVG filter: the shape's alpha blurred as our renderer blurs it (three box
  /// passes of radius r: a Gaussian of σ² = r² + r) and tinted.
  static func filter(id: String, _ shadow: Shadow, size: Double) -> String {
    let r = (shadow.radius / 2 * 0.9).rounded()
    let sigma = (r * r + r).squareRoot()
    let (color, alpha) = (shadow.color, shadow.color.alpha * shadow.opacity)
    let blur =
      sigma > 0
      ? "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(number(sigma))\" result=\"blurred\"/>"
      : ""
    let matrix = [
      "0 0 0 0 \(number(color.red))", "0 0 0 0 \(number(color.green))",
      "0 0 0 0 \(number(color.blue))", "0 0 0 \(number(alpha)) 0",
    ].joined(separator: " ")
    return
      "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(number(size))\" height=\"\(number(size))\">"
      + blur
      + "<feColorMatrix in=\"\(sigma > 0 ? "blurred" : "SourceAlpha")\" type=\"matrix\" values=\"\(matrix)\"/></filter>"
  }

  /// What Cairo draws of `layer` as SVG, without its document around it, its ids (and the
  /// references to them) led by `prefix` so that several fragments live in one document.
  static func fragment(of layer: Layer, size: Double, prefix: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clockwork-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: file) }
    let side = Int(size.rounded(.up))
    try Renderer().write(layer, width: side, height: side, to: file, format: .svg)
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    guard let open = text.firstRange(of: "<svg"),
      let openEnd = text[open.upperBound...].firstIndex(of: ">"),
      let close = text.ranges(of: "</svg>").last
    else { return "" }
    return String(text[text.index(after: openEnd)..<close.lowerBound])
      .replacing("id=\"", with: "id=\"\(prefix)")
      .replacing("href=\"#", with: "href=\"#\(prefix)")
      .replacing("url(#", with: "url(#\(prefix)")
  }

  /// A number as SVG writes it: up to four decimals, no trailing zeros.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
