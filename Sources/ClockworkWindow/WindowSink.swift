import ClockworkCairo
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

/// A runner's frames in a window: each frame is drawn with Cairo at the drawable's pixel size
/// (hi-DPI drawn, not scaled up) ahead of its time, only where it differs from the frame
/// before (`Damage`), and that rectangle alone is handed to the window at the frame's time.
///
/// ```swift
/// let sink = WindowSink(window: window)
/// let runner = FrameRunner(mode: mode, sink: sink, clock: ContinuousClock(), wallNow: { Date() }, scheduler: DeadlineThread())
/// ```
public final class WindowSink: FrameSink {
  let window: Window
  let renderer = Renderer()
  /// The picture as the encoded frames leave it.
  private var planned: CairoSurface?
  private var plannedTree: Layer?
  private var lastTitle: String?
  /// The next frame is uploaded whole: the window's texture may not match `planned`.
  private var uploadWhole = true
  private var encoded = 0
  private var shown = 0

  /// A sink for `window`.
  public init(window: Window) { self.window = window }

  /// The window's drawable.
  public var canvas: Window.Canvas { window.canvas }

  /// Draws `frame` where it differs from the one before, ahead of its time.
  public func encode(_ frame: WindowFrame) -> WindowUpdate {
    encoded += 1
    let canvas = window.canvas
    let (width, height) = (max(canvas.width, 1), max(canvas.height, 1))
    let tree = frame.tree
    tree.anchorPoint = .zero
    tree.position = .zero
    tree.transform = AffineTransform(scaleX: canvas.scale, y: canvas.scale).concatenating(
      tree.transform)
    var box = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    if let surface = planned, surface.width == width, surface.height == height, let plannedTree {
      switch Damage(from: plannedTree, to: tree) {
      case .none: box = Rect(x: 0, y: 0, width: 0, height: 0)
      case .area(let area): box = Self.pixelBox(area, width: width, height: height)
      case .everything: break
      }
    } else {
      planned = try? CairoSurface.image(width: width, height: height)
      uploadWhole = true
    }
    plannedTree = tree
    guard let surface = planned else {
      return WindowUpdate(
        width: 0, height: 0, x: 0, y: 0, rectWidth: 0, rectHeight: 0, pixels: [], title: nil)
    }
    if box.width > 0, box.height > 0 {
      surface.clear(to: frame.background, in: box)
      try? renderer.render(tree, on: surface, clip: box)
    }
    if uploadWhole { box = Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    uploadWhole = false
    let title = frame.title != lastTitle ? frame.title : nil
    if title != nil { lastTitle = frame.title }
    let (x, y, w, h) = (Int(box.minX), Int(box.minY), Int(box.width), Int(box.height))
    let pixels = surface.withPixels { samples, stride in
      [UInt32](unsafeUninitializedCapacity: w * h) { buffer, count in
        for row in 0..<h {
          let start = (y + row) * stride + x
          _ = UnsafeMutableBufferPointer(rebasing: buffer[row * w..<(row + 1) * w]).initialize(
            from: samples[start..<start + w])
        }
        count = w * h
      }
    }
    return WindowUpdate(
      width: width, height: height, x: x, y: y, rectWidth: w, rectHeight: h, pixels: pixels,
      title: title)
  }

  /// Whole pixels around a damaged area, inside the picture.
  static func pixelBox(_ area: Rect, width: Int, height: Int) -> Rect {
    let left = max(0, Int(area.minX.rounded(.down)))
    let top = max(0, Int(area.minY.rounded(.down)))
    let right = min(width, Int(area.maxX.rounded(.up)))
    let bottom = min(height, Int(area.maxY.rounded(.up)))
    guard left < right, top < bottom else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    return Rect(
      x: Double(left), y: Double(top), width: Double(right - left), height: Double(bottom - top))
  }

  /// Hands the drawn rectangle to the window.
  public func show(_ update: WindowUpdate) {
    shown += 1
    if shown == encoded { (encoded, shown) = (0, 0) }
    guard update.width > 0, update.rectWidth > 0 || update.title != nil else { return }
    window.show(update)
  }

  /// Frames encoded and not shown are lost: the planned picture is ahead of the window's, so
  /// the next frame goes up whole.
  public func rewind() {
    if encoded > shown {
      uploadWhole = true
      lastTitle = nil
    }
    (encoded, shown) = (0, 0)
  }

  /// The next frame is uploaded whole.
  public func invalidate() {
    plannedTree = nil
    uploadWhole = true
    lastTitle = nil
    (encoded, shown) = (0, 0)
  }

  /// Nothing to put back: the window closes with the run.
  public func finish() { window.close() }
}
