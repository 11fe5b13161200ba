import Glibc

/// Writes only what changed between frames: cursor moves and colour changes only where
/// needed, everything for one frame in one string (one `write`).
///
/// ```swift
/// var writer = DamageWriter(colorMode: .truecolor)
/// let bytes = writer.frame(grid)          // the first frame paints everything
/// let none = writer.frame(grid)           // "" — nothing changed
/// ```
///
/// Colour changes are most of the bytes (a truecolour pair is 38 of them), so a block glyph is
/// written as its complement with the colours swapped when that keeps a colour the terminal
/// already has, and a colour within `colorTolerance` of the current one is not changed.
public struct DamageWriter: Sendable {
  /// How colours are written: truecolor, 256 colours, 16 colours, or none.
  public var colorMode: ColorMode
  /// Colours within this of what is on screen (in every channel) count as unchanged: the
  /// anti-aliased fringe of a moving hand shifts by a shade or two a frame, and rewriting
  /// those cells costs bytes without a visible change.
  public var colorTolerance: Int = 6
  /// What is on screen.
  var previous: CellGrid?
  /// The grid the last frame was asked to show (`previous` is how it was written).
  var lastGrid: CellGrid?
  /// The terminal's current style and cursor, as the last frame left them.
  var pen: Pen?
  var cursor: (column: Int, row: Int)?
  /// The title last set.
  var title: String?
  /// The palette entries as last set.
  var palette: [UInt8: RGB] = [:]

  /// A writer that knows nothing of the screen yet, writing colours in `colorMode`.
  public init(colorMode: ColorMode) { self.colorMode = colorMode }

  /// Forgets the screen: the next frame repaints every cell (after a resize or a resume).
  public mutating func invalidate() {
    previous = nil
    lastGrid = nil
    pen = nil
    cursor = nil
    title = nil
    palette = [:]
  }

  /// The text that turns the last frame into `grid` (`frameBytes` as a string).
  public mutating func frame(_ grid: CellGrid) -> String {
    String(decoding: frameBytes(grid), as: UTF8.self)
  }

