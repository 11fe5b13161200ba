import ClockworkScene
import Foundation
import Testing

@testable import ClockworkTerminal

/// Pictures in pixel protocols: what the damage writer sends, and what the escapes hold.
@Suite struct PixelImageTests {
  let red: UInt32 = 0xFFFF_0000
  let blue: UInt32 = 0xFF00_00FF

  /// A 20×4-cell screen with a picture over the top 3 rows (cells of 2×6 pixels), optionally
  /// text over it, and a footer under it. `paint` sets pixels of the picture.
  func screen(
    kind: PixelProtocol = .sixel, label: String? = nil, footer: String = "q quit",
    paint: (inout [UInt32], Int) -> Void = { _, _ in }
  ) -> CellGrid {
    var grid = CellGrid(columns: 20, rows: 4)
    var pixels = [UInt32](repeating: blue, count: 40 * 18)
    paint(&pixels, 40)
    var picture = CellGrid(columns: 20, rows: 3)
    picture.images = [
      PixelImage(columns: 20, rows: 3, kind: kind, cellWidth: 2, cellHeight: 6, pixels: pixels)
    ]
    grid.place(picture, column: 0, row: 0)
    if let label { grid.write(label, column: 2, row: 1) }
    grid.write(footer, column: 0, row: 3)
    return grid
  }

  /// Sets the pixel block of cell (column, row).
  func cell(_ column: Int, _ row: Int, _ color: UInt32) -> (inout [UInt32], Int) -> Void {
    { pixels, width in
      for y in row * 6..<(row + 1) * 6 {
        for x in column * 2..<(column + 1) * 2 { pixels[y * width + x] = color }
      }
    }
  }

