import FoundationEssentials
import Glibc

/// The terminal's size in cells and, when it says, in pixels.
public struct TerminalSize: Hashable, Sendable {
  /// Columns of cells.
  public var columns: Int
  /// Rows of cells.
  public var rows: Int
  /// The width in pixels; 0 when the terminal does not say.
  public var pixelWidth: Int
  /// The height in pixels; 0 when the terminal does not say.
  public var pixelHeight: Int

  /// A terminal of `columns`×`rows` cells, and its pixels when known.
  public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    self.columns = columns
    self.rows = rows
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// Reads `TIOCGWINSZ` on `fd`.
  public static func read(fd: Int32 = STDOUT_FILENO) -> TerminalSize? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return TerminalSize(
      columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
      pixelHeight: Int(size.ws_ypixel))
  }

  /// One cell's shape: from the pixel size when the terminal reports a plausible one,
  /// otherwise the usual 1:2 with no pixel size.
  public var cell: CellShape {
    guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return CellShape() }
    let width = pixelWidth / columns
    let height = pixelHeight / rows
    guard width > 0, height > 0, (0.25...1.5).contains(Double(width) / Double(height)) else {
      return CellShape()
    }
    return CellShape(pixelWidth: width, pixelHeight: height)
  }

  /// A cell's width over its height.
  public var cellAspect: Double { cell.aspect }
}

/// A character cell's shape: its width over its height and, when known, its size in pixels.
public struct CellShape: Hashable, Sendable {
  /// A cell's width over its height.
  public var aspect: Double
  /// Pixels across and down; 0 when the terminal does not say.
  public var pixelWidth: Int
  /// A cell's height in pixels; 0 when the terminal does not say.
  public var pixelHeight: Int

  /// A cell of `aspect` with no known pixel size (the usual 1:2 by default).
  public init(aspect: Double = 0.5) {
    self.aspect = aspect
    pixelWidth = 0
    pixelHeight = 0
  }

  /// A cell of `pixelWidth`×`pixelHeight` pixels, its aspect from them.
  public init(pixelWidth: Int, pixelHeight: Int) {
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    aspect = Double(pixelWidth) / Double(pixelHeight)
  }

  /// Pixels for an image the size of one cell: the real size, or 10 across when unknown.
  public var imagePixels: (x: Int, y: Int) {
    if pixelWidth > 0, pixelHeight > 0 { return (pixelWidth, pixelHeight) }
    return (10, max(1, Int((10 / aspect).rounded())))
  }
}
