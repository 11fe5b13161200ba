/// Every escape sequence the app writes, in one place.
public enum Escape {
  /// Switches to the alternate screen, keeping the shell's screen for later.
  public static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Goes back to the shell's screen.
  public static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Hides the cursor.
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor.
  public static let showCursor = "\u{1B}[?25h"
  /// Button presses and releases reported in SGR form (1006), which any size of screen can say.
  public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Stops reporting mouse buttons.
  public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
  /// Clears the screen.
  public static let clearScreen = "\u{1B}[2J"
  /// Moves the cursor to the top left.
  public static let home = "\u{1B}[H"
  /// Plain text: no colour, no bold.
  public static let resetStyle = "\u{1B}[0m"
  /// Turn off line wrapping so a write in the last column never scrolls.
  public static let disableWrap = "\u{1B}[?7l"
  /// Turns line wrapping back on.
  public static let enableWrap = "\u{1B}[?7h"
  /// The terminal's bell.
  public static let bell = "\u{07}"
  /// Queries: the background colour (OSC 11), and the device attributes (DA1), which nearly
  /// every terminal answers, sent last so that its answer means the others are in.
  public static let askBackground = "\u{1B}]11;?\u{1B}\\"
  /// Asks for the device attributes (DA1).
  public static let askDeviceAttributes = "\u{1B}[c"

  /// Asks for palette entry `index` (OSC 4).
  public static func askPalette(_ index: UInt8) -> String { "\u{1B}]4;\(index);?\u{1B}\\" }

  /// Sets palette entries (OSC 4), all in one sequence, in XParseColor's short `#rrggbb` (five
  /// bytes fewer an entry than `rgb:rr/gg/bb`; xterm, VTE, kitty and the others read both).
  public static func setPalette(_ entries: [(UInt8, RGB)]) -> String {
    func hex(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
    let list = entries.map { "\($0.0);#\(hex($0.1.r))\(hex($0.1.g))\(hex($0.1.b))" }.joined(
      separator: ";")
    return "\u{1B}]4;\(list)\u{1B}\\"
  }
  /// Deletes every kitty image on the screen and frees its data (quietly: no reply).
  public static let deleteKittyImages = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

  /// The window title kept on the terminal's title stack (xterm, VTE, kitty, …), and put back:
  /// the title is restored on the way out. Terminals without a stack ignore both.
  public static let saveTitle = "\u{1B}[22;0t"
  /// Puts back the title saved by ``saveTitle``.
  public static let restoreTitle = "\u{1B}[23;0t"

  /// Sets the window and icon title (OSC 2), control characters left out.
  public static func title(_ text: String) -> String {
    func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
    // A clock sets its title every second: text with no control byte (the usual case) goes
    // as it is, without finding its characters one by one.
    let shown =
      text.utf8.contains(where: isControl)
      ? text.filter { !($0.asciiValue.map(isControl) ?? false) } : text
    return "\u{1B}]2;" + shown + "\u{07}"
  }

  /// Moves the cursor to a 0-based column and row.
  public static func moveTo(column: Int, row: Int) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }

  /// Moves the cursor `count` columns right.
  public static func forward(_ count: Int) -> String {
    count == 1 ? "\u{1B}[C" : "\u{1B}[\(count)C"
  }
}
