import ClockworkScene
import ClockworkTerminal
import ClockworkWindow

/// The window modes' canvas and text lines, laid out in points.
enum WindowText {
  static let font = "DejaVu Sans"
  static let light = Color(hex: 0xF2F2F2)
  static let dim = Color(hex: 0x9A9A9A)
  static let warning = Color(hex: 0xE6B450)
  static let background = Color(hex: 0x1C1C1E)

  /// Empties `root` and sizes it to the canvas in points; returns that size.
  static func clear(_ root: Layer, for canvas: Window.Canvas) -> (width: Double, height: Double) {
    let (width, height) = (
      Double(canvas.width) / canvas.scale, Double(canvas.height) / canvas.scale
    )
    root.frame = Rect(x: 0, y: 0, width: width, height: height)
    root.removeAllSublayers()
    return (width, height)
  }

  /// A line of key hints centred in `rect`, the hints that would not fit left out whole as on a
  /// terminal (``HintLine``): a cell is the widest an average letter of the font is, 0.62 of
  /// its size (a Chinese or Japanese character two).
  static func hints(_ text: String, in rect: Rect, size: Double, color: Color) -> TextLayer {
    line(
      HintLine.fit(text, columns: Int(rect.width / (size * 0.62))), in: rect, size: size,
      color: color)
  }

  /// A one-line label centred in `rect`.
  static func line(
    _ text: String, in rect: Rect, size: Double, color: Color = light, bold: Bool = false
  ) -> TextLayer {
    let label = TextLayer()
    label.frame = rect
    label.string = text
    label.fontFamily = font
    label.fontSize = size
    label.fontWeight = bold ? .bold : .regular
    label.foregroundColor = color
    label.alignment = .center
    label.verticalAlignment = .baseline
    return label
  }
}
