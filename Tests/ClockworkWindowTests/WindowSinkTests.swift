import ClockworkScene
import Foundation
import Testing

@testable import ClockworkWindow

/// The window's side that needs no display: the damaged rectangle as whole pixels, and a clear
/// error where there is no display at all.
@Suite struct WindowSinkTests {
  /// A white dot of 10 points at (`x`, `y`) on black.
  func dot(at x: Double, _ y: Double, on canvas: Window.Canvas, title: String? = nil)
    -> WindowFrame
  {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
    let dot = Layer()
    dot.frame = Rect(x: x, y: y, width: 10, height: 10)
    dot.backgroundColor = .white
    root.addSublayer(dot)
    return WindowFrame(root, background: .black, title: title)
  }

  @Test func aPainterSendsWhatChangedAndTheWholePictureWhenAsked() {
    var painter = WindowPainter()
    let canvas = Window.Canvas(width: 100, height: 80)
    func frame(dotAt x: Double) -> WindowFrame { dot(at: x, 10, on: canvas, title: "tea") }
    let first = painter.paint(frame(dotAt: 10), on: canvas)
    #expect([first.x, first.y, first.rectWidth, first.rectHeight] == [Int]([0, 0, 100, 80]))
    #expect(first.title == "tea")
    let second = painter.paint(frame(dotAt: 30), on: canvas)
    // Both places of the dot, and Damage's margin of 2 pixels for anti-aliased edges.
    #expect([second.x, second.y, second.rectWidth, second.rectHeight] == [Int]([8, 8, 34, 14]))
    #expect(second.title == nil)
    // The dot's old place is background again, its new place white.
    #expect(second.pixels[7 * 34 + 7] == 0xFF00_0000)
    #expect(second.pixels[7 * 34 + 27] == 0xFFFF_FFFF)
    painter.showWholeNext()
    let third = painter.paint(frame(dotAt: 30), on: canvas)
    #expect([third.rectWidth, third.rectHeight] == [Int]([100, 80]))
    #expect(third.title == "tea")
  }

  /// A frame is read from the painter's picture until the next is painted over it: one drawn
  /// ahead of it keeps its pixels, one shown first is never copied.
  @Test func anUpdateKeepsItsPixelsWhenTheNextIsPaintedBeforeItIsShown() {
    var painter = WindowPainter()
    let canvas = Window.Canvas(width: 60, height: 20)
    func frame(dotAt x: Double) -> WindowFrame { dot(at: x, 5, on: canvas) }
    let held = painter.paint(frame(dotAt: 10), on: canvas)
    let ahead = painter.paint(frame(dotAt: 40), on: canvas)
    #expect(held.pixels[10 * 60 + 15] == 0xFFFF_FFFF)  // the dot where it was
    #expect(held.pixels[10 * 60 + 45] == 0xFF00_0000)
    #expect(ahead.pixels[(10 - ahead.y) * ahead.rectWidth + 45 - ahead.x] == 0xFFFF_FFFF)
    ahead.source?.release()  // as a window does once it has copied them
    _ = painter.paint(frame(dotAt: 20), on: canvas)
    #expect(ahead.pixels.isEmpty)
  }

  @Test func aDamagedAreaIsWidenedToWholePixelsInsideTheCanvas() {
    #expect(
      WindowPainter.pixelBox(
        Rect(x: 10.4, y: 20.6, width: 5.2, height: 0.1), width: 100, height: 100)
        == Rect(x: 10, y: 20, width: 6, height: 1))
    #expect(
      WindowPainter.pixelBox(Rect(x: -5, y: 90, width: 20, height: 30), width: 100, height: 100)
        == Rect(x: 0, y: 90, width: 15, height: 10))
    #expect(
      WindowPainter.pixelBox(Rect(x: 120, y: 10, width: 5, height: 5), width: 100, height: 100)
        == Rect(x: 0, y: 0, width: 0, height: 0))
  }

  @Test(
    .enabled(
      if: ["DISPLAY", "WAYLAND_DISPLAY"].allSatisfy {
        ProcessInfo.processInfo.environment[$0, default: ""].isEmpty
      }))
  func withNoDisplayTheWindowSaysSo() {
    #expect(throws: WindowError.self) { try Window(title: "t", width: 64, height: 64) { _ in } }
    do { _ = try Window(title: "t", width: 64, height: 64) { _ in } } catch {
      #expect("\(error)" == "cannot open a window: neither DISPLAY nor WAYLAND_DISPLAY is set")
    }
  }
}
