import CAdwaita
import CDesktop
import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkScene
import ClockworkWidgets
import ClockworkWindow
import FoundationEssentials

/// The countdown ring design for one timer of the Timer page: the ring filling over the
/// cycling backdrop, the pulse while it runs (stilled where the desktop asks for no
/// animations), the time left in the middle; in high contrast, the ring alone in two colours
/// on a plain page. It shows; the watcher or systemd rings.
@MainActor final class TimerFace {
  typealias Instant = ContinuousClock.Instant
  let ring = CountdownRing(size: 200, style: TimerWindow.ringStyle())
  let backdrop = GradientBackdrop(size: Size(width: 200, height: 200))
  let root = Layer()
  let scene = Layer()
  /// Scene time 0.
  let origin = ContinuousClock.now
  /// The timer shown, as restored from its file; nil: the ring is empty.
  private(set) var countdown: Countdown<Instant>?
  /// The pulse's frames: one each time its edge moves this many pixels, at most 30 a second
  /// (a page's ring is smaller than a window's: some 15 a second).
  static let pixelsPerFrame = 1.5
  static let motionRate = 8.0...30.0

  lazy var view = SceneView(named: tr("Timer ring")) { [unowned self] canvas, moment in
    frame(on: canvas, at: moment)
  }

  init() {
    ring.labelBackground = GradientBackdrop.defaultColors[1]
    backdrop.start(at: 0)
    scene.addSublayer(ring.layer)
  }

  /// The page under the ring in high contrast, white or black; `nil`: the design's backdrop.
  var highContrastPage: Color? {
    didSet {
      let style = TimerWindow.ringStyle()
      ring.style = highContrastPage.map { style.highContrast(dark: $0 == .black) } ?? style
      view.redraw()
    }
  }

  /// The timer as saved when it was last shown.
  private var saved: StoredTimer?

  /// Shows `timer` as saved (nil: none), drawn again when it was saved anew (paused, resumed,
  /// extended, another timer): while it runs, the face draws itself on its deadlines.
  func show(_ timer: StoredTimer?, now: Date) {
    guard timer != saved else { return }
    saved = timer
    countdown = try? timer?.restored(at: .now, wallNow: now)
    // Counting on past its end (overtime): the end as an instant here, to count from.
    overtimeEnd = timer?.overtime(atWall: now).map {
      ContinuousClock.now.advanced(by: .seconds(-$0))
    }
    view.redraw()
  }

  /// The end a timer in overtime counts on from; `nil` for one counting down.
  private var overtimeEnd: Instant?

  /// Whether the desktop lets things move (GTK's gtk-enable-animations).
  var animates: Bool { cw_animations_enabled() != 0 }

  func frame(on canvas: Window.Canvas, at moment: Moment<Instant>) -> Planned<WindowFrame, Instant>
  {
    let now = moment.instant
    let (width, height) = (
      Double(canvas.width) / canvas.scale, Double(canvas.height) / canvas.scale
    )
    root.frame = Rect(x: 0, y: 0, width: width, height: height)
    root.removeAllSublayers()
    let k = max(min(width, height), 1) / 200
    let size = Size(width: width / k, height: height / k)
    scene.bounds = Rect(origin: .zero, size: size)
    scene.anchorPoint = .zero
    scene.position = .zero
    scene.transform = AffineTransform(scaleX: k, y: k)
    backdrop.resize(to: size)
    ring.layer.position = Point(x: size.width / 2, y: size.height / 2)
    let t = origin.duration(to: now) / .seconds(1)
    if highContrastPage == nil {
      // Asked for no animations, the backdrop keeps its first colours: its cycle is motion
      // too, and it repainted the whole face at every step of the ring.
      let still = backdrop.still(at: animates ? t : 0)
      (still.anchorPoint, still.position, still.transform) = (.zero, .zero, scene.transform)
      root.addSublayer(still)
    }
    root.addSublayer(scene)
    let shown = countdown
    let running = shown.map { $0.isRunning && !$0.isFinished(at: now) } ?? false
    if let overtimeEnd {
      let over = overtimeEnd.duration(to: now)
      ring.show(overtime: over)
      let next = overtimeEnd.advanced(by: .seconds(max(.zero, over).components.seconds + 1))
      ring.setPulsing(false, at: t)
      return Planned(WindowFrame(root, at: t, background: highContrastPage ?? .black), next: next)
    }
    ring.show(
      remaining: shown?.remaining(at: now) ?? .zero, progress: shown?.progress(at: now) ?? 0)
    let moving = running && animates
    ring.setPulsing(moving, at: t)
    var next: Instant?
    if moving {
      let travel = ring.pulseTravel * k * canvas.scale / CountdownRing.pulseDuration
      let rate = min(
        max(travel / Self.pixelsPerFrame, Self.motionRate.lowerBound), Self.motionRate.upperBound)
      next = origin.advanced(
        by: WallSeconds.nextMultiple(of: .seconds(1 / rate), after: origin.duration(to: now)))
    } else if running, let shown {
      // Nothing moves: the ring steps on with the time left (a frame a second, not one for
      // each pixel the arc's tip moves).
      let delay = ring.delayToNextLabel(remaining: shown.remaining(at: now))
      next = now.advanced(by: .seconds(max(0.001, min(delay, 1))))
    }
    return Planned(WindowFrame(root, at: t, background: highContrastPage ?? .black), next: next)
  }
}
