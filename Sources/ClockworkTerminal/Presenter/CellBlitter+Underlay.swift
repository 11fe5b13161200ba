/// Cells over an underlay: the timer's ring over its backdrop and pulse.
extension CellBlitter {
  /// Cells for a `width`×`height` pixel image drawn over `underlay` (one a cell, row by row):
  /// a sample is the image's where it is mostly opaque, in its own colour (its anti-aliased
  /// edge not blended with what is under it), else the underlay's. When the underlay is palette
  /// entries whose colours change, the cells do not: the timer's backdrop and pulse.
  public func cells(
    from pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, stride: Int,
    underlay: [CellUnderlay]
  ) -> CellGrid {
    let (sx, sy) = glyphs.samples
    let columns = width / sx
    let rows = height / sy
    var grid = CellGrid(columns: columns, rows: rows)
    guard underlay.count == columns * rows else { return grid }
    let n = sx * sy
    let r = UnsafeMutableBufferPointer<Int>.allocate(capacity: n)
    let g = UnsafeMutableBufferPointer<Int>.allocate(capacity: n)
    let b = UnsafeMutableBufferPointer<Int>.allocate(capacity: n)
    let opaque = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n)
    defer { [r, g, b].forEach { $0.deallocate() }; opaque.deallocate() }
    for row in 0..<rows {
      for column in 0..<columns {
        var opaqueCount = 0
        var k = 0
        for y in row * sy..<(row + 1) * sy {
          for x in column * sx..<(column + 1) * sx {
            let word = pixels[y * stride + x]
            let alpha = Int(word >> 24)
            opaque[k] = alpha >= 128
            if opaque[k] {
              opaqueCount += 1
              // Premultiplied: the colour itself is the channel over alpha.
              r[k] = min(255, (Int((word >> 16) & 0xFF) * 255 + alpha / 2) / alpha)
              g[k] = min(255, (Int((word >> 8) & 0xFF) * 255 + alpha / 2) / alpha)
              b[k] = min(255, (Int(word & 0xFF) * 255 + alpha / 2) / alpha)
            }
            k += 1
          }
        }
        let under = underlay[row * columns + column]
        grid.cells[row * columns + column] =
          opaqueCount == n
          ? fit(r: r, g: g, b: b, opaque: opaque, opaqueCount: n, count: n)
          : fit(r: r, g: g, b: b, opaque: opaque, count: n, over: under)
      }
    }
    return grid
  }

  /// A cell some of whose samples show `under`: the opaque samples are the glyph in their mean
  /// colour, over whichever of the underlay's two colours most of the others show.
  func fit(
    r: UnsafeMutableBufferPointer<Int>, g: UnsafeMutableBufferPointer<Int>,
    b: UnsafeMutableBufferPointer<Int>,
    opaque: UnsafeMutableBufferPointer<Bool>, count n: Int, over under: CellUnderlay
  ) -> Cell {
    let full = (1 << n) - 1
    var mask = 0
    var (sr, sg, sb, drawn, overlaid) = (0, 0, 0, 0, 0)
    for k in 0..<n {
      if opaque[k] {
        mask |= 1 << k
        sr += r[k]; sg += g[k]; sb += b[k]; drawn += 1
      } else if Int(under.overlayMask) & (1 << k) != 0 {
        overlaid += 1
      }
    }
    if drawn == 0 {
      let shown = Int(under.overlayMask) & full
      if shown == 0 { return Cell(glyph: " ", background: under.color) }
      if shown == full { return Cell(glyph: " ", background: under.overlay) }
      return Cell(glyph: glyphs.glyph(shown), foreground: under.overlay, background: under.color)
    }
    let background = overlaid * 2 > n - drawn ? under.overlay : under.color
    return Cell(
      glyph: glyphs.glyph(mask),
      foreground: RGB(UInt8(sr / drawn), UInt8(sg / drawn), UInt8(sb / drawn)),
      background: background)
  }
}
