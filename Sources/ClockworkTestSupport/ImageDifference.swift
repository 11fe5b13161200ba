import ClockworkCairo

extension CairoSurface {
  /// The largest difference in any channel between two images of the same size.
  public func largestDifference(from other: CairoSurface) -> Int {
    withPixels { a, strideA in
      other.withPixels { b, strideB in
        var worst = 0
        for y in 0..<height {
          for x in 0..<width {
            let (p, q) = (a[y * strideA + x], b[y * strideB + x])
            for shift in Swift.stride(from: 0, through: 24, by: 8) {
              worst = max(
                worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
          }
        }
        return worst
      }
    }
  }
}
