/// An sRGB colour as a terminal sees it: 8 bits a channel; or an entry of the terminal's
/// palette (``paletteEntry(_:)``), whose colour the frame sets (``CellGrid/palette``).
public struct RGB: Hashable, Sendable {
  public var r, g, b: UInt8
  /// Whether this is palette entry `r` rather than a colour: cells drawn with an entry change
  /// colour when the entry does, and none of them is written again.
  public var isPaletteEntry = false

  /// The colour with red `r`, green `g` and blue `b`.
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    (self.r, self.g, self.b) = (r, g, b)
  }

  /// Palette entry `index`, whose colour the frame sets.
  public static func paletteEntry(_ index: UInt8) -> RGB {
    var entry = RGB(index, 0, 0)
    entry.isPaletteEntry = true
    return entry
  }
}

/// One character cell: a glyph, its foreground, and its background (`nil` is the terminal's
/// own background, so cells outside a drawing blend with any theme).
///
/// The glyph is one Unicode scalar, not a `Character`: a cell is then plain data, and copying,
/// comparing and diffing thousands of them a frame costs no reference counting.
public struct Cell: Hashable, Sendable {
  /// The glyph's scalar value, and the bold flag in the top bit (no scalar reaches it): a cell
  /// is then 12 bytes rather than 16, and a frame keeps several grids of thousands.
  var glyphAndBold: UInt32
  /// The glyph's colour; `nil` for the terminal's own.
  public var foreground: RGB?
  /// The colour behind the glyph; `nil` for the terminal's own.
  public var background: RGB?

  static let boldBit: UInt32 = 1 << 31

  /// The glyph of the cell under a wide glyph's right half (NUL: never text).
  public static let wideRightHalf: Unicode.Scalar = "\u{0}"

  /// The character shown.
  public var glyph: Unicode.Scalar {
    get { Unicode.Scalar(glyphAndBold & ~Self.boldBit) ?? " " }
    set { glyphAndBold = newValue.value | glyphAndBold & Self.boldBit }
  }

  /// Whether the glyph is bold.
  public var bold: Bool {
    get { glyphAndBold & Self.boldBit != 0 }
    set { glyphAndBold = glyphAndBold & ~Self.boldBit | (newValue ? Self.boldBit : 0) }
  }

  /// A cell that shows `glyph` in `foreground` over `background`.
  public init(
    glyph: Unicode.Scalar = " ", foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false
  ) {
    glyphAndBold = glyph.value | (bold ? Self.boldBit : 0)
    self.foreground = foreground
    self.background = background
  }

  /// A space on the terminal's own background.
  public static let blank = Cell()

  /// A space shows only its background, a full block only its foreground.
  var showsForeground: Bool { glyph != " " }
  var showsBackground: Bool { glyph != "█" }

  /// The same picture drawn the other way round: the complementary block glyph with the
  /// colours swapped (`nil` for text and glyphs without a complement, or with no colours).
  var complement: Cell? {
    guard let glyph = GlyphSet.complement(of: glyph), foreground != nil || !showsForeground,
      background != nil || !showsBackground
    else { return nil }
    return Cell(glyph: glyph, foreground: background, background: foreground, bold: bold)
  }
}

/// A terminal image protocol: the picture itself goes to the terminal, not glyphs.
public enum PixelProtocol: String, Hashable, Sendable {
  /// DEC sixels (xterm -ti vt340, foot, mlterm, WezTerm, …).
  case sixel
  /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  case kitty
}

/// A picture that covers a rectangle of cells: its pixels, premultiplied ARGB32 in packed rows
/// (Cairo's image format), `cellWidth`×`cellHeight` of them a cell. The damage writer turns
/// the parts that changed into the protocol's escapes.
public struct PixelImage: Hashable, Sendable {
  /// The leftmost column it covers.
  public var column: Int
  /// The top row it covers.
  public var row: Int
  /// How many columns it covers.
  public var columns: Int
  /// How many rows it covers.
  public var rows: Int
  /// The protocol that sends it.
  public var kind: PixelProtocol
  /// A cell's width in pixels.
  public var cellWidth: Int
  /// A cell's height in pixels.
  public var cellHeight: Int
  /// The pixels, row by row, premultiplied ARGB32.
  public var pixels: [UInt32]

  /// A picture over `columns`×`rows` cells from (`column`, `row`).
  public init(
    column: Int = 0, row: Int = 0, columns: Int, rows: Int, kind: PixelProtocol, cellWidth: Int,
    cellHeight: Int, pixels: [UInt32]
  ) {
    (self.column, self.row, self.columns, self.rows) = (column, row, columns, rows)
    self.kind = kind
    (self.cellWidth, self.cellHeight) = (cellWidth, cellHeight)
    self.pixels = pixels
  }

  /// The picture's width in pixels.
  public var width: Int { columns * cellWidth }
  /// The picture's height in pixels.
  public var height: Int { rows * cellHeight }

