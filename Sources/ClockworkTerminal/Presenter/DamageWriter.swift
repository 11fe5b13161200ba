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

  public init(colorMode: ColorMode) { self.colorMode = colorMode }

  /// Forgets the screen: the next frame repaints every cell (after a resize or a resume).
  public mutating func invalidate() {
    previous = nil
    lastGrid = nil
    pen = nil
    cursor = nil
  }

  /// The text that turns the last frame into `grid` (`frameBytes` as a string).
  public mutating func frame(_ grid: CellGrid) -> String { String(decoding: frameBytes(grid), as: UTF8.self) }

  /// The bytes that turn the last frame into `grid`.
  public mutating func frameBytes(_ grid: CellGrid) -> [UInt8] {
    var out = Bytes()
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
    // Rows equal to the last frame's are on screen already (unless a sixel went over them).
    let unchangedSince = repaint || !freshSixels.isEmpty ? nil : lastGrid
    previous = nil  // the screen's cells are then not shared, and change in place
    lastGrid = grid
    let rules = Rules(colorMode: colorMode, tolerance: colorTolerance)
    var pen = self.pen
    var cursor = self.cursor
    let columns = grid.columns
    screen.cells.withUnsafeMutableBufferPointer { shown in
      grid.cells.withUnsafeBufferPointer { cells in
        for row in 0..<grid.rows {
          if let unchangedSince, Self.rowEqual(unchangedSince.cells, cells, from: row * columns, count: columns) { continue }
          for column in 0..<columns {
            let index = row * columns + column
            let wanted = rules.colorMode == .none ? Rules.monochrome(cells[index]) : cells[index]
            // Over sixels just drawn, blanks are the picture and text must be written again.
            let underNewPicture = !freshSixels.isEmpty && freshSixels.contains { $0.contains(column: column, row: row) }
            if underNewPicture ? wanted == .blank : rules.looksSame(shown[index], wanted) {
              if underNewPicture { shown[index] = wanted }
              continue  // after a clear, blanks are drawn
            }
            let cell = rules.cheapest(wanted, pen: pen)
            shown[index] = cell
            if let at = cursor, at.row == row, column > at.column, column - at.column <= 3 {
              out.forward(column - at.column)  // shorter than a full move
            } else if cursor.map({ $0 != (column, row) }) ?? true {
              out.moveTo(column: column, row: row)
            }
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
    return out.storage
  }

  static func rowEqual(_ old: [Cell], _ new: UnsafeBufferPointer<Cell>, from start: Int, count: Int) -> Bool {
    old.withUnsafeBufferPointer { old in
      for index in start..<start + count where old[index] != new[index] { return false }
      return true
    }
  }

  /// A kitty picture goes in tiles of this many cells, each an image of its own that is
  /// replaced alone; a sixel picture's changes go as one rectangle (each sixel image carries
  /// its palette, so fewer and larger is cheaper), found at this grain.
  static func grain(_ kind: PixelProtocol) -> (columns: Int, rows: Int) { kind == .kitty ? (10, 5) : (4, 2) }

  /// The whole picture: one part for sixels, every tile for kitty; with each tile's number.
  static func tiles(of image: PixelImage, kind: PixelProtocol) -> [(Int, CellRect)] {
    guard kind == .kitty else { return [(0, CellRect(column: 0, row: 0, columns: image.columns, rows: image.rows))] }
    return grainRects(of: image)
  }

  /// The picture cut at its protocol's grain, numbered row by row.
  static func grainRects(of image: PixelImage) -> [(Int, CellRect)] {
    let (across, down) = grain(image.kind)
    var rects: [(Int, CellRect)] = []
    for top in stride(from: 0, to: image.rows, by: down) {
      for left in stride(from: 0, to: image.columns, by: across) {
        rects.append((rects.count, CellRect(column: left, row: top, columns: min(across, image.columns - left), rows: min(down, image.rows - top))))
      }
    }
    return rects
  }

  /// The parts of `image` to send again: where its pixels changed, and for sixels where text
  /// that stood over it is gone (a blank written there would punch a hole in it).
  static func changedParts(of image: PixelImage, over shown: PixelImage, grid: CellGrid, screen: CellGrid) -> [(Int, CellRect)] {
    let changed = grainRects(of: image).filter { _, rect in
      pixelsDiffer(image, shown, in: rect) || (image.kind == .sixel && textLeft(rect, of: image, grid: grid, screen: screen))
    }
    guard image.kind == .sixel, let first = changed.first else { return changed }
    return [(0, changed.dropFirst().reduce(first.1) { $0.union($1.1) })]
  }

  static func pixelsDiffer(_ a: PixelImage, _ b: PixelImage, in rect: CellRect) -> Bool {
    guard a.pixels.count == b.pixels.count else { return true }
    let left = rect.column * a.cellWidth
    let width = rect.columns * a.cellWidth
    let rows = rect.row * a.cellHeight..<(rect.row + rect.rows) * a.cellHeight
    return a.pixels.withUnsafeBufferPointer { (new: UnsafeBufferPointer<UInt32>) -> Bool in
      b.pixels.withUnsafeBufferPointer { (old: UnsafeBufferPointer<UInt32>) -> Bool in
        for y in rows {
          let start = y * a.width + left
          if memcmp(new.baseAddress! + start, old.baseAddress! + start, width * 4) != 0 { return true }
        }
        return false
      }
    }
  }

  static func textLeft(_ rect: CellRect, of image: PixelImage, grid: CellGrid, screen: CellGrid) -> Bool {
    for y in image.row + rect.row..<min(grid.rows, image.row + rect.row + rect.rows) {
      for x in image.column + rect.column..<min(grid.columns, image.column + rect.column + rect.columns)
      where grid[x, y] == .blank && screen[x, y] != .blank {
        return true
      }
    }
    return false
  }

  /// Bytes that leave no picture behind: kitty keeps its images after the app has gone.
  public func farewell() -> String {
    previous?.images.contains { $0.kind == .kitty } == true ? Escape.deleteKittyImages : ""
  }

  struct Pen: Equatable {
    var fg: RGB?
    var bg: RGB?
    var bold: Bool
  }

  /// How cells compare and are styled: plain values, so the per-cell work copies nothing that
  /// is reference counted.
  struct Rules {
    let colorMode: ColorMode
    let tolerance: Int

    func looksSame(_ a: Cell, _ b: Cell) -> Bool {
      guard a.bold == b.bold else { return false }
      if a.glyph == b.glyph {
        return (!a.showsForeground || close(a.foreground, b.foreground)) && (!a.showsBackground || close(a.background, b.background))
      }
      // The same picture as complements with swapped colours.
      guard colorMode != .none, let swapped = b.complement, swapped.glyph == a.glyph else { return false }
      return (!a.showsForeground || close(a.foreground, swapped.foreground)) && (!a.showsBackground || close(a.background, swapped.background))
    }

    func close(_ a: RGB?, _ b: RGB?) -> Bool {
      switch (a, b) {
      case (nil, nil): return true
      case (let x?, let y?):
        return abs(Int(x.r) - Int(y.r)) <= tolerance && abs(Int(x.g) - Int(y.g)) <= tolerance && abs(Int(x.b) - Int(y.b)) <= tolerance
      default: return false
      }
    }

    /// `cell`, or its complement, whichever needs fewer colour changes from the pen; colours
    /// that do not show, or are within tolerance of the pen's, become the pen's.
    func cheapest(_ cell: Cell, pen: Pen?) -> Cell {
      guard colorMode != .none, let pen else { return cell }
      func fitted(_ cell: Cell) -> (cell: Cell, changes: Int) {
        var cell = cell
        var changes = 0
        if !cell.showsForeground || close(cell.foreground, pen.fg) { cell.foreground = pen.fg } else { changes += 1 }
        if !cell.showsBackground || close(cell.background, pen.bg) { cell.background = pen.bg } else { changes += 1 }
        return (cell, changes)
      }
      let plain = fitted(cell)
      guard plain.changes > 0, let complement = cell.complement else { return plain.cell }
      let swapped = fitted(complement)
      return swapped.changes < plain.changes ? swapped.cell : plain.cell
    }

    /// Without colour a light coloured space becomes a full block, so shapes drawn with
    /// background colour still show.
    static func monochrome(_ cell: Cell) -> Cell {
      guard cell.glyph == " ", let bg = cell.background else { return cell }
      let light = 3 * Int(bg.r) + 6 * Int(bg.g) + Int(bg.b) > 1280
      return Cell(glyph: light ? "█" : " ", bold: cell.bold)
    }

    /// In monochrome, block glyphs keep their shape and colours drop away.
    func style(_ cell: Cell) -> Pen {
      colorMode == .none ? Pen(fg: nil, bg: nil, bold: cell.bold) : Pen(fg: cell.foreground, bg: cell.background, bold: cell.bold)
    }

    func sgr(_ style: Pen, from pen: Pen?, into out: inout Bytes) {
      out.append("\u{1B}[")
      var first = true
      if pen == nil || pen!.bold != style.bold {
        if !style.bold, pen != nil { out.parameter(22, first: &first) }
        if style.bold { out.parameter(1, first: &first) }
      }
      if pen == nil || pen!.fg != style.fg { color(style.fg, background: false, into: &out, first: &first) }
      if pen == nil || pen!.bg != style.bg { color(style.bg, background: true, into: &out, first: &first) }
      out.byte(UInt8(ascii: "m"))
    }

    /// The SGR parameters that select `color` as foreground or background.
    func color(_ color: RGB?, background: Bool, into out: inout Bytes, first: inout Bool) {
      guard let color, colorMode != .none else { return out.parameter(background ? 49 : 39, first: &first) }
      switch colorMode {
      case .truecolor:
        out.parameter(background ? 48 : 38, first: &first)
        out.parameter(2, first: &first)
        out.parameter(Int(color.r), first: &first)
        out.parameter(Int(color.g), first: &first)
        out.parameter(Int(color.b), first: &first)
      case .palette256:
        out.parameter(background ? 48 : 38, first: &first)
        out.parameter(5, first: &first)
        out.parameter(Palette.index256(color), first: &first)
      case .palette16:
        let index = Palette.index16(color)
        out.parameter((background ? (index < 8 ? 40 : 100) : (index < 8 ? 30 : 90)) + index % 8, first: &first)
      case .none: out.parameter(background ? 49 : 39, first: &first)
      }
    }
  }
}

/// A frame's bytes as they are built: appending to a byte array is many times cheaper than
/// string interpolation, and a frame makes hundreds of escapes.
struct Bytes {
  var storage: [UInt8] = []

  init() { storage.reserveCapacity(4096) }

  mutating func byte(_ value: UInt8) { storage.append(value) }

  mutating func append(_ text: String) { storage.append(contentsOf: text.utf8) }

  mutating func append(_ bytes: [UInt8]) { storage.append(contentsOf: bytes) }

  mutating func append(_ scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { storage.append($0) }
  }

  /// A non-negative number in decimal.
  mutating func number(_ value: Int) {
    if value >= 10 { number(value / 10) }
    storage.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// A number in a list of SGR parameters, after a ";" unless it is the first.
  mutating func parameter(_ value: Int, first: inout Bool) {
    if !first { byte(UInt8(ascii: ";")) }
    first = false
    number(value)
  }

  mutating func moveTo(column: Int, row: Int) {
    append("\u{1B}[")
    number(row + 1)
    byte(UInt8(ascii: ";"))
    number(column + 1)
    byte(UInt8(ascii: "H"))
  }

  mutating func forward(_ count: Int) {
    append("\u{1B}[")
    if count != 1 { number(count) }
    byte(UInt8(ascii: "C"))
  }
}