  /// The bytes that turn the last frame into `grid`.
  public mutating func frameBytes(_ grid: CellGrid) -> [UInt8] {
    var out = Bytes()
    if let wanted = grid.title, wanted != title {
      out.append(Escape.title(wanted))
      title = wanted
    }
    if !grid.palette.isEmpty { setPalette(grid.palette, into: &out) }
    let shownImages = previous?.images ?? []
    let moved = shownImages.map(\.area) != grid.images.map(\.area)
    let repaint =
      moved || previous.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
    if repaint {
      if !shownImages.isEmpty { out.append(Escape.deleteKittyImages) }
      out.append(Escape.resetStyle + Escape.clearScreen)
      pen = Pen(fg: nil, bg: nil, bold: false)
      cursor = nil
    }
    var screen = repaint ? CellGrid(columns: grid.columns, rows: grid.rows) : (previous ?? grid)
    // Pictures: only their parts that changed are sent, each from its top left cell.
    var freshSixels: [CellRect] = []  // on the screen's cells
    for (index, image) in grid.images.enumerated() {
      let parts =
        repaint
        ? Self.tiles(of: image, kind: image.kind)
        : Self.changedParts(of: image, over: screen.images[index], grid: grid, screen: screen)
      for (tile, part) in parts {
        out.moveTo(column: image.column + part.column, row: image.row + part.row)
        out.append(PictureEscape.draw(part, of: image, id: (index + 1) * 10_000 + tile))
        cursor = nil  // each protocol leaves the cursor somewhere of its own
        if image.kind == .sixel { freshSixels.append(part.offset(by: image)) }
      }
    }
    // Cells equal to the last frame's are on screen already (unless a sixel went over them).
    let unchangedSince = repaint || !freshSixels.isEmpty ? nil : lastGrid
    previous = nil  // the screen's cells are then not shared, and change in place
    lastGrid = grid
    let rules = Rules(colorMode: colorMode, tolerance: colorTolerance)
    var pen = self.pen
    var cursor = self.cursor
    let columns = grid.columns
    let unchanged = unchangedSince?.cells ?? []
    // The cells to write, as runs along a row; written in an order that keeps the pen where it
    // can (the timer's pulse edge: the same two palette colours on both sides of each row).
    var runs: [(start: Int, count: Int)] = []
    var run = (start: 0, count: 0)  // the run being gathered
    screen.cells.withUnsafeMutableBufferPointer { shown in
      grid.cells.withUnsafeBufferPointer { cells in
        unchanged.withUnsafeBufferPointer { unchanged in
          // A clock's second changes a few rows, and a few cells of each: the other rows are
          // skipped a row at a time, and a row's cells only from the first changed to the last.
          for row in 0..<grid.rows {
            var span = 0..<columns
            // (An empty array's buffer has an address too: the shared empty storage.)
            if !unchanged.isEmpty, let before = unchanged.baseAddress, let now = cells.baseAddress {
              guard
                let changed = Self.changedSpan(
                  before + row * columns, now + row * columns, count: columns)
              else { continue }
              span = changed
            }
            for column in span {
              let index = row * columns + column
              // What the last frame asked for here is on screen, or something that looks the same.
              if !unchanged.isEmpty, Self.same(unchanged, cells, index) { continue }
              let wanted = rules.colorMode == .none ? Rules.monochrome(cells[index]) : cells[index]
              // Over sixels just drawn, blanks are the picture and text must be written again.
              let underNewPicture =
                !freshSixels.isEmpty
                && freshSixels.contains { $0.contains(column: column, row: row) }
              if underNewPicture ? wanted == .blank : rules.looksSame(shown[index], wanted) {
                if underNewPicture { shown[index] = wanted }
                continue  // after a clear, blanks are drawn
              }
              if column > 0, run.start + run.count == index {
                run.count += 1
              } else {
                if run.count > 0 { runs.append(run) }
                run = (index, 1)
              }
            }
          }
          if run.count > 0 { runs.append(run) }
        }
        // The colours each run's first cell needs, as drawn or as its complement.
        var plain: [Needs] = []
        var complement: [Needs] = []
        plain.reserveCapacity(runs.count)
        complement.reserveCapacity(runs.count)
        for run in runs {
          let first =
            rules.colorMode == .none ? Rules.monochrome(cells[run.start]) : cells[run.start]
          plain.append(Needs(first, rules: rules))
          complement.append(first.complement.map { Needs($0, rules: rules) } ?? .never)
        }
        var written = [Bool](repeating: false, count: runs.count)
        var firstLeft = 0
        for _ in 0..<runs.count {
          while written[firstLeft] { firstLeft += 1 }
          // The first run left that needs the pen's two colours, else the first that needs no
          // change of them, else the first that keeps one of them, else the first left.
          var pick = firstLeft
          if let current = pen.map({ Needs(pen: $0) }) {
            var (fits, keepsOne): (Int?, Int?) = (nil, nil)
            for number in firstLeft..<runs.count where !written[number] {
              let (drawn, swapped) = (plain[number], complement[number])
              if drawn.fits(current) || swapped.fits(current) {
                if drawn.showsBoth || swapped.showsBoth {
                  fits = number
                  break
                }
                if fits == nil { fits = number }
              } else if keepsOne == nil,
                drawn.sharesAColour(with: current) || swapped.sharesAColour(with: current)
              {
                keepsOne = number
              }
            }
            pick = fits ?? keepsOne ?? firstLeft
          }
          let run = runs[pick]
          written[pick] = true
          let row = run.start / columns
          for index in run.start..<run.start + run.count {
            let column = index - row * columns  // a run stays on its row
            let wanted = rules.colorMode == .none ? Rules.monochrome(cells[index]) : cells[index]
            let cell = rules.cheapest(wanted, pen: pen)
            shown[index] = cell
            // The wide glyph on its left drew it and moved the cursor past it.
            if cell.glyph == Cell.wideRightHalf { continue }
            out.move(from: cursor, to: column, row, columns: columns)
            let style = rules.style(cell)
            if pen != style {
              rules.sgr(style, from: pen, into: &out)
              pen = style
            }
            let glyph = cell.glyph
            out.append(glyph)
            let wide = glyph.value >= 0x1100 && TextWidth.isWide(glyph.value)
            cursor = (column + (wide ? 2 : 1), row)
          }
        }
      }
    }
    self.pen = pen
    self.cursor = cursor
    screen.images = grid.images
    previous = screen
    return out.array
  }

