import CCairo
import CPixelBlend
import ClockworkScene

/// An axial gradient as device pixels see it: each pixel's colour from a table, found by
/// stepping a fixed-point position along the row. Pixman composites a gradient through its
/// general path, a span at a time, clearing a 24 KB buffer at every call: drawing a window's
/// backdrop, or a pulse that fades as it grows, that way was most of a frame.
struct AxialRamp {
  /// Premultiplied ARGB32 colours along the gradient, first to last.
  let colors: [UInt32]
  /// The table position at device (0, 0)'s pixel centre and its change a pixel across and down,
  /// in 16.16 fixed point.
  let origin: Double
  let perColumn: Double
  let perRow: Double
  static let steps = 4096

  /// The ramp of `gradient` (a linear one, with stops) whose space maps to the device by
  /// `matrix`, its colours `colors` (``table(_:alpha:)`` of its stops). Nil when it has no
  /// length or no stops, or cannot be inverted.
  init?(_ gradient: Gradient, in rect: Rect, matrix: cairo_matrix_t, colors: [UInt32]) {
    guard case .linear(let start, let end) = gradient.kind, !gradient.stops.isEmpty else {
      return nil
    }
    var inverse = matrix
    guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return nil }
    let p0 = Point(x: rect.minX + start.x * rect.width, y: rect.minY + start.y * rect.height)
    let p1 = Point(x: rect.minX + end.x * rect.width, y: rect.minY + end.y * rect.height)
    let (dx, dy) = (p1.x - p0.x, p1.y - p0.y)
    let length = dx * dx + dy * dy
    guard length > 0 else { return nil }
    // t = ((p − p0) · (p1 − p0)) / |p1 − p0|², p the pixel's centre in the gradient's space.
    func t(_ x: Double, _ y: Double) -> Double {
      var (u, v) = (x, y)
      cairo_matrix_transform_point(&inverse, &u, &v)
      return ((u - p0.x) * dx + (v - p0.y) * dy) / length
    }
    let scale = Double(Self.steps) * 65536
    origin = t(0.5, 0.5) * scale
    perColumn = (t(1.5, 0.5) - t(0.5, 0.5)) * scale
    perRow = (t(0.5, 1.5) - t(0.5, 0.5)) * scale
    self.colors = colors
  }

  /// The same ramp in other colours.
  func with(colors: [UInt32]) -> AxialRamp {
    AxialRamp(colors: colors, origin: origin, perColumn: perColumn, perRow: perRow)
  }

  init(colors: [UInt32], origin: Double, perColumn: Double, perRow: Double) {
    (self.colors, self.origin, self.perColumn, self.perRow) = (colors, origin, perColumn, perRow)
  }

  /// The table position, in 16.16 fixed point, at a device pixel's centre.
  func position(column: Int, row: Int) -> Double {
    origin + Double(column) * perColumn + Double(row) * perRow
  }

  /// The colours at `steps + 1` even places from 0 to 1, as Cairo spreads them between stops:
  /// each stretch between two stops is a run of entries whose channels step by a constant.
  static func table(_ stops: [Gradient.Stop], alpha: Double) -> [UInt32] {
    let fade = min(max(alpha, 0), 1)
    // Premultiplied channels, 0…255, of a colour at the fade.
    func channels(_ color: Color) -> (Double, Double, Double, Double) {
      func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
      let a = unit(color.alpha) * fade
      return (
        unit(color.red) * a * 255, unit(color.green) * a * 255, unit(color.blue) * a * 255, a * 255
      )
    }
    return [UInt32](unsafeUninitializedCapacity: steps + 1) { table, count in
      var index = 0
      // Entries up to `place` (0…1), stepping from `a` at `place − spanning` towards `b`.
      func run(
        to place: Double, from a: (Double, Double, Double, Double),
        to b: (Double, Double, Double, Double), spanning: Double
      ) {
        let end = min(steps, Int(min(max(place, 0), 1) * Double(steps)))
        guard index <= end else { return }
        let perEntry = spanning > 0 ? 1 / (spanning * Double(steps)) : 0
        var amount =
          spanning > 0 ? (Double(index) / Double(steps) - place + spanning) / spanning : 1
        while index <= end {
          func channel(_ x: Double, _ y: Double) -> UInt32 {
            UInt32(min(max(x + (y - x) * amount, 0), 255) + 0.5)
          }
          table[index] =
            channel(a.3, b.3) << 24 | channel(a.0, b.0) << 16 | channel(a.1, b.1) << 8
            | channel(a.2, b.2)
          amount += perEntry
          index += 1
        }
      }
      let first = channels(stops[0].color)
      run(to: stops[0].location, from: first, to: first, spanning: 0)
      for (lower, upper) in zip(stops, stops.dropFirst()) {
        run(
          to: upper.location, from: channels(lower.color), to: channels(upper.color),
          spanning: upper.location - lower.location)
      }
      let last = channels(stops[stops.count - 1].color)
      run(to: 1, from: last, to: last, spanning: 0)
      count = steps + 1
    }
  }

  /// Blends the gradient over the device box's pixels in `pixels` (rows `rowWords` apart, the
  /// first word device pixel 0, 0), each at its coverage: bytes `coverage.stride` apart a
  /// row, the first for device pixel `origin`.
  func blend(
    _ box: PixelBox, through coverage: (bytes: UnsafePointer<UInt8>, stride: Int),
    at origin: (x: Int, y: Int), into pixels: UnsafeMutablePointer<UInt32>, rowWords: Int
  ) {
    let step = Int64(perColumn.rounded())
    colors.withUnsafeBufferPointer { table in
      guard let table = table.baseAddress else { return }
      for row in box.top..<box.bottom {
        let position = Int64(self.position(column: box.left, row: row).rounded()) + 0x8000
        cw_blend_ramp_row(
          pixels + row * rowWords + box.left,
          coverage.bytes + (row - origin.y) * coverage.stride + box.left - origin.x,
          Int32(box.right - box.left), table, Int32(Self.steps), position, step)
      }
    }
  }

  /// Whether every position in the device box stays near 0…1, where fixed point cannot overflow.
  func isBounded(_ box: PixelBox) -> Bool {
    let corners =
      [(box.left, box.top), (box.right, box.top), (box.left, box.bottom)]
      + [(box.right, box.bottom)]
    let limit = 1e4 * Double(Self.steps) * 65536
    return corners.allSatisfy {
      abs(position(column: $0.0, row: $0.1)) < limit
    }
  }

  /// Writes the device box's pixels into `pixels`, whose first word is device pixel
  /// (`offset.x`, `offset.y`) and whose rows are `rowWords` apart.
  func write(
    _ box: PixelBox, into pixels: UnsafeMutablePointer<UInt32>, rowWords: Int,
    offset: (x: Int, y: Int)
  ) {
    let step = Int(perColumn.rounded())
    let last = Self.steps
    let end = (last + 1) << 16
    colors.withUnsafeBufferPointer { table in
      guard let table = table.baseAddress else { return }
      let (low, high) = (table[0], table[last])
      for row in box.top..<box.bottom {
        // The position rounded to the nearest entry: its whole part is the entry.
        var q =
          Int(position(column: box.left, row: row).rounded()) + 0x8000
        let line = pixels + (row - offset.y) * rowWords - offset.x
        var column = box.left
        while column < box.right, q < 0 || q >= end {
          line[column] = q < 0 ? low : high
          q &+= step
          column += 1
        }
        let left = box.right - column
        let inside = step > 0 ? (end - 1 - q) / step + 1 : step < 0 ? q / -step + 1 : left
        for _ in 0..<max(0, min(left, inside)) {
          line[column] = table[q >> 16]
          q &+= step
          column += 1
        }
        while column < box.right {
          line[column] = q < 0 ? low : high
          q &+= step
          column += 1
        }
      }
    }
  }
}

