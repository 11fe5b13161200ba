import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkWidgets
import ClockworkWindow
import FoundationEssentials

/// `clockwork timer --window`: the ring with its pulse over the cycling backdrop, the time
/// left in the ring, at the display's frame rate while something moves; the title says the
/// time left. At the end the ring flashes and the window asks for attention.
public final class TimerWindow: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The timer's state and keys.
  public let control: TimerControl
  let root = Layer()
  let fps: Double?
  let stays: Bool
  let attention: () -> Void
  /// How long the ring flashes at the end before the window closes (without `--wait`).
  static let flashing = 1.5
  static let motionRate = 30.0

  /// - Parameters:
  ///   - control: made with `wait: true`: the window decides when to close.
  ///   - fps: frames a second while something moves; `nil` for the display's rate.
  ///   - stays: stay after the end (`--wait`) rather than flash and close.
  ///   - attention: asks the window manager to draw attention to the window.
  public init(control: TimerControl, fps: Double?, stays: Bool, attention: @escaping () -> Void) {
    self.control = control
    self.fps = fps
    self.stays = stays
    self.attention = attention
    // Drawn as a still picture under the scene instead (``stillBackdrop(at:)``).
    control.backdrop?.layer.isHidden = true
  }

  /// A ring style for the window from `theme`: tenths only in the last minute unless the theme
  /// says, as in the terminal, and the label on a dark plate: white reads on none of the
  /// backdrop's blue, pink and yellow alone.
  public static func ringStyle(theme: CountdownRing.Style = .init()) -> CountdownRing.Style {
    var style = theme
    style.tenths = theme.tenths ?? .lastMinute
    style.plate = theme.plate ?? GradientBackdrop.textPlate
    return style
  }

  /// The timer's keys, as in the terminal; a click restarts it.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    react(control.handle(key, at: moment), at: moment)
  }

  /// Moves the pulse on, and at zero rings.
  public func tick(at moment: Moment<Instant>) -> LiveAction {
    react(control.tick(at: moment), at: moment)
  }

  /// Follows the timer changed by another command.
  public func outsideChange(at moment: Moment<Instant>) -> LiveAction {
    react(control.followOutsideChange(at: moment), at: moment)
  }

  func react(_ action: LiveAction, at moment: Moment<Instant>) -> LiveAction {
    guard let finished = control.finishedAt else { return action }
    if finished == moment.wall, action == .redraw { attention() }
    if !stays, moment.wall.timeIntervalSince(finished) >= Self.flashing {
      return .quit(ExitStatus.success)
    }
    return action
  }

  /// The backdrop as a still picture (``GradientBackdrop/still(at:)``), laid out as the scene.
  func stillBackdrop(at t: Double) {
    guard let backdrop = control.backdrop else { return }
    let scene = control.scene
    let holder = backdrop.still(at: t)
    (holder.anchorPoint, holder.position, holder.transform) = (
      scene.anchorPoint, scene.position, scene.transform
    )
    root.addSublayer(holder)
  }

  /// Adds `line` to the frame, over a band of the backdrop's text plate as wide as the window
  /// when `banded`.
  func add(_ line: TextLayer, banded: Bool) {
    if banded {
      let band = Layer()
      band.frame = line.frame
      band.backgroundColor = GradientBackdrop.textPlate
      root.addSublayer(band)
    }
    root.addSublayer(line)
  }

  /// The ring and backdrop at `moment` on the window's `canvas`, and the next frame's time.
  public func frame(at moment: Moment<Instant>, on canvas: Window.Canvas) -> Planned<
    WindowFrame, Instant
  > {
    let now = moment.instant
    let (width, height) = WindowText.clear(root, for: canvas)
    control.show(at: now, shape: width / max(height, 1))
    let scene = control.scene
    let k = min(width / scene.bounds.width, height / scene.bounds.height)
    scene.anchorPoint = .zero
    scene.position = Point(
      x: (width - scene.bounds.width * k) / 2, y: (height - scene.bounds.height * k) / 2)
    scene.transform = AffineTransform(scaleX: k, y: k)
    // The end: the ring flashes four times a second.
    control.ring.layer.opacity = control.isDimmedByFlash(at: moment.wall) ? 0.15 : 1
    stillBackdrop(at: control.sceneTime(at: now))
    root.addSublayer(scene)
    let textSize = max(11, min(width, height) * 0.035)
    var row = 0.0
    // A line wider than the ring's inside at its height goes under the ring, above the keys
    // (a DejaVu Sans character is some 0.6 of its size wide, at most).
    let inside =
      k * control.ring.size * (control.ring.style.radius - control.ring.style.lineWidth / 2)
    /// Whether `text` fits on the ring's plate in a row of `rect`.
    func fitsInside(_ text: String, _ rect: Rect) -> Bool {
      let reach = max(abs(rect.minY - height / 2), abs(rect.maxY - height / 2))
      let chord = inside > reach ? 2 * (inside * inside - reach * reach).squareRoot() : 0
      return Double(text.count) * textSize * 0.6 <= chord
    }
    if let heading = control.heading {
      let y = height / 2 - min(width, height) * 0.12 - textSize * 1.5
      let rect = Rect(x: 0, y: y, width: width, height: textSize * 1.4)
      add(
        WindowText.line(heading, in: rect, size: textSize, color: WindowText.light),
        banded: !fitsInside(heading, rect))
    }
    var under = 0.0
    for (text, color) in [
      (control.statusLine(at: moment), WindowText.light),
      (control.saveError ?? "", WindowText.warning),
    ] where !text.isEmpty {
      var rect = Rect(
        x: 0, y: height / 2 + min(width, height) * 0.12 + row * textSize * 1.5, width: width,
        height: textSize * 1.4)
      let fits = fitsInside(text, rect)
      if fits {
        row += 1
      } else {
        under += 1
        rect.origin.y = height - textSize * 1.8 - under * textSize * 1.5
      }
      add(WindowText.line(text, in: rect, size: textSize, color: color), banded: !fits)
    }
    add(
      WindowText.hints(
        control.help,
        in: Rect(x: 0, y: height - textSize * 1.8, width: width, height: textSize * 1.4),
        size: textSize * 0.8, color: WindowText.light.withAlpha(0.8)),
      banded: true)
    // The pulse grows some 40 pixels a beat at 480×480: 30 steps a second show it smooth, at
    // half the work of the display's 60.
    let rate = fps ?? min(canvas.refreshRate, Self.motionRate)
    var next = control.nextChange(after: now, pixelScale: k * canvas.scale, fps: rate)
    if control.finishedAt != nil { next = control.nextFrame(after: now, fps: rate) }
    let title = "\(control.title(at: now)) - clockwork"
    return Planned(
      WindowFrame(
        root, at: control.sceneTime(at: now), background: WindowText.background, title: title),
      next: next)
  }
}
