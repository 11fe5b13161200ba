import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkTestSupport
import ClockworkWidgets
import Foundation
import Testing

@testable import ClockworkTerminal

@Suite struct DamageTests {
  func hand(angle: Double) -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    root.anchorPoint = .zero
    let hand = ShapeLayer()
    hand.bounds = root.bounds
    hand.position = Point(x: 50, y: 50)
    hand.path = Path.rect(Rect(x: 49, y: 10, width: 2, height: 40))
    hand.transform = AffineTransform(rotation: angle)
    root.addSublayer(hand)
    return root
  }

  @Test func anUnchangedTreeDamagesNothing() {
    #expect(Damage(from: hand(angle: 1), to: hand(angle: 1)) == .none)
  }

  @Test func aTurnedHandDamagesWhereItWasAndWhereItIs() throws {
    // Pointing up (x 49…51, y 10…50), then right (x 50…90, y 49…51).
    guard case .area(let box) = Damage(from: hand(angle: 0), to: hand(angle: .pi / 2)) else {
      Issue.record("expected an area")
      return
    }
    #expect(box.minX <= 49 && box.maxX >= 90 && box.minY <= 10 && box.maxY >= 51, "\(box)")
    #expect(box.minX >= 45 && box.maxY <= 55, "\(box)")  // not the whole face
  }

  @Test func changedTextDamagesEverything() {
    let a = TextLayer()
    a.string = "12"
    let b = TextLayer()
    b.string = "13"
    #expect(Damage(from: a, to: b) == .everything)
  }

  /// The terminal clock drawn only where it changed looks like the clock drawn whole, second
  /// by second through a few minutes and every oscillator: a missed change would leave a
  /// hand's ghost (differences of a hundred levels and more). Cairo rasterizes an edge through
  /// a clip with slightly different rounding (measured: up to 6 levels of 255 at a few
  /// anti-aliased pixels), which can tip a cell's glyph now and then; nothing accumulates, as a
  /// redrawn box is cleared and drawn afresh.
  @Test(arguments: [Oscillator.quartz, .quartzRecoil, .mechanical(), .sweep])
  func drawingOnlyTheDamageLooksLikeDrawingEverything(oscillator: Oscillator) throws {
    let face = ClockFace(size: 200, theme: .classic, oscillator: oscillator)
    let incremental = BlockPresenter(glyphs: .sextant)
    face.pixelScale = incremental.scale(
      for: face.layer.bounds.size, columns: 60, rows: 28, cell: CellShape())
    var date = Date(timeIntervalSince1970: 1_800_000_000)
    var worstPixel = 0
    var worstCells = 0
    for step in 0..<150 {
      date += step % 10 == 0 ? 7.3 : 0.13
      face.show(date: date, zone: .utc)
      let drawn = try incremental.cells(for: face.layer, columns: 60, rows: 28, cell: CellShape())
      let reference = BlockPresenter(glyphs: .sextant)
      let whole = try reference.cells(for: face.layer, columns: 60, rows: 28, cell: CellShape())
      worstCells = max(
        worstCells, drawn.cells.indices.filter { drawn.cells[$0] != whole.cells[$0] }.count)
      worstPixel = max(
        worstPixel,
        try #require(incremental.surface).largestDifference(from: try #require(reference.surface)))
    }
    #expect(worstPixel <= 16)  // measured: 10–11
    #expect(worstCells <= 60 * 28 / 100)  // measured: 8–10 of 1,680
  }

  /// A clock's second writes the cells it changed over the last frame's, not into a copy of
  /// them (a grid of 4,000 cells a second, and one more alive at once).
  @Test func aNewFrameReusesTheLastOnesCells() throws {
    let face = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
    let presenter = BlockPresenter(glyphs: .sextant)
    face.pixelScale = presenter.scale(
      for: face.layer.bounds.size, columns: 60, rows: 28, cell: CellShape())
    func cellsDrawn(at seconds: Double) throws -> UnsafeRawPointer? {
      face.show(date: Date(timeIntervalSince1970: seconds), zone: .utc)
      let grid = try presenter.cells(for: face.layer, columns: 60, rows: 28, cell: CellShape())
      return grid.cells.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let first = try cellsDrawn(at: 1_800_000_000)
    #expect(try cellsDrawn(at: 1_800_000_001) == first)
  }
}