  /// Where it stands and at what scale: column, row, columns, rows, and a cell's pixels.
  public var area: [Int] { [column, row, columns, rows, cellWidth, cellHeight] }
}

/// A rectangle of cells: within a grid, or within a picture (from its top left).
public struct CellRect: Hashable, Sendable {
  /// The leftmost column.
  public var column: Int
  /// The top row.
  public var row: Int
  /// How many columns.
  public var columns: Int
  /// How many rows.
  public var rows: Int

  /// The rectangle of `columns`×`rows` cells from (`column`, `row`).
  public init(column: Int, row: Int, columns: Int, rows: Int) {
    (self.column, self.row, self.columns, self.rows) = (column, row, columns, rows)
  }

  func contains(column x: Int, row y: Int) -> Bool {
    x >= column && x < column + columns && y >= row && y < row + rows
  }

  /// The same cells on the screen, for a rectangle within `image`.
  func offset(by image: PixelImage) -> CellRect {
    CellRect(column: column + image.column, row: row + image.row, columns: columns, rows: rows)
  }

  func union(_ other: CellRect) -> CellRect {
    let left = min(column, other.column)
    let top = min(row, other.row)
    return CellRect(
      column: left, row: top, columns: max(column + columns, other.column + other.columns) - left,
      rows: max(row + rows, other.row + other.rows) - top)
  }
}

/// A rectangle of cells, row by row, and the pictures drawn under them.
public struct CellGrid: Hashable, Sendable {
  /// How many cells across.
  public let columns: Int
  /// How many cells down.
  public let rows: Int
  /// The cells, row by row from the top left.
  public var cells: [Cell]
  /// Pictures in a pixel protocol; the cells over them stay blank unless text is written there.
  public var images: [PixelImage] = []
  /// The terminal window's title (the time left, say), or nil to leave it as it is.
  public var title: String?
  /// The colours of the palette entries that cells use (``RGB/paletteEntry(_:)``).
  public var palette: [UInt8: RGB] = [:]

  /// A grid of `columns`×`rows` cells, each `fill`.
  public init(columns: Int, rows: Int, fill: Cell = .blank) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: fill, count: self.columns * self.rows)
  }

  /// The cell at (`column`, `row`), counted from 0 at the top left.
  public subscript(column: Int, row: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// Writes `text` from (`column`, `row`), clipped to the grid; returns the columns used. With
  /// no `background`, each character keeps the colour already under it (text over a drawing).
  @discardableResult
  public mutating func write(
    _ text: String, column: Int, row: Int, foreground: RGB? = nil, background: RGB? = nil,
    bold: Bool = false
  ) -> Int {
    guard row >= 0, row < rows else { return 0 }
    var x = column
    func put(_ glyph: Unicode.Scalar, width: Int) {
      guard x >= 0 else { return }
      let under = self[x, row]
      let back = background ?? under.background ?? (under.glyph == " " ? nil : under.foreground)
      self[x, row] = Cell(glyph: glyph, foreground: foreground, background: back, bold: bold)
      // The right half of a wide glyph: the terminal draws it, the writer sends nothing.
      if width == 2 {
        self[x + 1, row] = Cell(
          glyph: Cell.wideRightHalf, foreground: foreground, background: back, bold: bold)
      }
    }
    // ASCII, most text, is a cell a byte (as `TextWidth.columns` counts it): no characters to find.
    if TextWidth.isASCII(text) {
      for byte in text.utf8 {
        if x >= columns { break }
        put(Unicode.Scalar(byte), width: 1)
        x += 1
      }
      return x - column
    }
    for character in text {
      if x >= columns { break }
      // A character's first scalar: what is written is plain text, without combining marks.
      var glyph = character.unicodeScalars.first ?? " "
      var width = TextWidth.columns(of: glyph)
      if width == 0 { continue }
      if width == 2 && x + 1 >= columns { (glyph, width) = (" ", 1) }  // half would not show
      put(glyph, width: width)
      x += width
    }
    return x - column
  }

  /// Writes `text` centred on `row`.
  public mutating func writeCentered(
    _ text: String, row: Int, foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false
  ) {
    write(
      text, column: (columns - TextWidth.columns(text)) / 2, row: row, foreground: foreground,
      background: background, bold: bold)
  }

  /// Copies `other` (and its pictures) into this grid with its top-left at (`column`, `row`).
  public mutating func place(_ other: CellGrid, column: Int, row: Int) {
    for var image in other.images {
      image.column += column
      image.row += row
      images.append(image)
    }
    // The columns that land inside this grid, copied a row at a time.
    let first = max(0, -column)
    let last = min(other.columns, columns - column)
    guard first < last else { return }
    let width = last - first
    cells.withUnsafeMutableBufferPointer { target in
      other.cells.withUnsafeBufferPointer { source in
        guard let into = target.baseAddress, let from = source.baseAddress else { return }
        for y in max(0, -row)..<max(max(0, -row), min(other.rows, rows - row)) {
          (into + (row + y) * columns + column + first).update(
            from: from + y * other.columns + first, count: width)
        }
      }
    }
  }
}
