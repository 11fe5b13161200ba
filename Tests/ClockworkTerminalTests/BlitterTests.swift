import ClockworkLive
import Testing

@testable import ClockworkTerminal

@Suite struct BlitterTests {
  let red: UInt32 = 0xFFFF_0000
  let blue: UInt32 = 0xFF00_00FF
  let clear: UInt32 = 0

  /// One cell from its samples, row by row.
  func cell(_ samples: [UInt32], _ glyphs: GlyphSet) -> Cell {
    let (sx, sy) = glyphs.samples
    return samples.withUnsafeBufferPointer { pixels in
      CellBlitter(glyphs: glyphs).cells(from: pixels, width: sx, height: sy, stride: sx)[0, 0]
    }
  }

  /// A cell whose samples are all one word is made without the fitting, and comes out as the
  /// fitting makes it: blank, a coloured space (blended over the backdrop), or the ink's block.
  @Test(arguments: [GlyphSet.sextant, .quadrant, .half])
  func aCellOfOneSampleIsWhatTheFittingMakes(glyphs: GlyphSet) {
    let words: [UInt32] = [
      0, 0x7F10_2030, 0x8040_2010, 0xC0B0_A090, 0xFE00_0000, 0xFFFF_FFFF, 0xFF12_3456,
    ]
    for ink in [nil, RGB(200, 100, 50)] {
      for backdrop in [RGB(0, 0, 0), RGB(250, 240, 230)] {
        var blitter = CellBlitter(glyphs: glyphs)
        (blitter.ink, blitter.backdrop) = (ink, backdrop)
        let (sx, sy) = glyphs.samples
        for word in words {
          let samples = [UInt32](repeating: word, count: sx * sy)
          let channels = (0..<3).map { _ in UnsafeMutableBufferPointer<Int>.allocate(capacity: 6) }
          let opaque = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 6)
          defer { channels.forEach { $0.deallocate() }; opaque.deallocate() }
          let fitted = samples.withUnsafeBufferPointer { pixels in
            let count = blitter.read(
              pixels, stride: sx, 0, 0, into: (channels[0], channels[1], channels[2]),
              opaque: opaque)
            return blitter.fit(
              r: channels[0], g: channels[1], b: channels[2], opaque: opaque, opaqueCount: count,
              count: sx * sy)
          }
          #expect(
            blitter.cell(uniform: word, count: sx * sy) == fitted,
            "\(String(word, radix: 16)) ink \(String(describing: ink)) over \(backdrop)")
        }
      }
    }
  }

  @Test func sextantPatternsMapToTheirGlyphs() {
    // Left column red, right column blue: the left half block, red on blue.
    let left = cell([red, blue, red, blue, red, blue], .sextant)
    #expect(left.glyph == "▌" || left.glyph == "▐")
    let redSide = left.glyph == "▌" ? left.foreground : left.background
    #expect(redSide == RGB(255, 0, 0))
    // Top-left sample alone differs: sextant 1 (U+1FB00) or its inverse.
    let corner = cell([red, blue, blue, blue, blue, blue], .sextant)
    #expect(corner.glyph == "\u{1FB00}" || corner.glyph == "\u{1FB3B}")
    // Bottom row only: sextant 5+6 = 48 → U+1FB2D? (48 − 1 − 2 = 45 = 0x2D).
    let bottom = cell([blue, blue, blue, blue, red, red], .sextant)
    #expect(bottom.glyph == "\u{1FB2D}" || bottom.glyph == "\u{1FB0E}")
  }

  @Test func sextantTableSkipsHalvesAndFull() {
    #expect(GlyphSet.sextant.glyph(0) == " ")
    #expect(GlyphSet.sextant.glyph(63) == "█")
    #expect(GlyphSet.sextant.glyph(21) == "▌")
    #expect(GlyphSet.sextant.glyph(42) == "▐")
    #expect(GlyphSet.sextant.glyph(20) == "\u{1FB13}")
    #expect(GlyphSet.sextant.glyph(22) == "\u{1FB14}")
    #expect(GlyphSet.sextant.glyph(62) == "\u{1FB3B}")
    #expect(Set((0..<64).map(GlyphSet.sextant.glyph)).count == 64)
  }

  @Test func transparentSamplesShowTheTerminalBackground() {
    #expect(cell([clear, clear, clear, clear, clear, clear], .sextant) == .blank)
    let edge = cell([red, clear, red, clear, red, clear], .sextant)
    #expect(edge.glyph == "▌")
    #expect(edge.foreground == RGB(255, 0, 0))
    #expect(edge.background == nil)
  }

  @Test func oneColourIsAColouredSpace() {
    let flat = cell(Array(repeating: blue, count: 6), .sextant)
    #expect(flat.glyph == " ")
    #expect(flat.background == RGB(0, 0, 255))
  }

  @Test func quadrantsAndHalves() {
    let quad = cell([red, blue, blue, red], .quadrant)
    #expect(quad.glyph == "▚" || quad.glyph == "▞")
    let half = cell([red, blue], .half)
    #expect(half.glyph == "▀" || half.glyph == "▄")
    #expect((half.glyph == "▀" ? half.foreground : half.background) == RGB(255, 0, 0))
  }

  @Test func premultipliedHalfTransparentBlendsOverTheBackdrop() {
    // 50 % white over the black backdrop is mid grey; it counts as opaque (α ≥ 128).
    let grey = cell(Array(repeating: 0x8080_8080, count: 6), .sextant)
    #expect(grey.background == RGB(128, 128, 128))
  }

  @Test func unchangedCellsAreCopiedAndChangedOnesFittedAgain() {
    // Two 4×2-cell frames (8×6 samples); the second changes the samples of cells (1, 0) and (3, 1).
    var first = [UInt32](repeating: blue, count: 8 * 6)
    for k in stride(from: 0, to: first.count, by: 5) { first[k] = red }
    var second = first
    second[2] = clear
    second[3 * 8 + 7] = red
    second[5 * 8 + 6] = red
    let blitter = CellBlitter(glyphs: .sextant)
    let firstCells = first.withUnsafeBufferPointer {
      blitter.cells(from: $0, width: 8, height: 6, stride: 8)
    }
    let fresh = second.withUnsafeBufferPointer {
      blitter.cells(from: $0, width: 8, height: 6, stride: 8)
    }
    // A stale grid for the unchanged cells shows whether they were copied or fitted again.
    var stale = firstCells
    stale[0, 0] = Cell(glyph: "x")
    let incremental = second.withUnsafeBufferPointer {
      blitter.cells(from: $0, width: 8, height: 6, stride: 8, previous: (first, stale))
    }
    #expect(incremental[0, 0].glyph == "x", "unchanged samples: copied")
    for (column, row) in [(1, 0), (3, 1)] {
      #expect(incremental[column, row] == fresh[column, row])
    }
    #expect(fresh[1, 0] != firstCells[1, 0] && fresh[3, 1] != firstCells[3, 1], "the changes show")
    var padded = second.withUnsafeBufferPointer {
      blitter.cells(from: $0, width: 8, height: 6, stride: 8, previous: (first, firstCells))
    }
    #expect(padded == fresh)
    padded = second.withUnsafeBufferPointer {
      blitter.cells(from: $0, width: 8, height: 6, stride: 8, previous: ([], stale))
    }
    #expect(padded == fresh, "a previous frame of another size is ignored")
  }

  /// Over an underlay, transparent samples show it (its overlay where its mask says) and
  /// mostly opaque ones are the picture in their own colour, not blended with what is under.
  @Test func anUnderlayShowsThroughTransparentSamples() {
    let back = RGB.paletteEntry(230)
    let pulse = RGB.paletteEntry(200)
    func cell(_ samples: [UInt32], _ under: CellUnderlay) -> Cell {
      samples.withUnsafeBufferPointer {
        CellBlitter(glyphs: .sextant).cells(
          from: $0, width: 2, height: 3, stride: 2, underlay: [under])[0, 0]
      }
    }
    let none = [UInt32](repeating: clear, count: 6)
    #expect(cell(none, CellUnderlay(color: back)) == Cell(glyph: " ", background: back))
    #expect(
      cell(none, CellUnderlay(color: back, overlay: pulse, overlayMask: 0b111111))
        == Cell(glyph: " ", background: pulse))
    // The pulse in the left column: its glyph in the pulse's entry over the backdrop's.
    #expect(
      cell(none, CellUnderlay(color: back, overlay: pulse, overlayMask: 0b010101))
        == Cell(glyph: "▌", foreground: pulse, background: back))
    // Half-transparent red (premultiplied 0x80: 128 of 255) is red, over the majority's colour.
    let half: UInt32 = 0x8080_0000
    let drawn = cell(
      [half, clear, half, clear, clear, clear],
      CellUnderlay(color: back, overlay: pulse, overlayMask: 0b101010))
    #expect(
      drawn
        == Cell(
          glyph: GlyphSet.sextant.glyph(0b000101), foreground: RGB(255, 0, 0), background: pulse))
    // Every sample drawn: the ordinary two-colour fit.
    #expect(cell([red, red, red, blue, blue, blue], CellUnderlay(color: back)).background != back)
  }

  @Test func gridShapeFollowsTheSampleSize() {
    let pixels = [UInt32](repeating: red, count: 200 * 120)
    let grid = pixels.withUnsafeBufferPointer {
      CellBlitter(glyphs: .sextant).cells(from: $0, width: 200, height: 120, stride: 200)
    }
    #expect(grid.columns == 100 && grid.rows == 40)
  }
}

