import ClockworkScene
import Foundation
import Testing

@testable import ClockworkWindow

/// The window's side that needs no display: the damaged rectangle as whole pixels, and a clear
/// error where there is no display at all.
@Suite struct WindowSinkTests {
  @Test func aDamagedAreaIsWidenedToWholePixelsInsideTheCanvas() {
    #expect(
      WindowPainter.pixelBox(Rect(x: 10.4, y: 20.6, width: 5.2, height: 0.1), width: 100, height: 100)
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
