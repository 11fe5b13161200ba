/// A key press, whatever surface it came from (a terminal decodes it from bytes, a window
/// from its events), or a click of the primary button anywhere on it (the countdown design's
/// tap).
public enum Key: Hashable, Sendable {
  case character(Character)
  case space, enter, escape, backspace, tab
  case up, down, left, right
  case controlC, controlD, controlZ
  case click
  /// A click of the primary button in a window, where it was (points from the top left).
  case clickAt(x: Double, y: Double)
}
