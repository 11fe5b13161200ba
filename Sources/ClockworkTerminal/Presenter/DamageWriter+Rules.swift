extension DamageWriter {
  /// How cells compare and are styled: plain values, so the per-cell work copies nothing that
  /// is reference counted.
  struct Rules {
    let colorMode: ColorMode
    let tolerance: Int

    func looksSame(_ a: Cell, _ b: Cell) -> Bool {
      guard a.bold == b.bold else { return false }
      if a.glyph == b.glyph {
        return (!a.showsForeground || close(a.foreground, b.foreground))
          && (!a.showsBackground || close(a.background, b.background))
      }
      // The same picture as complements with swapped colours.
      guard colorMode != .none, let swapped = b.complement, swapped.glyph == a.glyph else {
        return false
      }
      return (!a.showsForeground || close(a.foreground, swapped.foreground))
        && (!a.showsBackground || close(a.background, swapped.background))
    }

    func close(_ a: RGB?, _ b: RGB?) -> Bool {
      switch (a, b) {
      case (nil, nil): return true
      case (let x?, let y?):
        if x.isPaletteEntry || y.isPaletteEntry { return x == y }
        return abs(Int(x.r) - Int(y.r)) <= tolerance && abs(Int(x.g) - Int(y.g)) <= tolerance
          && abs(Int(x.b) - Int(y.b)) <= tolerance
      default: return false
      }
    }

    /// `cell`, or its complement, whichever needs fewer colour changes from the pen; colours
    /// that do not show, or are within tolerance of the pen's, become the pen's.
    func cheapest(_ cell: Cell, pen: Pen?) -> Cell {
      guard colorMode != .none, let pen else { return cell }
      func fitted(_ cell: Cell) -> (cell: Cell, changes: Int) {
        var cell = cell
        var changes = 0
        if !cell.showsForeground || close(cell.foreground, pen.fg) {
          cell.foreground = pen.fg
        } else {
          changes += 1
        }
        if !cell.showsBackground || close(cell.background, pen.bg) {
          cell.background = pen.bg
        } else {
          changes += 1
        }
        return (cell, changes)
      }
      let plain = fitted(cell)
      guard plain.changes > 0, let complement = cell.complement else { return plain.cell }
      let swapped = fitted(complement)
      return swapped.changes < plain.changes ? swapped.cell : plain.cell
    }

    /// Without colour, each pixel of a block glyph shows lit where its colour is light: a
    /// dark shape on a light ground becomes the complementary glyph, two light colours a full
    /// block, two dark ones a space. (Keeping the glyph as drawn would light whichever colour
    /// the blitter put in front, dark or not.) Text keeps its glyph.
    static func monochrome(_ cell: Cell) -> Cell {
      guard let complement = GlyphSet.complement(of: cell.glyph) else { return cell }
      let front = cell.showsForeground && cell.foreground?.isLight == true
      let back = cell.showsBackground && cell.background?.isLight == true
      let glyph: Unicode.Scalar =
        switch (front, back) {
        case (true, true): "█"
        case (false, false): " "
        case (true, false): cell.glyph
        case (false, true): complement
        }
      return Cell(glyph: glyph, bold: cell.bold)
    }

    /// In monochrome, block glyphs keep their shape and colours drop away.
    func style(_ cell: Cell) -> Pen {
      colorMode == .none
        ? Pen(fg: nil, bg: nil, bold: cell.bold)
        : Pen(fg: cell.foreground, bg: cell.background, bold: cell.bold)
    }

    func sgr(_ style: Pen, from pen: Pen?, into out: inout Bytes) {
      out.csi()
      var first = true
      if pen?.bold != style.bold {
        if !style.bold, pen != nil { out.parameter(22, first: &first) }
        if style.bold { out.parameter(1, first: &first) }
      }
      if pen == nil || pen?.fg != style.fg {
        color(style.fg, background: false, into: &out, first: &first)
      }
      if pen == nil || pen?.bg != style.bg {
        color(style.bg, background: true, into: &out, first: &first)
      }
      out.byte(UInt8(ascii: "m"))
    }

    /// The SGR parameters that select `color` as foreground or background.
    func color(_ color: RGB?, background: Bool, into out: inout Bytes, first: inout Bool) {
      guard let color, colorMode != .none else {
        return out.parameter(background ? 49 : 39, first: &first)
      }
      let kind: UInt8 = background ? 48 : 38
      if color.isPaletteEntry {
        return out.colorParameters(kind, channels: nil, index: color.r, first: &first)
      }
      switch colorMode {
      case .truecolor:
        out.colorParameters(kind, channels: (color.r, color.g, color.b), first: &first)
      case .palette256:
        out.colorParameters(
          kind, channels: nil, index: UInt8(Palette.index256(color)), first: &first)
      case .palette16:
        let index = Palette.index16(color)
        out.parameter(
          (background ? (index < 8 ? 40 : 100) : (index < 8 ? 30 : 90)) + index % 8, first: &first)
      case .none: out.parameter(background ? 49 : 39, first: &first)
      }
    }
  }
}
