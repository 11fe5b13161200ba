import Glibc

/// A rectangle of premultiplied ARGB32 pixels in a buffer whose rows are `stride` words apart:
/// a Cairo surface, or the packed rows of a `PixelImage` and of the blitter's last frame.
enum PixelRect {
  /// Whether `width`×`rows` pixels from `a[aStart]` equal those from `b[bStart]`.
  static func equal(
    _ a: UnsafeBufferPointer<UInt32>, from aStart: Int, stride aStride: Int,
    _ b: UnsafeBufferPointer<UInt32>, from bStart: Int, stride bStride: Int, width: Int, rows: Int
  ) -> Bool {
    guard let a = a.baseAddress, let b = b.baseAddress else { return false }
    for y in 0..<rows
    where memcmp(a + aStart + y * aStride, b + bStart + y * bStride, width * 4) != 0 {
      return false
    }
    return true
  }

  /// Copies `width`×`rows` pixels from `source[start]` to `target[targetStart]`.
  static func copy(
    _ source: UnsafeBufferPointer<UInt32>, from start: Int, stride: Int,
    to target: UnsafeMutableBufferPointer<UInt32>, at targetStart: Int, stride targetStride: Int,
    width: Int, rows: Int
  ) {
    for y in 0..<rows {
      let from = start + y * stride
      let to = targetStart + y * targetStride
      _ = UnsafeMutableBufferPointer(rebasing: target[to..<to + width]).initialize(
        from: UnsafeBufferPointer(rebasing: source[from..<from + width]))
    }
  }
}