@Suite struct DamageWriterTests {
  func grid(_ text: String) -> CellGrid {
    var grid = CellGrid(columns: 10, rows: 3)
    grid.write(text, column: 0, row: 1, foreground: RGB(255, 255, 255))
    return grid
  }

  /// A row is looked at from its first changed cell to its last, and not at all when none is.
  @Test func aRowsChangedSpanRunsFromItsFirstChangeToItsLast() {
    let before = [Cell](repeating: .blank, count: 10)
    var after = before
    after[3] = Cell(glyph: "x")
    after[7] = Cell(glyph: "y")
    before.withUnsafeBufferPointer { old in
      after.withUnsafeBufferPointer { new in
        #expect(DamageWriter.changedSpan(old.baseAddress!, new.baseAddress!, count: 10) == 3..<8)
        #expect(DamageWriter.changedSpan(old.baseAddress!, old.baseAddress!, count: 10) == nil)
      }
    }
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(grid("12:00"))
    #expect(writer.frame(grid("12:05")) == "\u{1B}[D5", "back one cell, and the one digit")
  }

  /// The span is found 32 bytes at a time, then byte by byte: every first and last changed
  /// cell, in rows of every length up to 40 cells (480 bytes), a changed byte of a colour alone.
  @Test func aChangedSpanIsExactAtEveryPlaceInRowsOfEveryLength() {
    for count in 1...40 {
      let before = [Cell](repeating: Cell(glyph: "a", foreground: RGB(1, 2, 3)), count: count)
      for first in 0..<count {
        for last in first..<count {
          var after = before
          after[first].foreground = RGB(1, 2, 4)
          after[last].glyph = "b"
          let span = before.withUnsafeBufferPointer { old in
            after.withUnsafeBufferPointer { new in
              DamageWriter.changedSpan(old.baseAddress!, new.baseAddress!, count: count)
            }
          }
          #expect(span == first..<last + 1, "\(count) cells, changed at \(first) and \(last)")
        }
      }
    }
  }

