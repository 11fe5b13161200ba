import ClockworkScene
import Foundation
import Testing

@testable import ClockworkWindow

/// The window's side that needs no display: the damaged rectangle as whole pixels, and a clear
/// error where there is no display at all.
@Suite struct WindowSinkTests {
  @Test func aPainterSendsWhatChangedAndTheWholePictureWhenAsked() {
    var painter = WindowPainter()
    let canvas = Window.Canvas(width: 100, height: 80)
    func frame(dotAt x: Double) -> WindowFrame {
      let root = Layer()
      root.frame = Rect(x: 0, y: 0, width: 100, height: 80)
      let dot = Layer()
      dot.frame = Rect(x: x, y: 10, width: 10, height: 10)
      dot.backgroundColor = .white
      root.addSublayer(dot)
      return WindowFrame(root, background: .black, title: "tea")
    }
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
    func frame(dotAt x: Double) -> WindowFrame {
      let root = Layer()
      root.frame = Rect(x: 0, y: 0, width: 60, height: 20)
      let dot = Layer()
      dot.frame = Rect(x: x, y: 5, width: 10, height: 10)
      dot.backgroundColor = .white
      root.addSublayer(dot)
      return WindowFrame(root, background: .black)
    }
    let held = painter.paint(frame(dotAt: 10), on: canvas)
    let ahead = painter.paint(frame(dotAt: 40), on: canvas)
    #expect(held.pixels[10 * 60 + 15] == 0xFFFF_FFFF)  // the dot where it was
    #expect(held.pixels[10 * 60 + 45] == 0xFF00_0000)
    #expect(ahead.pixels[(10 - ahead.y) * ahead.rectWidth + 45 - ahead.x] == 0xFFFF_FFFF)
    ahead.source?.release()  // as a window does once it has copied them
    _ = painter.paint(frame(dotAt: 20), on: canvas)
    #expect(ahead.pixels.isEmpty)
  }

  /// A ring growing and fading over a backdrop (a timer's pulse), a box in its middle that
  /// changes: painted only where it changed, the ring's middle mostly left out, every frame
  /// looks as it does painted whole.
  @Test func aRingsMiddleIsLeftOutAndEachFrameLooksPaintedWhole() {
    let canvas = Window.Canvas(width: 240, height: 240)
    let center = Point(x: 120, y: 120)
    func frame(_ step: Int) -> WindowFrame {
      let root = Layer()
      root.frame = Rect(x: 0, y: 0, width: 240, height: 240)
      let backdrop = Layer()
      backdrop.frame = root.bounds
      backdrop.backgroundColor = Color(hex: 0x224466)
      root.addSublayer(backdrop)
      let pulse = GradientLayer()
      pulse.frame = root.bounds
      pulse.colors = [Color(hex: 0xCE0755), Color(hex: 0xF5B433)]
      (pulse.startPoint, pulse.endPoint) = (.zero, Point(x: 1, y: 1))
      let band = ShapeLayer()
      band.frame = root.bounds
      band.path = Path {
        for radius in [80.0, 68.0] {
          $0.move(to: Point(onCircleAround: center, radius: radius, angle: 0))
          $0.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
          $0.close()
        }
      }
      band.fillRule = .evenOdd
      band.fillColor = .white
      pulse.mask = band
      pulse.transform = AffineTransform(scale: 1 + 0.013 * Double(step))
      pulse.opacity = 0.7 - 0.04 * Double(step)
      root.addSublayer(pulse)
      let label = Layer()
      label.frame = Rect(x: 100, y: 110, width: 20 + Double(step % 3) * 7, height: 20)
      label.backgroundColor = .white
      root.addSublayer(label)
      return WindowFrame(root, background: .black)
    }
    var painter = WindowPainter()
    var whole = WindowPainter()
    var (leftOut, worst) = (0, 0)
    for step in 0..<14 {
      if painter.paint(frame(step), on: canvas).parts.count > 1 { leftOut += 1 }
      painter.showWholeNext()
      let shown = painter.paint(frame(step), on: canvas).pixels
      whole.forget()
      let reference = whole.paint(frame(step), on: canvas).pixels
      for (a, b) in zip(shown, reference) {
        for shift in stride(from: 0, to: 32, by: 8) {
          worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
      }
    }
    #expect(leftOut == 13)  // all but the first, drawn whole
    #expect(worst <= 6)  // Cairo's rounding of an edge through a clip; a stale pixel is far more
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
