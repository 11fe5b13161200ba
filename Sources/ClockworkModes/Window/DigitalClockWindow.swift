import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkWidgets
import ClockworkWindow
import FoundationEssentials

/// `clockwork clock --face digital --window`: a large digital clock a zone, side by side (in
/// a row when the window is wide, else in a column), each drawn just after its second turns.
public final class DigitalClockWindow: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let zones: [Zone]
  let clocks: [DigitalClock]
  let root = Layer()
  /// Said after the title (``ClockControl/clockNote``).
  public var clockNote: String?

  /// A window of a digital clock for each of `zones`, in `theme`, showing `look`.
  public init(zones: [Zone], theme: ClockTheme, look: DigitalClock.Look) {
    self.zones = zones.isEmpty ? [.local] : zones
    clocks = self.zones.map { _ in
      DigitalClock(size: Size(width: 400, height: 200), theme: theme, look: look)
    }
  }

  /// Quits on q, Escape or Ctrl-C.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    ClockControl.ending(key) ?? .keepGoing
  }

  /// The frames depend on the time alone: eight are drawn in one go.
  public var framesAhead: Int { 8 }

  /// The digits at `moment` on the window's `canvas`, and the next turn of the second or minute.
  public func frame(at moment: Moment<Instant>, on canvas: Window.Canvas) -> Planned<
    WindowFrame, Instant
  > {
    let (width, height) = WindowText.clear(root, for: canvas)
    // A digital clock is about twice as wide as tall: a row of them when the window is wider
    // than that, else a column.
    let count = Double(zones.count)
    let inRow = width / count / height >= 2 || width / height > 2 / count
    let (cellWidth, cellHeight) = inRow ? (width / count, height) : (width, height / count)
    let margin = min(cellWidth, cellHeight) * 0.05
    let labelSize = zones.count > 1 ? max(11, min(cellWidth, cellHeight) * 0.08) : 0
    var delay = Double.infinity
    for (index, (zone, clock)) in zip(zones, clocks).enumerated() {
      let origin =
        inRow
        ? Point(x: Double(index) * cellWidth, y: 0) : Point(x: 0, y: Double(index) * cellHeight)
      let size = Size(
        width: max(1, cellWidth - 2 * margin),
        height: max(1, cellHeight - 2 * margin - labelSize * 1.4))
      if clock.layer.bounds.size != size { clock.configure(size: size) }
      clock.show(date: moment.wall, zone: zone)
      clock.layer.anchorPoint = .zero
      clock.layer.position = Point(x: origin.x + margin, y: origin.y + margin + labelSize * 1.4)
      root.addSublayer(clock.layer)
      if zones.count > 1 {
        root.addSublayer(
          WindowText.line(
            ClockControl.label(for: zone, relativeTo: zones.first, at: moment.wall),
            in: Rect(
              x: origin.x, y: origin.y + margin * 0.5, width: cellWidth, height: labelSize * 1.3),
            size: labelSize, color: WindowText.light, bold: true))
      }
      delay = min(delay, clock.delayToNextChange(after: moment.wall, zone: zone))
    }
    let title = ClockControl.windowTitle(
      DigitalClock.timeText(zones[0].civilTime(at: moment.wall), look: clocks[0].look),
      note: clockNote)
    return Planned(
      WindowFrame(root, background: WindowText.background, title: title),
      next: moment.instant.advanced(by: .seconds(delay)))
  }
}
