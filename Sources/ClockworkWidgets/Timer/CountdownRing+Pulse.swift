import ClockworkScene

/// The pulse: a band that grows out of the ring and fades, once a beat.
extension CountdownRing {
  /// How far the pulse's outer edge moves in a beat, in the ring's units.
  public var pulseTravel: Double { (radius + style.lineWidth * size / 2) * (Self.pulseGrowth - 1) }

  /// Starts or stops the pulse; `at` is the scene time its first beat starts.
  public func setPulsing(_ on: Bool, at t: Double) {
    guard on != isPulsing else { return }
    isPulsing = on
    pulseGradient.isHidden = !on || !drawsPulse
    if on {
      pulseGradient.opacity = 0  // an echo waiting for its first beat shows nothing
      pulseGradient.add(Self.pulseAnimation(beginTime: t), forKey: Self.pulseKey)
    } else {
      pulseGradient.removeAnimation(forKey: Self.pulseKey)
    }
  }

  /// The live pulse at scene time `t` (drawn or not), or nil when it is off or has faded out.
  /// With `steps`, it grows in that many steps a beat (its fade stays smooth): a terminal
  /// cannot show an edge moving less than a sample, and each step rewrites the whole edge.
  public func pulse(at t: Double, steps: Int? = nil) -> PulseLook? {
    guard isPulsing, style.pulse.count >= 2 else { return nil }
    let shown = pulseGradient.presentation(at: t)
    var scale = Double.hypot(shown.transform.a, shown.transform.b)
    if let steps, steps > 0 {
      let grown = (scale - 1) / (Self.pulseGrowth - 1)
      scale =
        1 + (Self.pulseGrowth - 1) * ((grown * Double(steps) + 1e-9).rounded(.down) / Double(steps))
    }
    guard shown.opacity > 0, scale > 0 else { return nil }
    let side = size * scale
    return PulseLook(
      center: center, radius: radius * scale, lineWidth: style.lineWidth * size * scale,
      opacity: shown.opacity, colors: style.pulse,
      square: Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side),
      sweep: (radius - style.lineWidth * size / 2)...(radius + style.lineWidth * size / 2)
        * Self.pulseGrowth)
  }

  static func pulseAnimation(beginTime: Double) -> AnimationGroup {
    let once = AnimationTiming(beginTime: 0, duration: pulseDuration)
    var timing = AnimationTiming(
      beginTime: beginTime, duration: pulseDuration, timingFunction: .easeInEaseOut)
    timing.repeatCount = .infinity
    return AnimationGroup(
      [
        BasicAnimation(
          \Layer.transform, from: .identity, to: AffineTransform(scale: Self.pulseGrowth),
          timing: once),
        BasicAnimation(\Layer.opacity, from: 0.7, to: 0, timing: once),
      ], timing: timing)
  }

  /// The pulse as it looks at `phase` (0…1) of a beat, without animating (for stamps).
  public func showPulse(phase: Double) {
    isPulsing = false
    pulseGradient.removeAnimation(forKey: Self.pulseKey)
    pulseGradient.isHidden = !drawsPulse
    let eased = TimingFunction.easeInEaseOut.progress(at: phase)
    pulseGradient.transform = AffineTransform.identity.interpolated(
      to: AffineTransform(scale: Self.pulseGrowth), amount: eased)
    pulseGradient.opacity = 0.7 * (1 - eased)
  }
}
