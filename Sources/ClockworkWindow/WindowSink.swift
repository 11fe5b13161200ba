import ClockworkLive
import ClockworkScene

/// What a window mode draws: a layer tree laid out in points on the window's canvas, its
/// background, and the window's title.
public struct WindowFrame {
  /// The presentation at the frame's time (a copy: later changes to the model do not reach it).
  public var tree: Layer
  /// What shows where nothing is drawn.
  public var background: Color
  /// The window's title.
  public var title: String?

  /// Takes `root` (its bounds the canvas in points) as presented at scene time `t`.
  public init(_ root: Layer, at t: Double = 0, background: Color, title: String? = nil) {
    tree = root.presentation(at: t)
    self.background = background
    self.title = title
  }
}

/// A runner's frames in a window: each frame is painted (``WindowPainter``) ahead of its time,
/// and the rectangle that changed is handed to the window at the frame's time.
///
/// ```swift
/// let sink = WindowSink(window: window)
/// let runner = FrameRunner(mode: mode, sink: sink, clock: ContinuousClock(), wallNow: { Date() }, scheduler: DeadlineThread())
/// ```
public final class WindowSink: FrameSink {
  let window: Window
  private var painter = WindowPainter()
  private var encoded = 0
  private var shown = 0

  /// A sink for `window`.
  public init(window: Window) { self.window = window }

  /// The window's drawable.
  public var canvas: Window.Canvas { window.canvas }

  /// Draws `frame` where it differs from the one before, ahead of its time.
  public func encode(_ frame: WindowFrame) -> WindowUpdate {
    encoded += 1
    return painter.paint(frame, on: window.canvas)
  }

  /// Hands the drawn rectangle to the window.
  public func show(_ update: WindowUpdate) {
    shown += 1
    if shown == encoded { (encoded, shown) = (0, 0) }
    guard update.width > 0, update.rectWidth > 0 || update.title != nil else { return }
    window.show(update)
  }

  /// Frames encoded and not shown are lost: the painted picture is ahead of the window's, so
  /// the next frame goes up whole.
  public func rewind() {
    if encoded > shown { painter.showWholeNext() }
    (encoded, shown) = (0, 0)
  }

  /// The next frame is drawn and uploaded whole.
  public func invalidate() {
    painter.forget()
    (encoded, shown) = (0, 0)
  }

  /// Nothing to put back: the window closes with the run.
  public func finish() { window.close() }
}
