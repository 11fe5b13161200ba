import ClockworkCairo
import ClockworkScene

/// Draws a window's frames with Cairo at the drawable's pixel size (hi-DPI drawn, not scaled
/// up), each only where it differs from the frame before (`Damage`), and hands back that
/// rectangle's pixels. No window is needed: ``WindowSink`` shows what it paints, and a profile
/// can paint frames with nothing to show them on.
///
/// ```swift
/// var painter = WindowPainter()
/// let update = painter.paint(frame, on: Window.Canvas(width: 480, height: 480))
/// ```
public struct WindowPainter {
  let renderer = Renderer()
  /// The picture as the painted frames leave it (a toolkit that draws with Cairo shows it).
  public private(set) var picture: CairoSurface?
  private var lastTree: Layer?
  private var lastTitle: String?
  /// The last update's pixels, still read from `picture`.
  private var lastPixels: UpdatePixels?
  /// The next update carries the whole picture: what shows it may not match `picture`.
  private var wholeNext = true

  /// A painter that has painted nothing.
  public init() {}

  /// Draws `frame` on `canvas` where it differs from the frame before.
  public mutating func paint(_ frame: WindowFrame, on canvas: Window.Canvas) -> WindowUpdate {
    let (width, height) = (max(canvas.width, 1), max(canvas.height, 1))
    let tree = frame.tree
    lastPixels?.keep()
    tree.anchorPoint = .zero
    tree.position = .zero
    tree.transform = AffineTransform(scaleX: canvas.scale, y: canvas.scale).concatenating(
      tree.transform)
    var box = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    if let surface = picture, surface.width == width, surface.height == height, let lastTree {
      switch Damage(from: lastTree, to: tree) {
      case .none: box = Rect(x: 0, y: 0, width: 0, height: 0)
      case .area(let area): box = Self.pixelBox(area, width: width, height: height)
      case .everything: break
      }
    } else {
      picture = try? CairoSurface.image(width: width, height: height)
      wholeNext = true
    }
    lastTree = tree
    guard let surface = picture else {
      return WindowUpdate(
        width: 0, height: 0, x: 0, y: 0, rectWidth: 0, rectHeight: 0, source: nil, title: nil)
    }
    if box.width > 0, box.height > 0 {
      try? renderer.render(tree, on: surface, clip: box, background: frame.background)
    }
    if wholeNext { box = Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    wholeNext = false
    let title = frame.title != lastTitle ? frame.title : nil
    if title != nil { lastTitle = frame.title }
    let (x, y, w, h) = (Int(box.minX), Int(box.minY), Int(box.width), Int(box.height))
    let pixels = UpdatePixels(picture: surface, box: (x, y, w, h))
    lastPixels = pixels
    return WindowUpdate(
      width: width, height: height, x: x, y: y, rectWidth: w, rectHeight: h, source: pixels,
      title: title)
  }

  /// The next update carries the whole picture and the title, whatever changed.
  public mutating func showWholeNext() {
    wholeNext = true
    lastTitle = nil
  }

  /// The next frame is drawn whole, as if nothing had been painted.
  public mutating func forget() {
    lastTree = nil
    showWholeNext()
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
}
