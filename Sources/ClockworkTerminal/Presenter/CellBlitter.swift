/// Turns pixels into cells: for each cell, fit two colours to its samples and pick the block
/// glyph that splits them best.
///
/// ```swift
/// let blitter = CellBlitter(glyphs: .sextant)
/// let grid = blitter.cells(from: pixels, width: 200, height: 120, stride: 200)   // 100×40 cells
/// ```
///
/// Pixels are premultiplied ARGB32 words (Cairo's image format), one sample per glyph part, so
/// a frame is rendered at the grid's sample size and never resampled. Mostly transparent
/// samples show the terminal's own background; among opaque ones the channel with the widest
/// range splits the samples at its midpoint, and each side's mean becomes its colour.
public struct CellBlitter: Sendable {
  /// The block glyphs a cell is drawn with.
  public var glyphs: GlyphSet
  /// Where a cell is partly transparent, the transparent part lets this show through (for the
  /// anti-aliased edge, which is blended over it); `nil` pixels stay the terminal's background.
  public var backdrop = RGB(0, 0, 0)
  /// One colour for everything drawn (large text): each sample is ink where it is mostly opaque,
  /// else the terminal's background, so anti-aliased edges do not each need a colour of their
  /// own to be sent (three quarters of a running stopwatch's bytes).
  public var ink: RGB?

  /// A blitter that draws with `glyphs`.
  public init(glyphs: GlyphSet) { self.glyphs = glyphs }

  /// Cells for a `width`×`height` pixel image (`stride` in 32-bit words per row).
  ///
  /// With `previous` — an earlier image of the same size (`width` words a row) and the cells
  /// made from it — a cell whose samples are unchanged is copied rather than fitted again: a
  /// clock's second hand changes a few dozen of 4,000 cells. With `region` as well, cells
  /// outside it are copied without looking at their samples (only the region was redrawn).
  public func cells(
    from pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, stride: Int,
    previous: (pixels: [UInt32], grid: CellGrid)? = nil,
    region: CellRect? = nil
  ) -> CellGrid {
    let reusable = previous.flatMap {
      fits($0.grid, width: width, height: height) && $0.pixels.count == width * height ? $0 : nil
    }
    var grid =
      reusable?.grid ?? CellGrid(columns: width / glyphs.samples.x, rows: height / glyphs.samples.y)
    update(
      &grid, from: pixels, width: width, height: height, stride: stride,
      earlier: reusable.map { EarlierSamples(pixels: $0.pixels, width: width) }, region: region)
    return grid
  }

  /// Samples as they were before a frame was drawn over them: a block `width` samples wide
  /// whose first is sample (`left`, `top`) of the image.
  struct EarlierSamples {
    var pixels: [UInt32]
    var left = 0
    var top = 0
    var width: Int
  }

  /// Whether `grid` has the cells of a `width`×`height` image (for ``update``).
  func fits(_ grid: CellGrid, width: Int, height: Int) -> Bool {
    grid.columns == width / glyphs.samples.x && grid.rows == height / glyphs.samples.y
  }

