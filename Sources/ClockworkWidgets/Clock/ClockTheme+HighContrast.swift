import ClockworkScene

extension ClockTheme {
  /// This theme's shapes in the colours a person who asked the desktop for high contrast reads:
  /// a white dial with black ink (white on black when `dark`), every tick, numeral, hand and
  /// ring at 21:1 on the dial, the second hand and cap a red at 4.5:1 or more, no pictures, no
  /// shadows, no square behind the dial. Thin marks are widened to be seen at all.
  public func highContrast(dark: Bool) -> ClockTheme {
    let (paper, ink): (Color, Color) = dark ? (.black, .white) : (.white, .black)
    // Reds that read on the dial at more than 6:1 (the tests work it out).
    let accent = dark ? Color(hex: 0xFF6B6B) : Color(hex: 0xC00010)
    var theme = self
    theme.name = name + "-high-contrast"
    theme.background = nil
    theme.dial = Dial(color: paper, borderColor: ink, borderWidth: max(dial.borderWidth, 0.03))
    theme.ticks.color = ink
    theme.ticks.minorWidth = max(ticks.minorWidth, 0.015)
    theme.ticks.majorWidth = max(ticks.majorWidth, 0.04)
    theme.numerals.color = ink
    func solid(_ hand: Hand, _ color: Color, width: Double) -> Hand {
      var hand = hand
      (hand.color, hand.image, hand.shadow) = (color, nil, nil)
      hand.width = max(hand.width, width)
      return hand
    }
    theme.hourHand = solid(hourHand, ink, width: 0.07)
    theme.minuteHand = solid(minuteHand, ink, width: 0.05)
    theme.secondHand = solid(secondHand, accent, width: 0.02)
    theme.cap = Cap(color: accent, radius: max(cap.radius, 0.04))
    theme.ring = Ring(color: ink, width: ring.width, front: ring.front)
    theme.shadow = nil
    return theme
  }

  /// Every colour this theme paints on its dial, with the contrast it needs there: 3:1 for
  /// marks and hands (WCAG's non-text contrast), 4.5:1 for numerals (text).
  public var inkOnDial: [(color: Color, needs: Double)] {
    [
      (ticks.color, 3), (hourHand.color, 3), (minuteHand.color, 3), (secondHand.color, 3),
      (cap.color, 3), (dial.borderColor, 3),
    ] + (numerals.style == .none ? [] : [(numerals.color, 4.5)])
  }
}

extension CountdownRing.Style {
  /// This style for high contrast on a plain page (no backdrop): a black arc on a mid-grey
  /// track with a black label (white on black when `dark`), the pulse in the arc's colour,
  /// the last seconds in a red that reads on the page.
  public func highContrast(dark: Bool) -> CountdownRing.Style {
    var style = self
    let ink: Color = dark ? .white : .black
    style.stroke = [ink, ink]
    // 3.1:1 from the page and from the arc alike: the track is seen, and the arc on it.
    style.track = dark ? Color(hex: 0x777777) : Color(hex: 0x8A8A8A)
    style.pulse = [ink.withAlpha(0.6), ink.withAlpha(0.6)]
    style.label = ink
    style.plate = nil
    style.criticalLabel =
      style.criticalSeconds > 0 ? (dark ? Color(hex: 0xFF6B6B) : Color(hex: 0xC00010)) : nil
    style.criticalPlate = nil
    return style
  }
}
