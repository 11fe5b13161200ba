import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import FoundationEssentials

/// `clockwork render timer`: the countdown ring (and the backdrop, if asked) as a still, or as
/// frames that count down from `remaining`.
///
/// ```swift
/// let stamp = TimerStamp(size: 512, remaining: .seconds(42), total: .seconds(300), pulsePhase: 0.3, backdrop: true)
/// let layer = stamp.frame(at: 0)   // seconds after the first frame
/// ```
public final class TimerStamp {
  let ring: CountdownRing
  let backdrop: GradientBackdrop?
  let root = Layer()
  let remaining: Duration
  let total: Duration
  let pulsePhase: Double?

  /// The label is black on the transparent page and white on a dark plate over the backdrop,
  /// unless `style` names its colour or plate.
  public init(
    size: Double, remaining: Duration, total: Duration, pulsePhase: Double?, backdrop: Bool,
    style: CountdownRing.Style = .init()
  ) {
    var style = style
    if backdrop { style.plate = style.plate ?? GradientBackdrop.textPlate }
    ring = CountdownRing(size: size, style: style)
    ring.labelBackground = backdrop ? GradientBackdrop.defaultColors[1] : nil
    self.backdrop = backdrop ? GradientBackdrop(size: Size(width: size, height: size)) : nil
    self.remaining = remaining
    self.total = total
    self.pulsePhase = pulsePhase
    root.frame = Rect(x: 0, y: 0, width: size, height: size)
    if let layer = self.backdrop?.layer { root.addSublayer(layer) }
    root.addSublayer(ring.layer)
  }

  /// The stamp `elapsed` seconds after the first frame.
  public func frame(at elapsed: Double) -> Layer {
    let left = max(.zero, remaining - .milliseconds(Int64((elapsed * 1000).rounded())))
    ring.show(remaining: left, progress: 1 - (left / .seconds(1)) / (total / .seconds(1)))
    if let pulsePhase, left > .zero {
      ring.showPulse(phase: (pulsePhase + elapsed).truncatingRemainder(dividingBy: 1))
    }
    backdrop?.show(
      phase: (elapsed / (GradientBackdrop.stepDuration * 3)).truncatingRemainder(dividingBy: 1))
    return root
  }
}
