/// An sRGB colour as a terminal sees it: 8 bits a channel.
public struct RGB: Hashable, Sendable {
  public var r, g, b: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    (self.r, self.g, self.b) = (r, g, b)
  }
}

/// One character cell: a glyph, its foreground, and its background (`nil` is the terminal's
/// own background, so cells outside a drawing blend with any theme).
public struct Cell: Hashable, Sendable {
  public var glyph: Character
  public var foreground: RGB?
  public var background: RGB?
  public var bold: Bool

  public init(glyph: Character = " ", foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false) {
    self.glyph = glyph
    self.foreground = foreground
    self.background = background
    self.bold = bold
  }

  public static let blank = Cell()
}

/// A rectangle of cells, row by row.
public struct CellGrid: Hashable, Sendable {
  public let columns: Int
  public let rows: Int
  public var cells: [Cell]

  public init(columns: Int, rows: Int, fill: Cell = .blank) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: fill, count: self.columns * self.rows)
  }

  public subscript(column: Int, row: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// Writes `text` from (`column`, `row`), clipped to the grid; returns the columns used. With
  /// no `background`, each character keeps the colour already under it (text over a drawing).
  @discardableResult
  public mutating func write(_ text: String, column: Int, row: Int, foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false) -> Int {
    guard row >= 0, row < rows else { return 0 }
    var x = column
    for character in text {
      if x >= columns { break }
      if x >= 0 {
        let under = self[x, row]
        let back = background ?? under.background ?? (under.glyph == " " ? nil : under.foreground)
        self[x, row] = Cell(glyph: character, foreground: foreground, background: back, bold: bold)
      }
      x += 1
    }
    return x - column
  }

  /// Writes `text` centred on `row`.
  public mutating func writeCentered(_ text: String, row: Int, foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false) {
    write(text, column: (columns - text.count) / 2, row: row, foreground: foreground, background: background, bold: bold)
  }

  /// Copies `other` into this grid with its top-left at (`column`, `row`).
  public mutating func place(_ other: CellGrid, column: Int, row: Int) {
    for y in 0..<other.rows where row + y >= 0 && row + y < rows {
      for x in 0..<other.columns where column + x >= 0 && column + x < columns {
        self[column + x, row + y] = other[x, y]
      }
    }
  }
}
