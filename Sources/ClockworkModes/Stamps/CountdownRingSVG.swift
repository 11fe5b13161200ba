import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import FoundationEssentials

/// The countdown ring as one SVG that counts down by itself (SMIL): the arc filling to the end,
/// the pulse beating while it runs, the backdrop cycling its colours, the time left in the
/// middle — each timed as the design times them, from the stamp's own ring (its geometry,
/// colours and labels). A viewer without animation (librsvg) shows its first moment.
///
/// ```swift
/// let svg = CountdownRingSVG.document(stamp)
/// ```
public enum CountdownRingSVG {
  /// The SVG of `stamp` counting down from its remaining time, its pulse starting at its phase
  /// (0 when none is given). Before the last minute the label shows whole seconds, as a
  /// terminal's does, unless the style says otherwise: a tenth a text would be ten times the
  /// size.
  public static func document(_ stamp: TimerStamp) -> String {
    let ring = stamp.ring
    var style = ring.style
    style.tenths = style.tenths ?? .lastMinute
    ring.style = style
    let size = ring.size
    let (c, r) = (size / 2, style.radius * size)
    let lineWidth = style.lineWidth * size
    let left = stamp.remaining / .seconds(1)
    let total = stamp.total / .seconds(1)
    var defs: [String] = []
    var body: [String] = []
    if let backdrop = stamp.backdrop {
      defs.append(cyclingGradient(backdrop.colors, size: size))
      body.append("<rect width=\"\(n(size))\" height=\"\(n(size))\" fill=\"url(#cw-backdrop)\"/>")
    }
    // The pulse: the ring's band, growing by a fifth and fading, a beat a second, until the end.
    defs.append(gradient(id: "cw-pulse", style.pulse, size: size))
    let phase = stamp.pulsePhase ?? 0
    let eased = TimingFunction.easeInEaseOut.progress(at: phase)
    let spline = "calcMode=\"spline\" keyTimes=\"0;1\" keySplines=\"0.42 0 0.58 1\""
    let beat = "dur=\"1s\" begin=\"-\(n(phase))s\" repeatCount=\"indefinite\""
    let band = lineWidth / 2
    body.append(
      """
      <g transform="translate(\(n(c)) \(n(c)))"><g transform="scale(\(n(1 + (CountdownRing.pulseGrowth - 1) * eased)))" \
      opacity="\(n(0.7 * (1 - eased)))">\
      <animateTransform attributeName="transform" type="scale" values="1;\(n(CountdownRing.pulseGrowth))" \(spline) \(beat)/>\
      <animate attributeName="opacity" values="0.7;0" \(spline) \(beat)/>\
      <set attributeName="visibility" to="hidden" begin="\(n(left))s" fill="freeze"/>\
      <path transform="translate(\(n(-c)) \(n(-c)))" fill-rule="evenodd" fill="url(#cw-pulse)" \
      d="\(circle(c, r + band)) \(circle(c, r - band))"/></g></g>
      """)
    // The track, and the arc from 12 o'clock clockwise: a dash of the circle growing to all of it.
    let round = "fill=\"none\" stroke-width=\"\(n(lineWidth))\" stroke-linecap=\"round\""
    body.append("<path d=\"\(circle(c, r))\" \(round) stroke=\"\(paint(style.track))\"/>")
    defs.append(gradient(id: "cw-arc", style.stroke, size: size))
    let circumference = 2 * Double.pi * r
    let start = total > 0 ? 1 - left / total : 1
    body.append(
      """
      <path d="\(circle(c, r))" \(round) stroke="url(#cw-arc)" \
      stroke-dasharray="\(n(start * circumference)) \(n(circumference + 1))"\(start > 0 ? "" : " visibility=\"hidden\"")>\
      <animate attributeName="stroke-dasharray" from="\(n(start * circumference)) \(n(circumference + 1))" \
      to="\(n(circumference)) \(n(circumference + 1))" dur="\(n(max(left, 0.001)))s" fill="freeze"/>\
      \(start > 0 ? "" : "<set attributeName=\"visibility\" to=\"visible\" begin=\"0.001s\" fill=\"freeze\"/>")</path>
      """)
    if let plate = style.plate {
      body.append(
        "<circle cx=\"\(n(c))\" cy=\"\(n(c))\" r=\"\(n(r - band))\" fill=\"\(paint(plate))\"/>")
    }
    if style.showsLabel { body.append(contentsOf: labels(ring, left: left, total: total)) }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(size))px" height="\(n(size))px" \
      viewBox="0 0 \(n(size)) \(n(size))" version="1.1">
      <defs>
      \(defs.joined(separator: "\n"))
      </defs>
      \(body.joined(separator: "\n"))
      </svg>