  @Test func unchangedFrameWritesNothing() {
    var writer = DamageWriter(colorMode: .truecolor)
    let first = writer.frame(grid("12:00"))
    #expect(first.contains("12:00"))
    #expect(writer.frame(grid("12:00")) == "")
  }

  /// A first frame has no last one to compare rows with: on a terminal of two million cells it
  /// is written whole, its last row included, and the next identical frame is nothing.
  @Test func aFirstFrameOnAHugeTerminalIsWrittenWhole() {
    var writer = DamageWriter(colorMode: .truecolor)
    var huge = CellGrid(columns: 2000, rows: 1000)
    huge.write("end", column: 1997, row: 999, foreground: RGB(255, 255, 255))
    let first = writer.frame(huge)
    #expect(first.hasSuffix("end"), "\(first.suffix(40).debugDescription)")
    #expect(writer.frame(huge) == "")
  }

  /// The title is sent when it changes (and after a repaint), with control characters left out.
  @Test func theTitleIsSentWhenItChanges() {
    var writer = DamageWriter(colorMode: .truecolor)
    var titled = grid("12:00")
    titled.title = "4:59 tea\u{1B}[2J"
    #expect(writer.frame(titled).hasPrefix("\u{1B}]2;4:59 tea[2J\u{07}"))
    #expect(writer.frame(titled) == "")
    titled.title = "4:58 tea"
    #expect(writer.frame(titled) == "\u{1B}]2;4:58 tea\u{07}")
    writer.invalidate()
    #expect(writer.frame(titled).hasPrefix("\u{1B}]2;4:58 tea\u{07}"))
    // Text that is not ASCII goes as it is; a line break and DEL do not.
    #expect(Escape.title("4:57 thé") == "\u{1B}]2;4:57 thé\u{07}")
    #expect(Escape.title("4:56\r\n thé\u{7F}") == "\u{1B}]2;4:56 thé\u{07}")
  }

