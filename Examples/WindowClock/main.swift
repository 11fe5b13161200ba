// A clock face with the recoil oscillator in a window of your own program: a live mode that
// says what to draw and when it next changes, a window, a sink for it, and the runner.
// Run it with `swift run window-clock`; q or the close button quits.
import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkWidgets
import ClockworkWindow
import FoundationEssentials

final class RecoilClock: LiveMode {
  let face = ClockFace(size: 200, theme: .classic, oscillator: .quartzRecoil)
  let root = Layer()

  func frame(at moment: Moment<ContinuousClock.Instant>, on canvas: Window.Canvas) -> Planned<
    WindowFrame, ContinuousClock.Instant
  > {
    let side = Double(min(canvas.width, canvas.height)) / canvas.scale
    root.frame = Rect(
      x: 0, y: 0, width: Double(canvas.width) / canvas.scale,
      height: Double(canvas.height) / canvas.scale)
    if root.sublayers.isEmpty { root.addSublayer(face.layer) }
    face.layer.anchorPoint = .zero
    face.layer.position = Point(
      x: (root.bounds.width - side) / 2, y: (root.bounds.height - side) / 2)
    face.layer.transform = AffineTransform(scaleX: side / 200, y: side / 200)
    face.show(date: moment.wall, zone: .local)
    // The recoil settles within a tenth of a second: frames at the display's rate until then.
    let delay = max(
      face.delayToNextChange(after: moment.wall, zone: .local, pixelScale: side / 50),
      1 / canvas.refreshRate)
    return Planned(
      WindowFrame(root, background: .black), next: moment.instant.advanced(by: .seconds(delay)))
  }

  func handle(_ key: Key, at moment: Moment<ContinuousClock.Instant>) -> LiveAction {
    key == .character("q") || key == .escape ? .quit(0) : .keepGoing
  }
}

let events = EventRelay<Window.Event>()
do {
  let window = try Window(title: "Recoil", width: 400, height: 400) { events.send($0) }
  let clock = ContinuousClock()
  let runner = FrameRunner(
    mode: RecoilClock(), sink: WindowSink(window: window), clock: clock, wallNow: { Date() },
    scheduler: ClockScheduler(clock: clock))
  events.forward { event in
    switch event {
    case .key(let key): runner.send(.input(key))
    case .repaint: runner.send(.repaint)
    case .closeRequested: runner.stop(0)
    case .moved: break  // where it sits is the window manager's
    }
  }
  _ = await runner.run()
} catch {
  print(error)
}
