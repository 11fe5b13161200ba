import ClockworkScene
import ClockworkTerminal

/// The text colours the terminal screens share, for a dark or a light terminal.
struct Palette {
  var help: RGB
  var status: RGB
  var warning: RGB
  /// Text of our own colour (over the terminal's background).
  var text: RGB
  /// The design's green and red (start, stop; best and worst lap), as text: iOS's own on a dark
  /// terminal, darker on a light one, each at least 4.5:1 on it.
  var go: RGB
  var halt: RGB

  static let dark = Palette(
    help: RGB(128, 128, 128), status: RGB(160, 160, 160), warning: RGB(230, 180, 80),
    text: RGB(230, 230, 230), go: RGB(0x34, 0xC7, 0x59), halt: RGB(0xFF, 0x3B, 0x30))
  static let light = Palette(
    help: RGB(110, 110, 110), status: RGB(80, 80, 80), warning: RGB(150, 90, 0),
    text: RGB(20, 20, 20), go: RGB(0x1A, 0x7F, 0x37), halt: RGB(0xC0, 0x1C, 0x1C))

  /// For a terminal with this background (dark when not known).
  init(background: RGB?) { self = background?.isLight == true ? .light : .dark }

  init(help: RGB, status: RGB, warning: RGB, text: RGB, go: RGB, halt: RGB) {
    (self.help, self.status, self.warning, self.text) = (help, status, warning, text)
    (self.go, self.halt) = (go, halt)
  }
}