  /// Cells in palette entries are written once; the entries' colours change in one OSC 4 of
  /// the entries that moved, and no cell is written again.
  @Test func paletteEntriesAnimateWithoutRewritingCells() {
    var writer = DamageWriter(colorMode: .truecolor)
    var frame = CellGrid(
      columns: 4, rows: 1,
      fill: Cell(glyph: "🬀", foreground: RGB(255, 255, 255), background: .paletteEntry(230)))
    frame[3, 0].background = .paletteEntry(231)
    frame.palette = [230: RGB(0x3D, 0xAC, 0xF7), 231: RGB(0xCE, 0x07, 0x55)]
    let first = writer.frame(frame)
    #expect(
      first.hasPrefix("\u{1B}]4;230;#3dacf7;231;#ce0755\u{1B}\\"), "\(first.debugDescription)")
    #expect(first.contains("48;5;230") && first.contains("48;5;231"), "\(first.debugDescription)")
    frame.palette[230] = RGB(0x40, 0xA8, 0xF2)  // within the tolerance: not sent
    frame.palette[231] = RGB(0xD6, 0x20, 0x50)
    #expect(writer.frame(frame) == "\u{1B}]4;231;#d62050\u{1B}\\")
    #expect(writer.frame(frame) == "")
    // An entry is a colour of its own: never "close" to a colour, or to another entry.
    frame[0, 0].background = RGB(230, 0, 0)
    frame[1, 0].background = .paletteEntry(229)
    let changed = writer.frame(frame)
    #expect(
      changed.contains("48;2;230;0;0") && changed.contains("48;5;229"),
      "\(changed.debugDescription)")
    writer.invalidate()
    #expect(writer.frame(frame).hasPrefix("\u{1B}]4;230;#40a8f2;231;#d62050\u{1B}\\"))
  }

  @Test func theDiffComparesWholeCells() {
    // The fast comparison reads a cell as 12 bytes (an optional colour's tag lives in the
    // palette flag's spare bits, bold in the glyph's): a layout change must show here, or the
    // diff gets slow.
    #expect(MemoryLayout<Cell>.size == 12 && MemoryLayout<Cell>.stride == 12)
  }

  @Test func boldAndTheGlyphShareAWordWithoutTouchingEachOther() {
    var cell = Cell(glyph: "\u{10FFFF}", foreground: RGB(1, 2, 3), bold: true)
    #expect(cell.glyph == "\u{10FFFF}" && cell.bold)
    cell.bold = false
    #expect(cell.glyph == "\u{10FFFF}" && !cell.bold)
    cell.glyph = "🕰"
    cell.bold = true
    #expect(cell == Cell(glyph: "🕰", foreground: RGB(1, 2, 3), bold: true))
    cell.glyph = "a"
    #expect(cell.bold && cell != Cell(glyph: "a", foreground: RGB(1, 2, 3)))
  }

  /// Without colour a block cell is lit where its colours are light, whichever is in front.
  @Test func monochromeLightsTheLightPixels() {
    let light = RGB(230, 230, 230)
    let dark = RGB(20, 20, 20)
    func shown(_ glyph: Unicode.Scalar, _ foreground: RGB, _ background: RGB) -> Unicode.Scalar {
      DamageWriter.Rules.monochrome(
        Cell(glyph: glyph, foreground: foreground, background: background)
      ).glyph
    }
    #expect(shown("▀", light, dark) == "▀")
    #expect(shown("▀", dark, light) == "▄")  // the dark top half is unlit: the bottom shows
    #expect(shown("▌", light, light) == "█")
    #expect(shown("▌", dark, dark) == " ")
    #expect(shown(" ", dark, light) == "█")
    #expect(shown("🬀", dark, light) == GlyphSet.complement(of: "🬀"))
    #expect(shown("a", dark, light) == "a", "text keeps its glyph")
  }

  @Test func onlyChangedCellsAreWritten() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(grid("12:00"))
    let delta = writer.frame(grid("12:01"))
    #expect(
      delta == "\u{1B}[D1",
      "one column back from where the last frame ended: \(delta.debugDescription)")
    #expect(!delta.contains("12:0"))
  }

  @Test func neighbouringChangesShareOneCursorMoveAndPen() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(grid("00"))
    let delta = writer.frame(grid("99"))
    #expect(delta == "\u{1B}[2D99", "one move: \(delta.debugDescription)")
    #expect(delta.hasSuffix("99"))
  }

  /// The shortest way there: relative moves down, up and across, an absolute column, or both
  /// coordinates; from nowhere known (or past the last column), both.
  @Test func cursorMovesAreTheShortestThatGetThere() {
    func move(from cursor: (column: Int, row: Int)?, to column: Int, _ row: Int) -> String {
      var out = Bytes()
      out.move(from: cursor, to: column, row, columns: 100)
      return String(decoding: out.array, as: UTF8.self)
    }
    #expect(move(from: (5, 3), to: 5, 3) == "")
    #expect(move(from: (5, 3), to: 6, 3) == "\u{1B}[C")
    #expect(move(from: (5, 3), to: 2, 3) == "\u{1B}[3D")
    #expect(move(from: (5, 3), to: 5, 4) == "\u{1B}[B")
    #expect(move(from: (50, 12), to: 52, 13) == "\u{1B}[B\u{1B}[2C")
    #expect(move(from: (5, 3), to: 7, 2) == "\u{1B}[3;8H", "as short as two relative moves, in one")
    #expect(
      move(from: (90, 3), to: 2, 3) == "\u{1B}[3G", "an absolute column is shorter than 88 back")
    #expect(move(from: (90, 3), to: 2, 30) == "\u{1B}[31;3H")
    #expect(move(from: nil, to: 2, 3) == "\u{1B}[4;3H")
    #expect(
      move(from: (100, 3), to: 99, 3) == "\u{1B}[4;100H",
      "after the last column the cursor is still on it")
  }

  /// Frames of cells in many colours and palette entries, changing at random: whatever order the
  /// writer picks to keep its pen, the screen shows each frame exactly.
  @Test func theScreenShowsEveryFrameWhateverTheOrderOfWriting() {
    var random = SplitMix(seed: 7)
    let glyphs: [Unicode.Scalar] = [" ", "█", "▌", "▐", "🬀", "🬋", "🬹", "x"]
    let colors: [RGB?] = [
      nil, .paletteEntry(200), .paletteEntry(201), .paletteEntry(230), RGB(170, 170, 170),
      RGB(255, 255, 255), RGB(20, 40, 60),
    ]
    var writer = DamageWriter(colorMode: .truecolor)
    writer.colorTolerance = 0
    var screen = ReplayedScreen(columns: 30, rows: 8)
    var grid = CellGrid(columns: 30, rows: 8)
    for frame in 0..<40 {
      for _ in 0..<(frame == 0 ? 240 : Int(random.next() % 60)) {
        let index = Int(random.next() % 240)
        grid.cells[index] = Cell(
          glyph: glyphs[Int(random.next() % 8)], foreground: colors[Int(random.next() % 7)],
          background: colors[Int(random.next() % 7)],
          bold: random.next() % 5 == 0)
      }
      screen.play(writer.frame(grid))
      for row in 0..<8 {
        for column in 0..<30 {
          #expect(
            screen.shows(grid[column, row], column: column, row: row),
            "frame \(frame), \(column), \(row)")
        }
      }
    }
  }

  @Test func invalidateRepaintsEverything() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(grid("ab"))
    writer.invalidate()
    let all = writer.frame(grid("ab"))
    #expect(all.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    #expect(all.contains("ab"))
  }

  @Test func aComplementWithSwappedColoursSavesAColourChange() {
    let (white, red) = (RGB(255, 255, 255), RGB(200, 0, 0))
    var writer = DamageWriter(colorMode: .truecolor)
    var g = CellGrid(columns: 3, rows: 1)
    g[0, 0] = Cell(glyph: "▌", foreground: white, background: red)
    // the same look as "▐" white on red
    g[1, 0] = Cell(glyph: "▌", foreground: red, background: white)
    // white within tolerance
    g[2, 0] = Cell(glyph: "▘", foreground: RGB(252, 253, 255), background: red)
    let bytes = writer.frame(g)
    #expect(
      bytes.hasSuffix("\u{1B}[38;2;255;255;255;48;2;200;0;0m▌▐▘"), "\(bytes.debugDescription)")
    #expect(writer.frame(g) == "", "what is on screen counts as the same")
    g[1, 0] = Cell(glyph: "▌", foreground: red, background: RGB(0, 0, 255))
    #expect(
      writer.frame(g) == "\u{1B}[1;2H\u{1B}[38;2;0;0;255m▐",
      "a real change is written, red kept as the background")
  }

  @Test func aSpaceKeepsThePensForeground() {
    var writer = DamageWriter(colorMode: .truecolor)
    var g = CellGrid(columns: 2, rows: 1)
    g[0, 0] = Cell(glyph: "▀", foreground: RGB(9, 9, 9), background: RGB(100, 100, 100))
    g[1, 0] = Cell(glyph: " ", background: RGB(50, 50, 50))
    #expect(writer.frame(g).hasSuffix("▀\u{1B}[48;2;50;50;50m "))
  }

  @Test(arguments: [
    (ColorMode.truecolor, "38;2;255;0;0"), (.palette256, "38;5;196"), (.palette16, "31"),
  ])
  func coloursFollowTheMode(mode: ColorMode, parameter: String) {
    var writer = DamageWriter(colorMode: mode)
    var g = CellGrid(columns: 2, rows: 1)
    g.write("x", column: 0, row: 0, foreground: RGB(255, 0, 0))
    #expect(writer.frame(g).contains(parameter))
  }
}

