@testable import ClockworkTerminal

/// What a terminal shows after the writer's bytes: the escapes DamageWriter sends (cursor
/// moves, SGR colours, clear) played on a grid, so a test can check the screen, not the bytes.
struct ReplayedScreen {
  var cells: [Cell]
  let columns: Int
  var cursor = (column: 0, row: 0)
  var pen = Cell()

  init(columns: Int, rows: Int) {
    self.columns = columns
    cells = Array(repeating: Cell(), count: columns * rows)
  }

  subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

  mutating func play(_ text: String) {
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\u{1B}" else {
        // A move off the screen is the writer's bug: the glyph lands nowhere, and the test fails.
        guard (0..<columns).contains(cursor.column),
          (0..<cells.count / columns).contains(cursor.row)
        else { continue }
        cells[cursor.row * columns + cursor.column] = Cell(
          glyph: scalar, foreground: pen.foreground, background: pen.background, bold: pen.bold)
        cursor.column = min(cursor.column + 1, columns - 1)  // wrapping off: the last column stays
        continue
      }
      switch scalars.popFirst() {
      case "]":  // OSC: up to its string terminator
        while let next = scalars.popFirst(), next != "\u{07}" {
          if next == "\u{1B}" { scalars.removeFirst(); break }
        }
      case "[":
        var parameters = ""
        while let next = scalars.first,
          next.properties.numericType != nil || next == ";" || next == "?"
        { parameters.unicodeScalars.append(scalars.removeFirst()) }
        let final = scalars.removeFirst()
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
          Int($0) ?? 0
        }
        let n = max(numbers.first ?? 1, 1)
        switch final {
        case "H":
          cursor = (
            max((numbers.count > 1 ? numbers[1] : 1), 1) - 1, max(numbers.first ?? 1, 1) - 1
          )
        case "A": cursor.row -= n
        case "B": cursor.row += n
        case "C": cursor.column += n
        case "D": cursor.column -= n
        case "G": cursor.column = n - 1
        case "J": cells = Array(repeating: Cell(), count: cells.count)
        case "m": style(numbers)
        default: break
        }
      default: break
      }
    }
  }

  mutating func style(_ numbers: [Int]) {
    var rest = numbers[...]
    func color() -> RGB? {
      switch rest.popFirst() {
      case 5: return rest.popFirst().map { .paletteEntry(UInt8($0)) }
      case 2:
        let (r, g, b) = (rest.popFirst() ?? 0, rest.popFirst() ?? 0, rest.popFirst() ?? 0)
        return RGB(UInt8(r), UInt8(g), UInt8(b))
      default: return nil
      }
    }
    while let code = rest.popFirst() {
      switch code {
      case 0: pen = Cell()
      case 1: pen.bold = true
      case 22: pen.bold = false
      case 38: pen.foreground = color()
      case 48: pen.background = color()
      case 39: pen.foreground = nil
      case 49: pen.background = nil
      default: break
      }
    }
  }

  /// Whether a cell shows what `wanted` asks: the same glyph and colours where they show, or
  /// the complementary glyph with the colours swapped.
  func shows(_ wanted: Cell, column: Int, row: Int) -> Bool {
    let cell = self[column, row]
    func same(_ a: Cell, _ b: Cell) -> Bool {
      a.glyph == b.glyph && a.bold == b.bold && (!a.showsForeground || a.foreground == b.foreground)
        && (!a.showsBackground || a.background == b.background)
    }
    return same(wanted, cell) || wanted.complement.map { same($0, cell) } == true
  }
}
