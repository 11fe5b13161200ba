import CChafa

/// Pixels to cells with libchafa's symbol matching (`--graphics chafa`): slower than our
/// blitter, but it weighs many more pixels and shapes per cell.
///
/// ```swift
/// let chafa = ChafaCells()!  // nil where libchafa is missing
/// let grid = chafa.cells(from: pixels, width: 400, height: 320, stride: 400, columns: 100, rows: 40)
/// ```
public final class ChafaCells {
  /// Pixels a cell that chafa is given to choose from.
  public static let samples = (x: 4, y: 8)
  private let symbols: OpaquePointer
  private var canvas: OpaquePointer?
  private var geometry = (columns: 0, rows: 0)

  /// Whether libchafa can be loaded (it is loaded when first needed, not at start-up).
  public static var isAvailable: Bool { cw_chafa_load() == 0 }

  /// What to say when it cannot.
  public static let missing = "libchafa is not installed (Debian: libchafa0)"

  /// A converter that picks among chafa's space, block, half, quadrant and sextant symbols;
  /// `nil` when libchafa cannot be loaded.
  public init?() {
    guard Self.isAvailable, let symbols = cw_chafa_symbol_map_new() else { return nil }
    self.symbols = symbols
    let tags =
      CW_CHAFA_SYMBOL_TAG_SPACE | CW_CHAFA_SYMBOL_TAG_BLOCK | CW_CHAFA_SYMBOL_TAG_HALF
      | CW_CHAFA_SYMBOL_TAG_QUAD | CW_CHAFA_SYMBOL_TAG_SEXTANT
    cw_chafa_symbol_map_add_by_tags(symbols, Int32(tags))
  }

  deinit {
    if let canvas { cw_chafa_canvas_unref(canvas) }
    cw_chafa_symbol_map_unref(symbols)
  }

  /// Cells for premultiplied ARGB32 pixels (Cairo's image format, native-endian words).
  public func cells(
    from pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, stride: Int, columns: Int,
    rows: Int
  ) -> CellGrid {
    guard columns > 0, rows > 0, let base = pixels.baseAddress else {
      return CellGrid(columns: max(columns, 0), rows: max(rows, 0))
    }
    guard let canvas = canvasFor(columns: columns, rows: rows) else {
      return CellGrid(columns: columns, rows: rows)
    }
    // On little-endian machines a native ARGB word is stored B, G, R, A.
    base.withMemoryRebound(to: UInt8.self, capacity: stride * 4 * height) { bytes in
      cw_chafa_canvas_draw_all_pixels(
        canvas, Int32(CW_CHAFA_PIXEL_BGRA8_PREMULTIPLIED), bytes, Int32(width), Int32(height),
        Int32(stride * 4))
    }
    var grid = CellGrid(columns: columns, rows: rows)
    for row in 0..<rows {
      for column in 0..<columns {
        let code = cw_chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
        var fg: Int32 = -1
        var bg: Int32 = -1
        cw_chafa_canvas_get_colors_at(canvas, Int32(column), Int32(row), &fg, &bg)
        let glyph = Unicode.Scalar(code) ?? " "
        grid[column, row] = Cell(glyph: glyph, foreground: Self.rgb(fg), background: Self.rgb(bg))
      }
    }
    return grid
  }

  static func rgb(_ packed: Int32) -> RGB? {
    guard packed >= 0 else { return nil }  // transparent: the terminal's background
    return RGB(UInt8((packed >> 16) & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF))
  }

  func canvasFor(columns: Int, rows: Int) -> OpaquePointer? {
    if let canvas, geometry == (columns, rows) { return canvas }
    if let canvas { cw_chafa_canvas_unref(canvas) }
    let config = cw_chafa_canvas_config_new()
    cw_chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    cw_chafa_canvas_config_set_canvas_mode(config, Int32(CW_CHAFA_CANVAS_MODE_TRUECOLOR))
    cw_chafa_canvas_config_set_symbol_map(config, symbols)
    let made = cw_chafa_canvas_new(config)
    cw_chafa_canvas_config_unref(config)
    canvas = made
    geometry = (columns, rows)
    return made
  }
}
