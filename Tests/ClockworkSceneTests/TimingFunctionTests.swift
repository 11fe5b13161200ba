import ClockworkScene
import Testing

@Suite struct TimingFunctionTests {
  // Reference values solved independently by bisection on the Bézier (200 halvings).
  @Test(arguments: [
    (TimingFunction.default, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
    (TimingFunction.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
    (TimingFunction.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
    (TimingFunction.easeInEaseOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278]),
  ])
  func presetsMatchTheCSSCurves(curve: TimingFunction, expected: [Double]) {
    for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
      #expect(abs(curve.progress(at: x) - y) < 1e-5, "x = \(x)")
    }
  }

  @Test func endsAreExact() {
    for curve in [
      TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default,
      TimingFunction(controlPoints: 0.3, -0.8, 0.7, 1.8),
    ] {
      #expect(curve.progress(at: 0) == 0)
      #expect(curve.progress(at: 1) == 1)
      #expect(curve.progress(at: -3) == 0)
      #expect(curve.progress(at: 7) == 1)
    }
  }

  @Test func monotoneCurvesNeverDecrease() {
    for curve in [
      TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default,
      TimingFunction(controlPoints: 0.9, 0.1, 0.1, 0.9),
    ] {
      var previous = 0.0
      for step in 0...2000 {
        let y = curve.progress(at: Double(step) / 2000)
        #expect(y >= previous - 1e-12)
        previous = y
      }
    }
  }

  @Test func customCurvesMayOvershoot() {
    let back = TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
    let peak = (1...99).map { back.progress(at: Double($0) / 100) }.max() ?? 0
    #expect(peak > 1.05)
  }

  @Test func linearIsIdentity() {
    for x in stride(from: 0.0, through: 1, by: 0.05) {
      #expect(abs(TimingFunction.linear.progress(at: x) - x) < 1e-12)
    }
  }
}
