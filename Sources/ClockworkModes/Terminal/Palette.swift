import ClockworkScene
import ClockworkTerminal

/// The text colours the terminal screens share, for a dark or a light terminal.
struct Palette {
  var help: RGB
  var status: RGB
  var warning: RGB
  /// Text of our own colour (over the terminal's background).
  var text: RGB

  static let dark = Palette(
    help: RGB(128, 128, 128), status: RGB(160, 160, 160), warning: RGB(230, 180, 80),
    text: RGB(230, 230, 230))
  static let light = Palette(
    help: RGB(110, 110, 110), status: RGB(80, 80, 80), warning: RGB(150, 90, 0),
    text: RGB(20, 20, 20))

  /// For a terminal with this background (dark when not known).
  init(background: RGB?) { self = background?.isLight == true ? .light : .dark }

  init(help: RGB, status: RGB, warning: RGB, text: RGB) {
    (self.help, self.status, self.warning, self.text) = (help, status, warning, text)
  }
}
