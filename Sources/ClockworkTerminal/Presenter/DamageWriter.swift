/// Writes only what changed between frames: cursor moves and colour changes only where
/// needed, everything for one frame in one string (one `write`).
///
/// ```swift
/// var writer = DamageWriter(colorMode: .truecolor)
/// let bytes = writer.frame(grid)          // the first frame paints everything
/// let none = writer.frame(grid)           // "" — nothing changed
/// ```
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
    guard a.glyph == b.glyph, a.bold == b.bold else { return false }
    return close(a.foreground, b.foreground) && close(a.background, b.background)
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

  /// The bytes that turn the last frame into `grid`.
  public mutating func frame(_ grid: CellGrid) -> String {
    var out = ""
    let shownImages = previous?.images ?? []
    let moved = shownImages.map(\.area) != grid.images.map(\.area)
    let repaint = moved || previous.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
    if repaint {
      if !shownImages.isEmpty { out += Escape.deleteKittyImages }
      out += Escape.resetStyle + Escape.clearScreen
      pen = Pen(fg: nil, bg: nil, bold: false)
      cursor = nil
    }
    var screen = repaint ? CellGrid(columns: grid.columns, rows: grid.rows) : (previous ?? grid)
    let redrawn = repaint ? grid.images.indices.map { _ in true } : imagesToRedraw(grid, over: screen)
    if grid.images.indices.contains(where: { redrawn[$0] && grid.images[$0].kind == .kitty }) && !repaint {
      out += Escape.deleteKittyImages
    }
    for (image, redraw) in zip(grid.images, redrawn) where redraw {
      out += Escape.moveTo(column: image.column, row: image.row) + image.payload
      cursor = nil  // each protocol leaves the cursor somewhere of its own
    }
    for row in 0..<grid.rows {
      for column in 0..<grid.columns {
        let cell = colorMode == .none ? Self.monochrome(grid[column, row]) : grid[column, row]
        // Over a picture just drawn, blanks are the picture and text must be written again.
        let underNewPicture = grid.images.indices.contains { redrawn[$0] && grid.images[$0].covers(column: column, row: row) }
        if underNewPicture ? cell == .blank : looksSame(screen[column, row], cell) {
          screen[column, row] = cell
          continue  // after a clear, blanks are drawn
        }
        screen[column, row] = cell
        if let at = cursor, at.row == row, column > at.column, column - at.column <= 3 {
          out += Escape.forward(column - at.column)  // shorter than a full move
        } else if cursor.map({ $0 != (column, row) }) ?? true {
          out += Escape.moveTo(column: column, row: row)
        }
        let style = styleFor(cell)
        if pen != style {
          out += sgr(style, from: pen)
          pen = style
        }
        out.append(cell.glyph)
        cursor = (column + 1, row)
      }
    }
    screen.images = grid.images
    previous = screen
    return out
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

  func sgr(_ style: Pen, from pen: Pen?) -> String {
    var parameters: [String] = []
    if pen == nil || pen!.bold != style.bold {
      if !style.bold, pen != nil { parameters.append("22") }
      if style.bold { parameters.append("1") }
    }
    if pen == nil || pen!.fg != style.fg { parameters.append(Escape.colorParameters(style.fg, background: false, mode: colorMode)) }
    if pen == nil || pen!.bg != style.bg { parameters.append(Escape.colorParameters(style.bg, background: true, mode: colorMode)) }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}