@Suite struct TerminalInputTests {
  @Test func keysDecode() {
    #expect(
      Key.decode(Array("q \r\u{1B}[A\u{1B}[D\u{03}l+".utf8)) == [
        .character("q"), .space, .enter, .up, .left, .controlC, .character("l"), .character("+"),
      ])
    #expect(Key.decode([0x1B]) == [.escape])
    #expect(Key.decode(Array("é".utf8)) == [.character("é")])
  }

  /// SGR 1006 reports: a left press (with or without Shift, Alt or Ctrl) is a click; its
  /// release, other buttons, drags and the wheel are nothing.
  @Test func mouseReportsDecodeToClicks() {
    #expect(Key.decode(Array("\u{1B}[<0;12;5M\u{1B}[<0;12;5m".utf8)) == [.click])
    #expect(
      Key.decode(Array("\u{1B}[<4;1;1M\u{1B}[<16;200;60Mq".utf8)) == [
        .click, .click, .character("q"),
      ])
    for other in [
      "\u{1B}[<1;3;3M", "\u{1B}[<2;3;3M", "\u{1B}[<32;3;3M", "\u{1B}[<64;3;3M", "\u{1B}[<65;3;3M",
      "\u{1B}[<0;3;3m",
    ] {
      #expect(Key.decode(Array(other.utf8)).isEmpty, "\(other.debugDescription)")
    }
  }

  @Test func graphicsFromTheEnvironment() {
    #expect(
      Graphics.detect(environment: ["TERM": "xterm-256color", "LANG": "en_GB.UTF-8"]) == .sextant)
    #expect(
      Graphics.detect(environment: ["TERM": "xterm", "LANG": "C", "LC_ALL": "de_DE.utf8"])
        == .sextant)
    #expect(
      Graphics.detect(environment: ["TERM": "xterm", "LANG": "de_DE.UTF-8@euro"]) == .sextant)
    #expect(Graphics.detect(environment: ["TERM": "xterm", "LC_CTYPE": "UTF-8"]) == .sextant)
    #expect(Graphics.detect(environment: ["TERM": "xterm", "LANG": "de_DE.ISO-8859-15"]) == .half)
    #expect(Graphics.detect(environment: ["TERM": "linux", "LANG": "C.UTF-8"]) == .half)
    #expect(Graphics.detect(environment: ["TERM": "xterm-256color", "LANG": "C"]) == .half)
    #expect(Graphics.detect(environment: ["TERM": "xterm-256color"]) == .half)
    #expect(ColorMode.detect(environment: ["TERM": "linux"]) == .palette16)
  }

  @Test func colorModeFromTheEnvironment() {
    #expect(
      ColorMode.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        == .truecolor)
    #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"]) == .palette256)
    #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .palette16)
    #expect(ColorMode.detect(environment: ["TERM": "dumb"]) == ColorMode.none)
    #expect(
      ColorMode.detect(environment: [
        "TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1",
      ]) == ColorMode.none)
  }

  @Test func palettesPickTheNearestEntry() {
    #expect(Palette.index256(RGB(255, 0, 0)) == 196)
    #expect(Palette.index256(RGB(128, 128, 128)) == 244)
    #expect(Palette.index16(RGB(250, 250, 250)) == 15)
    #expect(Palette.index16(RGB(10, 10, 10)) == 0)
  }

  @Test func cellAspectFromPixelsOrTheUsualHalf() {
    #expect(TerminalSize(columns: 100, rows: 40).cellAspect == 0.5)
    #expect(
      TerminalSize(columns: 100, rows: 40, pixelWidth: 900, pixelHeight: 720).cellAspect == 0.5)
    #expect(
      abs(TerminalSize(columns: 100, rows: 40, pixelWidth: 1000, pixelHeight: 800).cellAspect - 0.5)
        < 1e-9)
    #expect(
      abs(TerminalSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384).cellAspect - 0.5)
        < 1e-9)
  }
}

/// Reproducible pseudo-random numbers for tests.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
