/// A window could not be opened.
public enum WindowError: Error, CustomStringConvertible {
  case noDisplay(String)

  /// What went wrong, as the app says it.
  public var description: String {
    switch self {
    case .noDisplay(let why): "cannot open a window: \(why)"
    }
  }
}

/// A frame's change to the window: the pixels of one rectangle of a `width`×`height` picture
/// (premultiplied ARGB, rows packed), and the title to show with it.
public struct WindowUpdate: Sendable {
  /// The whole picture's width in pixels.
  public var width: Int
  /// The whole picture's height in pixels.
  public var height: Int
  /// The changed rectangle's left edge.
  public var x: Int
  /// The changed rectangle's top edge.
  public var y: Int
  /// The changed rectangle's width.
  public var rectWidth: Int
  /// The changed rectangle's height.
  public var rectHeight: Int
  /// The rectangle's pixels, rows packed.
  public var pixels: [UInt32]
  /// A new title, if it changed.
  public var title: String?
}