      """
  }

  /// The time left as the ring writes it, a text each time it changes, shown from then until the
  /// next (the first shown at the start, the last kept).
  static func labels(_ ring: CountdownRing, left: Double, total: Double) -> [String] {
    var runs: [(start: Double, text: String, color: Color, scale: Double)] = []
    let tenths = Int((left * 10).rounded(.up))
    for tenth in 0...tenths {
      let t = Double(tenth) / 10
      let remaining = Duration.milliseconds(Int64(((left - min(t, left)) * 1000).rounded()))
      ring.show(
        remaining: remaining, progress: total > 0 ? 1 - (remaining / .seconds(1)) / total : 1)
      let color = ring.labelColor(remaining: remaining)
      if runs.last?.text != ring.labelText || runs.last?.color != color {
        runs.append((t, ring.labelText, color, ring.labelFontScale))
      }
    }
    let size = ring.size
    return runs.enumerated().map { index, run in
      let end = index + 1 < runs.count ? runs[index + 1].start : nil
      let timing =
        index == 0
        ? end.map {
          "<set attributeName=\"visibility\" to=\"hidden\" begin=\"\(n($0))s\" fill=\"freeze\"/>"
        } ?? ""
        : "<set attributeName=\"visibility\" to=\"visible\" begin=\"\(n(run.start))s\""
          + (end.map { " end=\"\(n($0))s\"" } ?? " fill=\"freeze\"") + "/>"
      // Centred on its digits' ink, as the ring centres it: digits are some 0.73 em tall,
      // standing on the baseline (viewers place `dominant-baseline` each their own way).
      return
        "<text x=\"\(n(size / 2))\" y=\"\(n(size / 2 + 0.365 * run.scale * size))\" font-family=\"\(ring.style.font)\" font-weight=\"\(ring.style.weight == .bold ? "bold" : "normal")\" "
        + "font-size=\"\(n(run.scale * size))\" text-anchor=\"middle\" fill=\"\(paint(run.color))\""
        + (index == 0 ? "" : " visibility=\"hidden\"") + ">\(timing)\(run.text)</text>"
    }
  }

  /// A gradient from the top left corner to the bottom right, as the ring's gradient layers run.
  static func gradient(id: String, _ colors: [Color], size: Double) -> String {
    let stops = colors.enumerated().map { index, color in
      "<stop offset=\"\(n(Double(index) / Double(max(colors.count - 1, 1))))\" \(stopColor(color))/>"
    }
    return
      "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" x2=\"\(n(size))\" y2=\"\(n(size))\">"
      + stops.joined() + "</linearGradient>"
  }

  /// The backdrop's gradient: its two ends step through the colour pairs [c1, c2] → [c2, c3] →
  /// … → [c1, c2], a step each ``GradientBackdrop/stepDuration``.
  static func cyclingGradient(_ colors: [Color], size: Double) -> String {
    let period = GradientBackdrop.stepDuration * Double(colors.count)
    let stops = (0..<2).map { end in
      let values = (0...colors.count).map { colors[($0 + end) % colors.count].hexString.prefix(7) }
      return
        "<stop offset=\"\(end)\" stop-color=\"\(values[0])\"><animate attributeName=\"stop-color\" values=\"\(values.joined(separator: ";"))\" dur=\"\(n(period))s\" repeatCount=\"indefinite\"/></stop>"
    }
    return
      "<linearGradient id=\"cw-backdrop\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" x2=\"\(n(size))\" y2=\"\(n(size))\">"
      + stops.joined() + "</linearGradient>"
  }

  /// A circle about (`c`, `c`) as a path from 12 o'clock clockwise (where the arc starts).
  static func circle(_ c: Double, _ r: Double) -> String {
    "M \(n(c)) \(n(c - r)) A \(n(r)) \(n(r)) 0 1 1 \(n(c)) \(n(c + r)) A \(n(r)) \(n(r)) 0 1 1 \(n(c)) \(n(c - r)) Z"
  }

  /// A colour as a fill or stroke's value, its alpha with it where it has one.
  static func paint(_ color: Color) -> String {
    color.alpha < 1
      ? "rgba(\(byte(color.red)),\(byte(color.green)),\(byte(color.blue)),\(n(color.alpha)))"
      : String(color.hexString.prefix(7))
  }

  static func stopColor(_ color: Color) -> String {
    "stop-color=\"\(color.hexString.prefix(7))\""
      + (color.alpha < 1 ? " stop-opacity=\"\(n(color.alpha))\"" : "")
  }

  static func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }

  static func n(_ value: Double) -> String { TurningClockSVG.number(value) }
}
