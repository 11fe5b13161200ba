import ClockworkScene
import FoundationEssentials

/// A diagonal gradient that cycles through colour pairs: [c1, c2] → [c2, c3] → [c3, c1] → …,
/// each change taking ``stepDuration`` seconds (the original design's cycling background).
///
/// ```swift
/// let t = 0.0   // scene time
/// let backdrop = GradientBackdrop(size: Size(width: 800, height: 600))
/// backdrop.start(at: t)
/// let frame = backdrop.layer.presentation(at: t + 1.5)
/// ```
public final class GradientBackdrop {
  /// The design's three colours: blue, pink and orange.
  public static let defaultColors = [
    Color(hex: 0x3DACF7), Color(hex: 0xCE0755), Color(hex: 0xF5B433),
  ]
  /// What light text is drawn on over the backdrop: white reads on none of its colours alone
  /// (2.5:1 on the blue, 1.7:1 on the orange); on this it reads at 6:1 or more over each.
  public static let textPlate = Color.black.withAlpha(0.55)
  /// Seconds from one pair of colours to the next.
  public static let stepDuration = 3.0
  static let cycleKey = "cycle"

  /// The layer to add to a scene.
  public let layer = GradientLayer()
  /// The colours the backdrop cycles through, in order.
  public let colors: [Color]

  /// A backdrop of `size` cycling through `colors`; it stands still until ``start(at:)``.
  public init(size: Size, colors: [Color] = GradientBackdrop.defaultColors) {
    self.colors = colors.count >= 2 ? colors : Self.defaultColors
    layer.frame = Rect(origin: .zero, size: size)
    layer.startPoint = Point(x: 0, y: 0)
    layer.endPoint = Point(x: 1, y: 1)
    layer.colors = pair(0)
  }

  /// Fits the backdrop to `size`.
  public func resize(to size: Size) { layer.frame = Rect(origin: .zero, size: size) }

  /// The pair shown at step `k`: [c(k), c(k+1)].
  func pair(_ k: Int) -> [Color] { [colors[k % colors.count], colors[(k + 1) % colors.count]] }

  /// Starts cycling at scene time `t`, forever.
  public func start(at t: Double) {
    let pairs = (0...colors.count).map(pair)
    var timing = AnimationTiming(beginTime: t, duration: Self.stepDuration * Double(colors.count))
    timing.repeatCount = .infinity
    layer.add(
      KeyframeAnimation(\GradientLayer.colors, values: pairs, timing: timing), forKey: Self.cycleKey
    )
  }

  /// Stops cycling; the model colours show.
  public func stop() { layer.removeAnimation(forKey: Self.cycleKey) }

  /// The backdrop as a still picture of its colours at the last tenth of a second before scene
  /// time `t`, kept as a raster by its colours: drawn once a tenth and reused in between, while
  /// a pulse moves over it at the display's rate (a gradient filling a window every frame was
  /// most of a frame's work). Lay it out as ``layer`` is laid out.
  public func still(at t: Double) -> Layer {
    let holder = Layer()
    holder.bounds = layer.bounds
    let shown = GradientLayer(copying: layer.presentation(at: (t * 10).rounded(.down) / 10))
    shown.removeAllAnimations()
    shown.isHidden = false
    holder.rasterizationKey = "gradient backdrop \(shown.colors)"
    holder.addSublayer(shown)
    return holder
  }

  /// The colours at `phase` (0…1) of a whole cycle, without animating (for stamps).
  public func show(phase: Double) {
    let pairs = (0...colors.count).map(pair)
    layer.colors =
      KeyframeAnimation(\GradientLayer.colors, values: pairs).value(at: phase) ?? pair(0)
  }
}
