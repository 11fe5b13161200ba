import ClockworkScene
import ClockworkTerminal
import Foundation
import Testing

/// Pictures in pixel protocols: how the damage writer sends them, and what the encoders make.
@Suite struct PixelImageTests {
  /// A 10×4 screen with a picture over the top 3 rows and, optionally, text over it.
  func screen(_ payload: String, kind: PixelProtocol = .sixel, label: String? = nil, footer: String = "q quit") -> CellGrid {
    var grid = CellGrid(columns: 10, rows: 4)
    var picture = CellGrid(columns: 10, rows: 3)
    picture.images = [PixelImage(columns: 10, rows: 3, kind: kind, payload: payload)]
    grid.place(picture, column: 0, row: 0)
    if let label { grid.write(label, column: 2, row: 1) }
    grid.write(footer, column: 0, row: 3)
    return grid
  }

  @Test func firstFrameDrawsThePictureThenTheText() throws {
    var writer = DamageWriter(colorMode: .truecolor)
    let bytes = writer.frame(screen("<P1>", label: "5:00"))
    let picture = try #require(bytes.range(of: "\u{1B}[1;1H<P1>"))
    let label = try #require(bytes.range(of: "5:00"))
    #expect(picture.upperBound <= label.lowerBound, "text goes over the picture, so after it")
    #expect(bytes.contains("\u{1B}[4;1Hq"))
  }

  @Test func anUnchangedPictureIsNotSentAgain() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen("<P1>", label: "5:00"))
    #expect(writer.frame(screen("<P1>", label: "5:00")) == "")
    let footer = writer.frame(screen("<P1>", label: "5:00", footer: "q quit!"))
    #expect(!footer.contains("<P1>") && footer.contains("!"))
  }

  @Test func aNewPictureIsSentAndTheTextOverItWrittenAgain() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen("<P1>", label: "5:00"))
    let next = writer.frame(screen("<P2>", label: "5:00"))
    #expect(next.contains("\u{1B}[1;1H<P2>"))
    #expect(next.contains("5:00"), "the picture painted over the label")
    #expect(!next.contains("q quit"), "text outside the picture stays")
    #expect(!next.contains("\u{1B}[2J"))
  }

  @Test func textThatGoesAwayOverASixelBringsThePictureBack() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen("<P1>", label: "paused"))
    let next = writer.frame(screen("<P1>"))
    #expect(next.contains("<P1>"), "a blank written there would leave a hole")
  }

  @Test func kittyPicturesReplaceTheOldOnesAndAreClearedOnExit() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen("<K1>", kind: .kitty))
    let next = writer.frame(screen("<K2>", kind: .kitty))
    let delete = next.range(of: Escape.deleteKittyImages)
    #expect(delete != nil && delete!.upperBound <= next.range(of: "<K2>")!.lowerBound)
    #expect(writer.farewell() == Escape.deleteKittyImages)
    var glyphs = DamageWriter(colorMode: .truecolor)
    _ = glyphs.frame(screen("<P1>"))
    #expect(glyphs.farewell() == "", "sixels go with the alternate screen")
  }

  @Test func aPictureThatMovesRepaintsTheScreen() {
    var writer = DamageWriter(colorMode: .truecolor)
    _ = writer.frame(screen("<P1>"))
    var moved = CellGrid(columns: 10, rows: 4)
    moved.images = [PixelImage(column: 1, row: 1, columns: 5, rows: 2, kind: .sixel, payload: "<P1>")]
    let bytes = writer.frame(moved)
    #expect(bytes.contains("\u{1B}[2J") && bytes.contains("\u{1B}[2;2H<P1>"))
  }

  /// A red square filling a 100-unit scene.
  func redSquare() -> ShapeLayer {
    let layer = ShapeLayer()
    layer.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.path = .rect(layer.bounds)
    layer.fillColor = Color(red: 1, green: 0, blue: 0)
    return layer
  }

  @Test func kittyPayloadIsAPNGInChunksPlacedOverTheCells() throws {
    let presenter = BlockPresenter(graphics: .kitty)
    // A conic gradient: a PNG too big for one escape.
    let wheel = GradientLayer()
    wheel.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    wheel.kind = .conic
    wheel.startPoint = Point(x: 0.5, y: 0.5)
    wheel.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1), Color(red: 0, green: 1, blue: 0)]
    let grid = try presenter.cells(for: wheel, columns: 30, rows: 10, cell: CellShape(pixelWidth: 8, pixelHeight: 16))
    let image = try #require(grid.images.first)
    #expect(image.kind == .kitty && image.columns == 30 && image.rows == 10)
    #expect(grid.cells.allSatisfy { $0 == .blank })
    let escapes = image.payload.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    try #require(escapes.count > 1)
    #expect(escapes[0].hasPrefix("\u{1B}_Ga=T,f=100,q=2,z=-1,C=1,c=30,r=10,m=1;"))
    #expect(escapes.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;") })
    #expect(escapes.last!.hasPrefix("\u{1B}_Gm=0;"))
    let chunks = escapes.map { String($0[$0.index(after: $0.firstIndex(of: ";")!)...]) }
    #expect(chunks.allSatisfy { $0.count <= 4096 })
    let png = try #require(Data(base64Encoded: chunks.joined()))
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    // Width and height from the IHDR chunk: 30×8 by 10×16 pixels.
    let be = { (offset: Int) in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be(16) == 240 && be(20) == 160)
  }

  @Test func sixelPayloadIsOneDeviceControlStringOfTheCellsPixels() throws {
    let presenter = BlockPresenter(graphics: .sixel)
    let grid = try presenter.cells(for: redSquare(), columns: 30, rows: 10, cell: CellShape(pixelWidth: 8, pixelHeight: 18))
    let image = try #require(grid.images.first)
    #expect(image.kind == .sixel)
    #expect(image.payload.hasPrefix("\u{1B}P") && image.payload.hasSuffix("\u{1B}\\"))
    // Raster attributes: 1:1 pixels, 240 wide, 180 tall (a multiple of six).
    #expect(image.payload.contains("\"1;1;240;180"))
    #expect(image.payload.contains(";2;100;0;0"), "pure red is in the palette (sixel colours are percentages)")
  }

  @Test func cellShapeFromTheReportedPixels() {
    #expect(TerminalSize(columns: 100, rows: 40, pixelWidth: 1000, pixelHeight: 800).cell == CellShape(pixelWidth: 10, pixelHeight: 20))
    let unknown = TerminalSize(columns: 100, rows: 40).cell
    #expect(unknown.aspect == 0.5 && unknown.pixelWidth == 0 && unknown.imagePixels == (10, 20))
    #expect(TerminalSize(columns: 100, rows: 40, pixelWidth: 100, pixelHeight: 4000).cell == CellShape(), "implausible: ignored")
  }
}
