import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkWidgets
import ClockworkWindow
import FoundationEssentials

/// `clockwork clock --window`: the faces side by side, each as large as fits, with the city
/// and offset and the date and time in digits under it; the title says the time.
public final class ClockWindow: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let control: ClockControl
  let root = Layer()
  static let faceUnits = 200.0
  /// The display's frame grid starts here (the first frame).
  var origin: Instant?

  /// A window of `control`'s faces.
  public init(control: ClockControl) { self.control = control }

  /// o changes the oscillator, t the theme, d shows digits, q quits.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction { control.handle(key) }

  /// Frames depend on the time alone; a second's worth at most (sweeping hands change often).
  public var framesAhead: Int { 8 }

  /// The faces at `moment` on the window's `canvas`, and when a hand next moves a pixel.
  public func frame(at moment: Moment<Instant>, on canvas: Window.Canvas) -> Planned<
    WindowFrame, Instant
  > {
    let zones = control.zones
    let (width, height) = WindowText.clear(root, for: canvas)
    let textRows = Double((zones.count > 1 ? 1 : 0) + (control.digital ? 2 : 0))
    // Faces in the rows and columns that draw them largest for the window's shape.
    func fit(rows: Int) -> (columns: Int, side: Double, textSize: Double, margin: Double) {
      let columns = (zones.count + rows - 1) / rows
      let (panelWidth, panelHeight) = (width / Double(columns), height / Double(rows))
      let textSize = max(11, min(panelWidth, panelHeight) * 0.045)
      let margin = textSize * 0.6
      return (
        columns, min(panelWidth - 2 * margin, panelHeight - textRows * textSize * 1.6 - 2 * margin),
        textSize, margin
      )
    }
    let rows = (1...max(zones.count, 1)).max { fit(rows: $0).side < fit(rows: $1).side } ?? 1
    let (columns, side, textSize, margin) = fit(rows: rows)
    let (panelWidth, panelHeight) = (width / Double(columns), height / Double(rows))
    let faceSide = max(1, side)
    let k = faceSide / Self.faceUnits
    // A frame when a hand's tip has moved a pixel: a sweeping second hand at 480×480 moves
    // some 21 pixels a second, and drawing its quarter-pixel steps at the display's rate cost
    // twice the CPU for a difference anti-aliasing hardly shows.
    let delay = control.show(moment.wall, pixelScales: zones.map { _ in k * canvas.scale })
    for (index, (zone, face)) in zip(zones, control.faces).enumerated() {
      let left = Double(index % columns) * panelWidth
      let top =
        Double(index / columns) * panelHeight
        + max(margin, (panelHeight - faceSide - textRows * textSize * 1.6) / 2)
      face.layer.anchorPoint = .zero
      face.layer.position = Point(x: left + (panelWidth - faceSide) / 2, y: top)
      face.layer.transform = AffineTransform(scaleX: k, y: k)
      root.addSublayer(face.layer)
      let wall = zone.civilTime(at: moment.wall)
      var lines: [(String, Color, Bool)] = []
      if zones.count > 1 {
        lines.append(
          (
            ClockControl.label(for: zone, relativeTo: control.zones.first, at: moment.wall),
            WindowText.light, true
          ))
      }
      if control.digital {
        lines.append((LocalDates.date(wall, calendar: control.calendar), WindowText.dim, false))
        lines.append((ClockText.time(wall, hours: control.hours), WindowText.light, true))
      }
      for (row, (text, color, bold)) in lines.enumerated() {
        let y = top + faceSide + margin + Double(row) * textSize * 1.6
        root.addSublayer(
          WindowText.line(
            text, in: Rect(x: left, y: y, width: panelWidth, height: textSize * 1.4),
            size: textSize, color: color, bold: bold))
      }
    }
    let wall = (zones.first ?? .local).civilTime(at: moment.wall)
    // Not more often than the display shows frames, and then on its grid.
    let origin = self.origin ?? moment.instant
    self.origin = origin
    let period = Duration.seconds(1 / max(canvas.refreshRate, 1))
    let next = moment.instant.advanced(by: .seconds(delay))
    let frame = origin.advanced(
      by: WallSeconds.nextMultiple(of: period, after: origin.duration(to: moment.instant)))
    return Planned(
      WindowFrame(
        root, background: control.theme.background ?? WindowText.background,
        title: ClockControl.windowTitle(
          ClockText.time(wall, hours: control.hours), note: control.clockNote)),
      next: max(next, frame))
  }
}
