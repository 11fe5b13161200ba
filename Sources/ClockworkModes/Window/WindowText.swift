import ClockworkScene

/// Text lines for the window modes, laid out over a canvas in points.
enum WindowText {
  static let font = "DejaVu Sans"
  static let light = Color(hex: 0xF2F2F2)
  static let dim = Color(hex: 0x9A9A9A)
  static let warning = Color(hex: 0xE6B450)
  static let background = Color(hex: 0x1C1C1E)

  /// A one-line label centred in `rect`.
  static func line(_ text: String, in rect: Rect, size: Double, color: Color = light, bold: Bool = false) -> TextLayer {
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
