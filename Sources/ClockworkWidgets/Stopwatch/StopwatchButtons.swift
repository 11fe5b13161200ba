import ClockworkCore
import ClockworkScene

/// The stopwatch design's two round buttons: Start (green) or Stop (red) on the right, Lap or
/// Reset (grey) on the left, each its label in its colour over a darker fill, as the iOS
/// stopwatch has them.
///
/// ```swift
/// let buttons = StopwatchButtons(size: Size(width: 480, height: 110))
/// buttons.show(running: true)
/// buttons.button(at: Point(x: 400, y: 55))   // .startStop
/// ```
public final class StopwatchButtons {
  /// What a button does.
  public enum Action: Hashable, Sendable {
    /// Start when stopped, stop when running.
    case startStop
    /// Lap when running, reset when stopped.
    case lapReset
  }

  /// The buttons' root layer, to add to a scene or render.
  public let layer = Layer()
  /// The size the buttons are laid out in.
  public private(set) var size: Size
  /// The buttons' colours and font.
  public var style: StopwatchDisplay.Style
  let startStop = ShapeLayer()
  let lapReset = ShapeLayer()
  let startStopLabel = TextLayer()
  let lapResetLabel = TextLayer()

  /// The two buttons laid out in `size`, coloured by `style`.
  public init(size: Size, style: StopwatchDisplay.Style = .init()) {
    self.size = size
    self.style = style
    for part in [lapReset, startStop] as [Layer] { layer.addSublayer(part) }
    for label in [lapResetLabel, startStopLabel] { layer.addSublayer(label) }
    resize(to: size)
    show(running: false)
  }

  /// Each button's circle: a diameter of the height, a margin in from each side.
  func circle(_ action: Action) -> Rect {
    let side = min(size.height, size.width / 3)
    let margin = max(side * 0.2, (size.width - 2 * side) * 0.2)
    let x = action == .lapReset ? margin : size.width - margin - side
    return Rect(x: x, y: (size.height - side) / 2, width: side, height: side)
  }

  /// Lays the buttons out again in `size`.
  public func resize(to size: Size) {
    self.size = size
    layer.frame = Rect(origin: .zero, size: size)
    for (shape, label, action) in [
      (startStop, startStopLabel, Action.startStop), (lapReset, lapResetLabel, .lapReset),
    ] {
      let box = circle(action)
      shape.frame = layer.bounds
      shape.path = Path.circle(center: box.center, radius: box.width / 2)
      label.frame = box
      label.fontFamily = "DejaVu Sans"
      label.fontSize = box.width * 0.22
      label.alignment = .center
      label.verticalAlignment = .center
    }
  }

  /// The buttons for a stopwatch that is running or not.
  public func show(running: Bool) {
    let (color, text) = running ? (style.stop, tr("Stop")) : (style.start, tr("Start"))
    startStop.fillColor = color.withAlpha(0.28)
    startStopLabel.foregroundColor = color
    startStopLabel.string = text
    lapReset.fillColor = style.button.withAlpha(0.35)
    lapResetLabel.foregroundColor = style.text
    lapResetLabel.string = running ? tr("Lap") : tr("Reset")
  }

  /// The button under `point` (in the widget's coordinates), if any.
  public func button(at point: Point) -> Action? {
    [Action.startStop, .lapReset].first { action in
      let box = circle(action)
      return point.distance(to: box.center) <= box.width / 2
    }
  }
}