  /// Fits `grid`'s cells to `pixels`; with `earlier` (samples of the image `grid` was made
  /// from, covering `region`), only those in `region` whose samples changed. A grid owned by
  /// the caller alone is changed in place, not copied.
  func update(
    _ grid: inout CellGrid, from pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
    stride: Int, earlier: EarlierSamples? = nil, region: CellRect? = nil
  ) {
    let (sx, sy) = glyphs.samples
    let columns = width / sx
    let rows = height / sy
    // Scratch for one cell's samples; raw buffers, as array writes here cost a uniqueness check
    // each.
    let r = UnsafeMutableBufferPointer<Int>.allocate(capacity: 6)
    let g = UnsafeMutableBufferPointer<Int>.allocate(capacity: 6)
    let b = UnsafeMutableBufferPointer<Int>.allocate(capacity: 6)
    let opaque = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 6)
    defer { [r, g, b].forEach { $0.deallocate() }; opaque.deallocate() }
    let n = sx * sy
    let area = earlier == nil ? nil : region
    let rowRange = area.map { max(0, $0.row)..<min(rows, $0.row + $0.rows) } ?? 0..<rows
    let columnRange =
      area.map { max(0, $0.column)..<min(columns, $0.column + $0.columns) } ?? 0..<columns
    let origin = (x: earlier?.left ?? 0, y: earlier?.top ?? 0)
    let oldWidth = earlier?.width ?? width
    let earlierPixels = earlier?.pixels ?? []
    grid.cells.withUnsafeMutableBufferPointer { out in
      earlierPixels.withUnsafeBufferPointer { old in
        for row in rowRange {
          let top = row * sy
          // A row of cells whose sample rows are all unchanged stays as it was (most of a clock).
          if !old.isEmpty,
            PixelRect.equal(
              pixels, from: top * stride + columnRange.lowerBound * sx, stride: stride, old,
              from: (top - origin.y) * oldWidth + columnRange.lowerBound * sx - origin.x,
              stride: oldWidth, width: columnRange.count * sx, rows: sy)
          {
            continue
          }
          for column in columnRange {
            let left = column * sx
            if !old.isEmpty,
              Self.samplesEqual(
                pixels, stride: stride, old, width: oldWidth, from: origin, left, top, sx, sy)
            {
              continue  // the grid started as the previous one
            }
            // Most cells of a dial are one colour or none: no fitting to do.
            if let word = Self.onlySample(pixels, stride: stride, left, top, sx, sy) {
              out[row * columns + column] = cell(uniform: word, count: n)
              continue
            }
            let opaqueCount = read(
              pixels, stride: stride, left, top, into: (r, g, b), opaque: opaque)
            out[row * columns + column] = fit(
              r: r, g: g, b: b, opaque: opaque, opaqueCount: opaqueCount, count: n)
          }
        }
      }
    }
  }

  /// Whether a cell's samples are as they were: most cells in a redrawn box are. Two samples
  /// across (sextants, quadrants) are compared as one word a row.
  @inline(__always)
  static func samplesEqual(
    _ pixels: UnsafeBufferPointer<UInt32>, stride: Int, _ old: UnsafeBufferPointer<UInt32>,
    width: Int, from origin: (x: Int, y: Int), _ x: Int, _ y: Int, _ sx: Int, _ sy: Int
  ) -> Bool {
    guard let pixelBase = pixels.baseAddress, let oldBase = old.baseAddress else { return false }
    var new = UnsafeRawPointer(pixelBase + (y &* stride &+ x))
    var was = UnsafeRawPointer(oldBase + ((y &- origin.y) &* width &+ (x &- origin.x)))
    for _ in 0..<sy {
      if sx == 2 {
        if new.loadUnaligned(as: UInt64.self) != was.loadUnaligned(as: UInt64.self) { return false }
      } else {
        for dx in 0..<sx
        where new.load(fromByteOffset: dx * 4, as: UInt32.self)
          != was.load(fromByteOffset: dx * 4, as: UInt32.self)
        {
          return false
        }
      }
      new += stride &* 4
      was += width &* 4
    }
    return true
  }

  /// Reads the samples of the cell at sample (`left`, `top`) into `channels`, blended over the
  /// backdrop, and which are opaque; returns how many are.
  @inline(__always)
  func read(
    _ pixels: UnsafeBufferPointer<UInt32>, stride: Int, _ left: Int, _ top: Int,
    into channels: (
      r: UnsafeMutableBufferPointer<Int>, g: UnsafeMutableBufferPointer<Int>,
      b: UnsafeMutableBufferPointer<Int>
    ),
    opaque: UnsafeMutableBufferPointer<Bool>
  ) -> Int {
    let (r, g, b) = channels
    var opaqueCount = 0
    var k = 0
    for y in top..<top + glyphs.samples.y {
      for x in left..<left + glyphs.samples.x {
        let word = pixels[y * stride + x]
        let alpha = Int(word >> 24)
        opaque[k] = alpha >= 128
        if opaque[k] { opaqueCount += 1 }
        r[k] = Int((word >> 16) & 0xFF)
        g[k] = Int((word >> 8) & 0xFF)
        b[k] = Int(word & 0xFF)
        if alpha < 255 {
          // Premultiplied: blending over the backdrop is adding the backdrop × (1 − α).
          let rest = 255 - alpha
          r[k] += (Int(backdrop.r) * rest + 127) / 255
          g[k] += (Int(backdrop.g) * rest + 127) / 255
          b[k] += (Int(backdrop.b) * rest + 127) / 255
        }
        k += 1
      }
    }
    return opaqueCount
  }

  /// The one sample a cell's samples all are, or nil.
  @inline(__always)
  static func onlySample(
    _ pixels: UnsafeBufferPointer<UInt32>, stride: Int, _ x: Int, _ y: Int, _ sx: Int, _ sy: Int
  ) -> UInt32? {
    let first = pixels[y &* stride &+ x]
    for row in y..<y + sy {
      for column in x..<x + sx where pixels[row &* stride &+ column] != first { return nil }
    }
    return first
  }

  /// The cell ``fit(r:g:b:opaque:opaqueCount:count:)`` makes of `count` samples that are all
  /// `word`, without the fitting.
  @inline(__always)
  func cell(uniform word: UInt32, count n: Int) -> Cell {
    let alpha = Int(word >> 24)
    guard alpha >= 128 else { return .blank }
    if let ink { return Cell(glyph: glyphs.glyph((1 << n) - 1), foreground: ink) }
    var (r, g, b) = (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    if alpha < 255 {
      let rest = 255 - alpha
      r += (Int(backdrop.r) * rest + 127) / 255
      g += (Int(backdrop.g) * rest + 127) / 255
      b += (Int(backdrop.b) * rest + 127) / 255
    }
    return Cell(glyph: " ", foreground: nil, background: RGB(UInt8(r), UInt8(g), UInt8(b)))
  }

  @inline(__always)
  func fit(
    r: UnsafeMutableBufferPointer<Int>, g: UnsafeMutableBufferPointer<Int>,
    b: UnsafeMutableBufferPointer<Int>,
    opaque: UnsafeMutableBufferPointer<Bool>, opaqueCount: Int, count n: Int
  ) -> Cell {
    if opaqueCount == 0 { return .blank }
    if let ink {
      var mask = 0
      for k in 0..<n where opaque[k] { mask |= 1 << k }
      return Cell(glyph: glyphs.glyph(mask), foreground: ink)
    }
    if opaqueCount < n {
      // The opaque samples over the terminal's background.
      var mask = 0
      var (sr, sg, sb) = (0, 0, 0)
      for k in 0..<n where opaque[k] {
        mask |= 1 << k
        sr += r[k]
        sg += g[k]
        sb += b[k]
      }
      return Cell(
        glyph: glyphs.glyph(mask),
        foreground: RGB(UInt8(sr / opaqueCount), UInt8(sg / opaqueCount), UInt8(sb / opaqueCount)))
    }
    var (minR, maxR, minG, maxG, minB, maxB) = (255, 0, 255, 0, 255, 0)
    for k in 0..<n {
      minR = min(minR, r[k]); maxR = max(maxR, r[k])
      minG = min(minG, g[k]); maxG = max(maxG, g[k])
      minB = min(minB, b[k]); maxB = max(maxB, b[k])
    }
    let spreadR = maxR - minR
    let spreadG = maxG - minG
    let spreadB = maxB - minB
    let spread = max(spreadR, spreadG, spreadB)
    if spread < 12 {
      // One colour: a full block is the same as a coloured space but survives copy and paste.
      var (sr, sg, sb) = (0, 0, 0)
      for k in 0..<n { sr += r[k]; sg += g[k]; sb += b[k] }
      let color = RGB(UInt8(sr / n), UInt8(sg / n), UInt8(sb / n))
      return Cell(glyph: " ", foreground: nil, background: color)
    }
    let channel: UnsafeMutableBufferPointer<Int>
    let threshold: Int
    if spread == spreadR {
      channel = r; threshold = (minR + maxR) / 2
    } else if spread == spreadG {
      channel = g; threshold = (minG + maxG) / 2
    } else {
      channel = b; threshold = (minB + maxB) / 2
    }
    var mask = 0
    var (fr, fg, fb, fn) = (0, 0, 0, 0)
    var (br, bg, bb, bn) = (0, 0, 0, 0)
    for k in 0..<n {
      if channel[k] > threshold {
        mask |= 1 << k
        fr += r[k]; fg += g[k]; fb += b[k]; fn += 1
      } else {
        br += r[k]; bg += g[k]; bb += b[k]; bn += 1
      }
    }
    let foreground = RGB(UInt8(fr / max(fn, 1)), UInt8(fg / max(fn, 1)), UInt8(fb / max(fn, 1)))
    let background = RGB(UInt8(br / max(bn, 1)), UInt8(bg / max(bn, 1)), UInt8(bb / max(bn, 1)))
    return Cell(glyph: glyphs.glyph(mask), foreground: foreground, background: background)
  }
}