  /// The cells of a row from the first to the last whose bytes differ between `old` and `new`
  /// (`nil`: none do).
  static func changedSpan(_ old: UnsafePointer<Cell>, _ new: UnsafePointer<Cell>, count: Int)
    -> Range<Int>?
  {
    let bytes = count * MemoryLayout<Cell>.stride
    guard memcmp(old, new, bytes) != 0 else { return nil }
    // The first and last bytes that differ, found 32 bytes at a time, then one at a time.
    let (a, b) = (UnsafeRawPointer(old), UnsafeRawPointer(new))
    func same<T: Equatable>(_ at: Int, _: T.Type) -> Bool {
      a.loadUnaligned(fromByteOffset: at, as: T.self)
        == b.loadUnaligned(fromByteOffset: at, as: T.self)
    }
    var low = 0
    while low + 32 <= bytes, same(low, SIMD4<UInt64>.self) { low += 32 }
    while same(low, UInt8.self) { low += 1 }
    var high = bytes
    while high - 32 > low, same(high - 32, SIMD4<UInt64>.self) { high -= 32 }
    while same(high - 1, UInt8.self) { high -= 1 }
    let stride = MemoryLayout<Cell>.stride
    return low / stride..<(high - 1) / stride + 1
  }

  /// Whether two cells are byte-for-byte the same: their 12 bytes compared as two words.
  @inline(__always)
  static func sameBytes(_ old: UnsafePointer<Cell>, _ new: UnsafePointer<Cell>) -> Bool {
    let (a, b) = (UnsafeRawPointer(old), UnsafeRawPointer(new))
    return MemoryLayout<Cell>.size == 12
      && a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
      && a.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
        == b.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
  }

  /// Whether a cell is unchanged. Most cells are byte-for-byte copies of the last frame's:
  /// their 12 bytes are compared as two words first, which is far cheaper than field by
  /// field; bytes that differ (an absent colour's unused channels, say) fall back to the values.
  @inline(__always)
  static func same(_ old: UnsafeBufferPointer<Cell>, _ new: UnsafeBufferPointer<Cell>, _ index: Int)
    -> Bool
  {
    guard let oldBase = old.baseAddress, let newBase = new.baseAddress else {
      return old.isEmpty && new.isEmpty
    }
    return sameBytes(oldBase + index, newBase + index) || old[index] == new[index]
  }

  /// One OSC 4 for the entries that moved more than the tolerance since they were last set.
  mutating func setPalette(_ wanted: [UInt8: RGB], into out: inout Bytes) {
    let rules = Rules(colorMode: colorMode, tolerance: colorTolerance)
    let changed = wanted.filter { index, color in !rules.close(palette[index], color) }.sorted {
      $0.key < $1.key
    }
    guard !changed.isEmpty else { return }
    out.append(Escape.setPalette(changed.map { ($0.key, $0.value) }))
    for (index, color) in changed { palette[index] = color }
  }

  /// Bytes that leave no picture behind: kitty keeps its images after the app has gone.
  public func farewell() -> String {
    previous?.images.contains { $0.kind == .kitty } == true ? Escape.deleteKittyImages : ""
  }
}