  /// Each sixel image in `bytes`: where the cursor was moved before it, and its raster size.
  func sixels(_ bytes: String) -> [(at: String, size: String)] {
    bytes.matches(of: /\u{1B}\[(\d+;\d+)H\u{1B}P[^q]*q"1;1;(\d+;\d+)/).map {
      (String($0.1), String($0.2))
    }
  }

  @Test func firstFrameDrawsThePictureThenTheText() throws {
    var writer = DamageWriter(colorMode: .truecolor)
    let bytes = writer.frame(screen(label: "5:00"))
    #expect(sixels(bytes).map(\.at) == ["1;1"])
    #expect(sixels(bytes).map(\.size) == ["40;18"])
    let picture = try #require(bytes.range(of: "\u{1B}P"))
    let label = try #require(bytes.range(of: "5:00"))
    #expect(picture.upperBound <= label.lowerBound, "text goes over the picture, so after it")
    #expect(bytes.contains("\u{1B}[4;1Hq"))
  }

  @Test func anUnchangedPictureIsNotSentAgain() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen(label: "5:00"))
    #expect(writer.frame(screen(label: "5:00")) == "")
    let footer = writer.frame(screen(label: "5:00", footer: "q quit!"))
    #expect(sixels(footer).isEmpty && footer.contains("!"))
  }

  @Test func onlyTheChangedPartIsSentAndTheTextOverItWrittenAgain() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen(label: "5:00"))
    // Cell (13, 1) changes: the sixel part is its grain of 4×2 cells from (12, 0), taken to a
    // whole number of six-pixel bands (12 rows already are).
    let next = writer.frame(screen(label: "5:00", paint: cell(13, 1, red)))
    #expect(sixels(next).map(\.at) == ["1;13"])
    #expect(sixels(next).map(\.size) == ["8;12"])
    #expect(!next.contains("5:00"), "the label is outside the part")
    let over = writer.frame(screen(label: "5:00", paint: cell(3, 1, red)))
    #expect(sixels(over).map(\.at) == ["1;1"])
    #expect(over.contains("5:00"), "the part went over the label")
    #expect(!over.contains("\u{1B}[2J"))
  }

  @Test func textThatGoesAwayOverASixelBringsThatPartBack() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen(label: "paused"))
    let next = writer.frame(screen())
    #expect(sixels(next).map(\.at) == ["1;1"], "a blank written there would leave a hole")
    #expect(sixels(next).map(\.size) == ["16;12"], "cells 2…7 of row 1: two grains across")
  }

  @Test func kittyTilesAreImagesOfTheirOwnReplacedAloneAndClearedOnExit() {
    var writer = DamageWriter(colorMode: .truecolor)
    let first = writer.frame(screen(kind: .kitty))
    let ids = first.matches(of: /a=T,i=(\d+),/).map { String($0.1) }
    #expect(ids == ["10000", "10001"], "20×3 cells in tiles of 10×5")
    let next = writer.frame(screen(kind: .kitty, paint: cell(15, 2, red)))
    #expect(
      next.matches(of: /a=T,i=(\d+),[^;]*c=(\d+),r=(\d+)/).map { "\($0.1) \($0.2)×\($0.3)" } == [
        "10001 10×3"
      ])
    #expect(next.hasPrefix("\u{1B}[1;11H"), "placed at the tile's top left cell")
    #expect(writer.farewell() == Escape.deleteKittyImages)
    var sixel = DamageWriter(colorMode: .truecolor)
    _ = sixel.frame(screen())
    #expect(sixel.farewell() == "", "sixels go with the alternate screen")
  }

  @Test func aPictureThatMovesRepaintsTheScreen() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen())
    var moved = CellGrid(columns: 20, rows: 4)
    moved.images = [
      PixelImage(
        column: 1, row: 1, columns: 5, rows: 2, kind: .sixel, cellWidth: 2, cellHeight: 6,
        pixels: .init(repeating: red, count: 120))
    ]
    let bytes = writer.frame(moved)
    #expect(bytes.contains("\u{1B}[2J"))
    #expect(sixels(bytes).map(\.at) == ["2;2"])
  }

  /// A picture of `layer` as the presenter makes it.
  func picture(_ graphics: Graphics, of layer: Layer, cell: CellShape) throws -> PixelImage {
    let grid = try BlockPresenter(graphics: graphics).cells(
      for: layer, columns: 30, rows: 10, cell: cell)
    #expect(grid.cells.allSatisfy { $0 == .blank })
    return try #require(grid.images.first)
  }

  @Test func kittyEscapesCarryAPNGInChunks() throws {
    // A conic gradient: a PNG too big for one escape.
    let wheel = GradientLayer()
    wheel.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    wheel.kind = .conic
    wheel.startPoint = Point(x: 0.5, y: 0.5)
    wheel.colors = [
      Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1),
      Color(red: 0, green: 1, blue: 0),
    ]
    let image = try picture(.kitty, of: wheel, cell: CellShape(pixelWidth: 8, pixelHeight: 16))
    #expect(image.kind == .kitty && image.width == 240 && image.height == 160)
    let payload = String(
      decoding: PictureEscape.draw(
        CellRect(column: 0, row: 0, columns: 30, rows: 10), of: image, id: 7), as: UTF8.self)
    let escapes = payload.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    try #require(escapes.count > 1)
    #expect(escapes[0].hasPrefix("\u{1B}_Ga=T,i=7,f=100,q=2,z=-1,C=1,c=30,r=10,m=1;"))
    #expect(escapes.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;") })
    #expect(escapes.last!.hasPrefix("\u{1B}_Gm=0;"))
    let chunks = escapes.map { String($0[$0.index(after: $0.firstIndex(of: ";")!)...]) }
    #expect(chunks.allSatisfy { $0.count <= 4096 })
    let png = try #require(Data(base64Encoded: chunks.joined()))
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    // Width and height from the IHDR chunk.
    let be = { (offset: Int) in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be(16) == 240 && be(20) == 160)
  }

  @Test func sixelEscapeIsOneDeviceControlStringOfTheCellsPixels() throws {
    let square = ShapeLayer()
    square.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    square.path = .rect(square.bounds)
    square.fillColor = Color(red: 1, green: 0, blue: 0)
    let image = try picture(.sixel, of: square, cell: CellShape(pixelWidth: 8, pixelHeight: 18))
    let payload = String(
      decoding: PictureEscape.draw(
        CellRect(column: 0, row: 0, columns: 30, rows: 10), of: image, id: 0), as: UTF8.self)
    #expect(payload.hasPrefix("\u{1B}P") && payload.hasSuffix("\u{1B}\\"))
    // Raster attributes: 1:1 pixels, 240 wide, 180 tall (a multiple of six).
    #expect(payload.contains("\"1;1;240;180"))
    #expect(
      payload.contains(";2;100;0;0"), "pure red is in the palette (sixel colours are percentages)")
  }

  @Test func cellShapeFromTheReportedPixels() {
    #expect(
      TerminalSize(columns: 100, rows: 40, pixelWidth: 1000, pixelHeight: 800).cell
        == CellShape(pixelWidth: 10, pixelHeight: 20))
    let unknown = TerminalSize(columns: 100, rows: 40).cell
    #expect(unknown.aspect == 0.5 && unknown.pixelWidth == 0 && unknown.imagePixels == (10, 20))
    #expect(
      TerminalSize(columns: 100, rows: 40, pixelWidth: 100, pixelHeight: 4000).cell == CellShape(),
      "implausible: ignored")
  }
}
