/// How many cells text takes in a terminal: East Asian wide and fullwidth characters take two
/// (Chinese, Japanese, Korean), combining marks none, the rest one — what terminals and wcwidth
/// agree on for text that is not emoji.
///
/// ```swift
/// TextWidth.columns("q 終了")   // 6
/// ```
public enum TextWidth {
  /// The cells `scalar` takes.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    return isWide(value) ? 2 : 1
  }

  /// The cells `text` takes, its characters' first scalars as ``CellGrid/write(_:column:row:foreground:background:bold:)`` writes them.
  public static func columns(_ text: some StringProtocol) -> Int {
    // ASCII, most lines, is a cell a byte: no characters to find.
    if isASCII(text) { return text.utf8.count }
    return text.reduce(0) { $0 + columns(of: $1.unicodeScalars.first ?? " ") }
  }

  /// Whether `text` is all ASCII: read from its contiguous bytes when it has them (a native
  /// string's), which the clock's date, time and key hints take every second.
  static func isASCII(_ text: some StringProtocol) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
      ?? text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Unicode's East Asian Wide (W) and Fullwidth (F) blocks.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default: false
    }
  }
}

/// A line of key hints ("Space pause/resume  r restart  q quit", the hints two spaces apart)
/// as it fits a terminal's width: whole hints only, never a word cut. When it is too wide the
/// hints before the last are left out from the end (the first, the main key, and the last,
/// q quit, stay longest); a last hint alone too wide is cut after a word, with "…".
public enum HintLine {
  /// `line` fitted to `columns` cells.
  public static func fit(_ line: String, columns: Int) -> String {
    // No character takes more cells than its bytes.
    guard line.utf8.count > columns, TextWidth.columns(line) > columns else { return line }
    var hints = line.components(separatedBy: "  ").filter { !$0.isEmpty }
    while hints.count > 2, TextWidth.columns(hints.joined(separator: "  ")) > columns {
      hints.remove(at: hints.count - 2)
    }
    if TextWidth.columns(hints.joined(separator: "  ")) > columns { hints = hints.suffix(1) }
    guard var last = hints.last, TextWidth.columns(last) > columns else {
      return hints.joined(separator: "  ")
    }
    var words = last.split(separator: " ")
    repeat {
      words.removeLast()
      last = words.joined(separator: " ") + "…"
    } while !words.isEmpty && TextWidth.columns(last) > columns
    return words.isEmpty ? "" : last
  }
}
