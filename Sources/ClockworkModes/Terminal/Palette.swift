import ClockworkScene
import ClockworkTerminal

/// The text colours the terminal screens share.
enum Palette {
  static let help = RGB(128, 128, 128)
  static let status = RGB(160, 160, 160)
  static let warning = RGB(230, 180, 80)
}

extension RGB {
  /// A scene colour on a terminal (alpha dropped).
  init(_ color: Color) {
    func channel(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    self.init(channel(color.red), channel(color.green), channel(color.blue))
  }
}
