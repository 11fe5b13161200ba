extension DamageWriter {
  /// The terminal's current style: the colours and weight the last SGR left.
  struct Pen: Equatable {
    var fg: RGB?
    var bg: RGB?
    var bold: Bool
  }

  /// What a cell needs of the pen: its style, of which only the colours it shows matter. For
  /// the order of writing only; what is written is exact. Packed in one word (the foreground
  /// in the high half, the background in the low, the bold flag in both) with a mask of what
  /// the cell shows: the loop that picks the next run compares them with the pen's many times
  /// a frame.
  struct Needs {
    let value: UInt64
    let mask: UInt64

    /// A half's bits: a colour (``packed(_:)``), the bold flag, and the flag no pen has.
    static let half: UInt64 = 0x0FFF_FFFF
    static let boldBit: UInt64 = 1 << 26
    /// Needs that no pen fits: a cell with no complement, as its complement.
    static let never = Needs(value: 1 << 27, mask: 1 << 27)

    init(value: UInt64, mask: UInt64) { (self.value, self.mask) = (value, mask) }

    init(pen: Pen, foreground: Bool = true, background: Bool = true) {
      let bold = pen.bold ? Self.boldBit << 32 | Self.boldBit : 0
      value = UInt64(Self.packed(pen.fg)) << 32 | UInt64(Self.packed(pen.bg)) | bold
      mask = (foreground ? Self.half << 32 : Self.boldBit << 32) | (background ? Self.half : 0)
    }

    /// What `cell` needs as `rules` style it.
    init(_ cell: Cell, rules: Rules) {
      self.init(
        pen: rules.style(cell), foreground: cell.showsForeground, background: cell.showsBackground)
    }

    /// A colour as one number, distinct for each colour, palette entry and none.
    @inline(__always)
    static func packed(_ color: RGB?) -> UInt32 {
      guard let color else { return 1 << 25 }
      return UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        | (color.isPaletteEntry ? 1 << 24 : 0)
    }

    /// Whether it can be written with `pen` (the pen's needs) as it is.
    @inline(__always)
    func fits(_ pen: Needs) -> Bool { (value ^ pen.value) & mask == 0 }

    var showsBoth: Bool { mask == Self.half << 32 | Self.half }

    /// Whether it shows both colours and one of them is `pen`'s (the bold flag, in both
    /// halves, the same).
    @inline(__always)
    func sharesAColour(with pen: Needs) -> Bool {
      let differ = value ^ pen.value
      return showsBoth && (differ >> 32 == 0 || differ & Self.half == 0)
    }
  }
}
