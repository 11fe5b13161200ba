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
  public mutating func frame(_ grid: CellGrid) -> String { String(decoding: frameBytes(grid), as: UTF8.self) }

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
    let repaint = moved || previous.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
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
      let parts = repaint ? Self.tiles(of: image, kind: image.kind) : Self.changedParts(of: image, over: screen.images[index], grid: grid, screen: screen)
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
    screen.cells.withUnsafeMutableBufferPointer { shown in
      grid.cells.withUnsafeBufferPointer { cells in
        unchanged.withUnsafeBufferPointer { unchanged in
          // A clock's second changes a few rows: the others are skipped a row at a time.
          let rowBytes = columns * MemoryLayout<Cell>.stride
          for row in 0..<grid.rows {
            if !unchanged.isEmpty, memcmp(unchanged.baseAddress! + row * columns, cells.baseAddress! + row * columns, rowBytes) == 0 {
              continue
            }
            for column in 0..<columns {
              let index = row * columns + column
              // What the last frame asked for here is on screen, or something that looks the same.
              if !unchanged.isEmpty, Self.same(unchanged, cells, index) { continue }
              let wanted = rules.colorMode == .none ? Rules.monochrome(cells[index]) : cells[index]
              // Over sixels just drawn, blanks are the picture and text must be written again.
              let underNewPicture = !freshSixels.isEmpty && freshSixels.contains { $0.contains(column: column, row: row) }
              if underNewPicture ? wanted == .blank : rules.looksSame(shown[index], wanted) {
                if underNewPicture { shown[index] = wanted }
                continue  // after a clear, blanks are drawn
              }
              if let last = runs.last, last.start + last.count == index, column > 0 {
                runs[runs.count - 1].count += 1
              } else {
                runs.append((index, 1))
              }
            }
          }
        }
        var written = [Bool](repeating: false, count: runs.count)
        // Runs by the pen their first cell can be written with unchanged (as drawn or as its
        // complement; a colour that does not show matches any: `Pen.any`).
        // Failing that, one that keeps one of its colours (`partly`: the other is `Pen.other`).
        var byPen: [Pen: [Int]] = [:]
        var partly: [Pen: [Int]] = [:]
        for (number, run) in runs.enumerated().reversed() {
          let first = rules.colorMode == .none ? Rules.monochrome(cells[run.start]) : cells[run.start]
          for form in [first, first.complement].compactMap({ $0 }) {
            let style = rules.style(form)
            let key = Pen(fg: form.showsForeground ? style.fg : Pen.any, bg: form.showsBackground ? style.bg : Pen.any, bold: style.bold)
            byPen[key, default: []].append(number)
            if form.showsForeground && form.showsBackground {
              partly[Pen(fg: style.fg, bg: Pen.other, bold: style.bold), default: []].append(number)
              partly[Pen(fg: Pen.other, bg: style.bg, bold: style.bold), default: []].append(number)
            }
          }
        }
        // The last run not yet written in `key`'s list.
        func waiting(_ key: Pen, in lists: inout [Pen: [Int]]) -> Int? {
          guard var list = lists[key] else { return nil }
          while let number = list.last, written[number] { list.removeLast() }
          lists[key] = list
          return list.last
        }
        var inOrder = 0
        for _ in 0..<runs.count {
          var pick: Int?
          if let current = pen {
            for key in [current, Pen(fg: current.fg, bg: Pen.any, bold: current.bold), Pen(fg: Pen.any, bg: current.bg, bold: current.bold)] {
              if let number = waiting(key, in: &byPen) {
                pick = number
                break
              }
            }
            for key in [Pen(fg: current.fg, bg: Pen.other, bold: current.bold), Pen(fg: Pen.other, bg: current.bg, bold: current.bold)] where pick == nil {
              pick = waiting(key, in: &partly)
            }
          }
          if pick == nil {
            while written[inOrder] { inOrder += 1 }
            pick = inOrder
          }
          let run = runs[pick!]
          written[pick!] = true
          for index in run.start..<run.start + run.count {
            let (row, column) = index.quotientAndRemainder(dividingBy: columns)
            let wanted = rules.colorMode == .none ? Rules.monochrome(cells[index]) : cells[index]
            let cell = rules.cheapest(wanted, pen: pen)
            shown[index] = cell
            out.move(from: cursor, to: column, row, columns: columns)
            let style = rules.style(cell)
            if pen != style {
              rules.sgr(style, from: pen, into: &out)
              pen = style
            }
            out.append(cell.glyph)
            cursor = (column + 1, row)
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

  /// Whether a cell is unchanged. Most cells are byte-for-byte copies of the last frame's:
  /// their bytes are compared as three words first, which is far cheaper than field by field;
  /// bytes that differ, padding say, fall back to the values.
  @inline(__always)
  static func same(_ old: UnsafeBufferPointer<Cell>, _ new: UnsafeBufferPointer<Cell>, _ index: Int) -> Bool {
    let a = UnsafeRawPointer(old.baseAddress! + index)
    let b = UnsafeRawPointer(new.baseAddress! + index)
    if MemoryLayout<Cell>.size == 13,
      a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self),
      a.loadUnaligned(fromByteOffset: 8, as: UInt32.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt32.self),
      a.load(fromByteOffset: 12, as: UInt8.self) == b.load(fromByteOffset: 12, as: UInt8.self)
    {
      return true
    }
    return old[index] == new[index]
  }

  /// One OSC 4 for the entries that moved more than the tolerance since they were last set.
  mutating func setPalette(_ wanted: [UInt8: RGB], into out: inout Bytes) {
    let rules = Rules(colorMode: colorMode, tolerance: colorTolerance)
    let changed = wanted.filter { index, color in !rules.close(palette[index], color) }.sorted { $0.key < $1.key }
    guard !changed.isEmpty else { return }
    out.append(Escape.setPalette(changed.map { ($0.key, $0.value) }))
    for (index, color) in changed { palette[index] = color }
  }

  /// Bytes that leave no picture behind: kitty keeps its images after the app has gone.
  public func farewell() -> String {
    previous?.images.contains { $0.kind == .kitty } == true ? Escape.deleteKittyImages : ""
  }

  struct Pen: Hashable {
    var fg: RGB?
    var bg: RGB?
    var bold: Bool
    /// A key for a colour a cell does not show (no colour a cell is drawn with).
    static let any: RGB? = RGB.paletteEntry(255).marked(1)
    /// A key for a colour that is to change.
    static let other: RGB? = RGB.paletteEntry(255).marked(2)
  }
}

extension RGB {
  /// A palette entry no cell uses (its unused channels set), to key runs by.
  fileprivate func marked(_ value: UInt8) -> RGB {
    var key = self
    key.g = value
    return key
  }
}
