import ClockworkScene
import Testing

/// Cubic keyframes: a Catmull-Rom curve through every value, as Core Animation's cubic
/// calculation mode draws it.
@Suite struct CubicKeyframeTests {
  static func animation(
    _ mode: KeyframeAnimation<Layer, Double>.CalculationMode, _ values: [Double]
  )
    -> KeyframeAnimation<Layer, Double>
  {
    KeyframeAnimation(\Layer.opacity, values: values, calculationMode: mode)
  }

  @Test func theCurvePassesThroughEveryValueAtItsKeyTime() {
    let cubic = Self.animation(.cubic, [0, 10, 4, 8])
    for (index, value) in [0.0, 10, 4, 8].enumerated() {
      #expect(abs((cubic.value(at: Double(index) / 3) ?? .nan) - value) < 1e-9)
    }
  }

  @Test func betweenValuesItIsTheCatmullRomBezier() {
    // The first segment, 0 → 10, its neighbours 0 (the end repeated) and 0: controls
    // 0 + (10 − 0)/6 and 10 − (0 − 0)/6; half way, the Bézier is 3/8·c1 + 3/8·c2 + 1/8·10.
    let cubic = Self.animation(.cubic, [0, 10, 0])
    let c1 = 10.0 / 6
    #expect(abs((cubic.value(at: 0.25) ?? .nan) - (3.0 / 8 * c1 + 3.0 / 8 * 10 + 10.0 / 8)) < 1e-9)
    #expect(Self.animation(.linear, [0, 10, 0]).value(at: 0.25) == 5)
  }

  @Test func itTurnsSmoothlyThroughAValueWhereLinearKeyframesBend() {
    func slopes(_ mode: KeyframeAnimation<Layer, Double>.CalculationMode) -> (Double, Double) {
      let animation = Self.animation(mode, [0, 10, 30])
      let h = 1e-4
      let middle = animation.value(at: 0.5) ?? .nan
      return (
        (middle - (animation.value(at: 0.5 - h) ?? .nan)) / h,
        ((animation.value(at: 0.5 + h) ?? .nan) - middle) / h
      )
    }
    let cubic = slopes(.cubic)
    #expect(abs(cubic.0 - cubic.1) < 0.1)
    let linear = slopes(.linear)
    #expect(abs(linear.0 - linear.1) > 10)
  }

  @Test func cubicPacedPlacesTheValuesByTheirDistances() {
    // Distances 10 and 30: the middle value is reached a quarter of the way through.
    let paced = Self.animation(.cubicPaced, [0, 10, 40])
    #expect(abs((paced.value(at: 0.25) ?? .nan) - 10) < 1e-9)
  }
}
