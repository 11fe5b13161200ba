import Foundation

/// The terminal's size in cells and, when it says, in pixels.
public struct TerminalSize: Hashable, Sendable {
  public var columns: Int
  public var rows: Int
  public var pixelWidth: Int
  public var pixelHeight: Int

  public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    self.columns = columns
    self.rows = rows
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// Reads `TIOCGWINSZ` on `fd`.
  public static func read(fd: Int32 = STDOUT_FILENO) -> TerminalSize? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
  }

  /// A cell's width over its height: from the pixel size when the terminal reports it,
  /// otherwise the usual 1:2.
  public var cellAspect: Double {
    guard pixelWidth > 0, pixelHeight > 0 else { return 0.5 }
    let aspect = (Double(pixelWidth) / Double(columns)) / (Double(pixelHeight) / Double(rows))
    return (0.25...1.5).contains(aspect) ? aspect : 0.5
  }
}
