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
  /// The terminal's current style and cursor, as the last frame left them.
  var pen: Pen?
  var cursor: (column: Int, row: Int)?

  struct Pen: Equatable {
    var fg: RGB?
    var bg: RGB?
    var bold: Bool
  }

  public init(colorMode: ColorMode) { self.colorMode = colorMode }

  func looksSame(_ a: Cell, _ b: Cell) -> Bool {
    if a.glyph == b.glyph {
      guard a.bold == b.bold else { return false }
      return (!a.showsForeground || close(a.foreground, b.foreground)) && (!a.showsBackground || close(a.background, b.background))
    }
    // The same picture as complements with swapped colours.
    guard colorMode != .none, a.bold == b.bold, let swapped = b.complement else { return false }
    return swapped.glyph == a.glyph && (!a.showsForeground || close(a.foreground, swapped.foreground))
      && (!a.showsBackground || close(a.background, swapped.background))
  }

  func close(_ a: RGB?, _ b: RGB?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?):
      return abs(Int(x.r) - Int(y.r)) <= colorTolerance && abs(Int(x.g) - Int(y.g)) <= colorTolerance
        && abs(Int(x.b) - Int(y.b)) <= colorTolerance
    default: return false
    }
  }

  /// Forgets the screen: the next frame repaints every cell (after a resize or a resume).
  public mutating func invalidate() {
    previous = nil
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
    let redrawn = repaint ? grid.images.indices.map { _ in true } : imagesToRedraw(grid, over: screen)
    if grid.images.indices.contains(where: { redrawn[$0] && grid.images[$0].kind == .kitty }) && !repaint {
      out.append(Escape.deleteKittyImages)
    }
    for (image, redraw) in zip(grid.images, redrawn) where redraw {
      out.moveTo(column: image.column, row: image.row)
      out.append(image.payload)
      cursor = nil  // each protocol leaves the cursor somewhere of its own
    }
    let anyRedrawn = redrawn.contains(true)
    previous = nil  // the screen's cells are then not shared, and change in place
    let columns = grid.columns
    screen.cells.withUnsafeMutableBufferPointer { shown in
      grid.cells.withUnsafeBufferPointer { cells in
        for row in 0..<grid.rows {
          for column in 0..<columns {
            let index = row * columns + column
            let wanted = colorMode == .none ? Self.monochrome(cells[index]) : cells[index]
            // Over a picture just drawn, blanks are the picture and text must be written again.
            let underNewPicture = anyRedrawn && grid.images.indices.contains { redrawn[$0] && grid.images[$0].covers(column: column, row: row) }
            if underNewPicture ? wanted == .blank : looksSame(shown[index], wanted) {
              if underNewPicture { shown[index] = wanted }
              continue  // after a clear, blanks are drawn
            }
            let cell = cheapest(wanted)
            shown[index] = cell
            if let at = cursor, at.row == row, column > at.column, column - at.column <= 3 {
              out.forward(column - at.column)  // shorter than a full move
            } else if cursor.map({ $0 != (column, row) }) ?? true {
              out.moveTo(column: column, row: row)
            }
            let style = styleFor(cell)
            if pen != style {
              sgr(style, from: pen, into: &out)
              pen = style
            }
            out.append(cell.glyph)
            cursor = (column + 1, row)
          }
        }
      }
    }
    screen.images = grid.images
    previous = screen
    return out.storage
  }

  /// `cell`, or its complement, whichever needs fewer colour changes from the pen; colours that
  /// do not show, or are within tolerance of the pen's, become the pen's.
  func cheapest(_ cell: Cell) -> Cell {
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

  /// Which pictures to send again: those that changed, and those where text that stood over
  /// them is gone (a blank written there would punch a hole in a sixel). Kitty pictures go
  /// together, as one delete clears them all.
  func imagesToRedraw(_ grid: CellGrid, over screen: CellGrid) -> [Bool] {
    var redraw = grid.images.enumerated().map { index, image in
      image != screen.images[index]
        || image.cellIndices(in: grid).contains { grid.cells[$0] == .blank && screen.cells[$0] != .blank }
    }
    if zip(grid.images, redraw).contains(where: { $0.kind == .kitty && $1 }) {
      for (index, image) in grid.images.enumerated() where image.kind == .kitty { redraw[index] = true }
    }
    return redraw
  }

  /// Bytes that leave no picture behind: kitty keeps its images after the app has gone.
  public func farewell() -> String {
    previous?.images.contains { $0.kind == .kitty } == true ? Escape.deleteKittyImages : ""
  }

  /// Without colour a light coloured space becomes a full block, so shapes drawn with
  /// background colour still show.
  static func monochrome(_ cell: Cell) -> Cell {
    guard cell.glyph == " ", let bg = cell.background else { return cell }
    let light = 3 * Int(bg.r) + 6 * Int(bg.g) + Int(bg.b) > 1280
    return Cell(glyph: light ? "█" : " ", bold: cell.bold)
  }

  /// In monochrome, block glyphs keep their shape and colours drop away.
  func styleFor(_ cell: Cell) -> Pen {
    colorMode == .none ? Pen(fg: nil, bg: nil, bold: cell.bold) : Pen(fg: cell.foreground, bg: cell.background, bold: cell.bold)
  }

  func sgr(_ style: Pen, from pen: Pen?, into out: inout Bytes) {
    out.append("\u{1B}[")
    var first = true
    func parameter(_ write: (inout Bytes) -> Void) {
      if !first { out.byte(UInt8(ascii: ";")) }
      first = false
      write(&out)
    }
    if pen == nil || pen!.bold != style.bold {
      if !style.bold, pen != nil { parameter { $0.number(22) } }
      if style.bold { parameter { $0.number(1) } }
    }
    if pen == nil || pen!.fg != style.fg { parameter { color(style.fg, background: false, into: &$0) } }
    if pen == nil || pen!.bg != style.bg { parameter { color(style.bg, background: true, into: &$0) } }
    out.byte(UInt8(ascii: "m"))
  }

  /// The SGR parameters that select `color` as foreground or background.
  func color(_ color: RGB?, background: Bool, into out: inout Bytes) {
    guard let color, colorMode != .none else { return out.number(background ? 49 : 39) }
    switch colorMode {
    case .truecolor:
      out.number(background ? 48 : 38)
      for part in [2, Int(color.r), Int(color.g), Int(color.b)] {
        out.byte(UInt8(ascii: ";"))
        out.number(part)
      }
    case .palette256:
      out.number(background ? 48 : 38)
      out.append(";5;")
      out.number(Palette.index256(color))
    case .palette16:
      let index = Palette.index16(color)
      out.number((background ? (index < 8 ? 40 : 100) : (index < 8 ? 30 : 90)) + index % 8)
    case .none: out.number(background ? 49 : 39)
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

  mutating func append(_ scalar: Unicode.Scalar) {
    if scalar.isASCII { return storage.append(UInt8(scalar.value)) }
    storage.append(contentsOf: String(scalar).utf8)
  }

  /// A non-negative number in decimal.
  mutating func number(_ value: Int) {
    if value >= 10 { number(value / 10) }
    storage.append(UInt8(ascii: "0") + UInt8(value % 10))
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