/// Whole device pixels: columns `left..<right`, rows `top..<bottom`.
struct PixelBox: Equatable {
  var left, top, right, bottom: Int

  var isEmpty: Bool { left >= right || top >= bottom }

  func intersection(_ other: PixelBox) -> PixelBox {
    PixelBox(
      left: max(left, other.left), top: max(top, other.top), right: min(right, other.right),
      bottom: min(bottom, other.bottom))
  }

  /// The pixels that a device-space rectangle touches.
  init(covering x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    let limit = 1e9
    left = Int(max(-limit, min(limit, x1.rounded(.down))))
    top = Int(max(-limit, min(limit, y1.rounded(.down))))
    right = Int(max(-limit, min(limit, x2.rounded(.up))))
    bottom = Int(max(-limit, min(limit, y2.rounded(.up))))
  }

  /// The pixels between device-space edges that lie on pixel edges (`Renderer.isWholePixel`).
  init(rounding x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    (left, top) = (Int(x1.rounded()), Int(y1.rounded()))
    (right, bottom) = (Int(x2.rounded()), Int(y2.rounded()))
  }

  init(left: Int, top: Int, right: Int, bottom: Int) {
    (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
  }

  /// All of a `width`×`height` picture.
  init(width: Int, height: Int) { self.init(left: 0, top: 0, right: width, bottom: height) }
}
