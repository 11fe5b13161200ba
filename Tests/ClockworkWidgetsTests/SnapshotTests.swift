import ClockworkScene
import ClockworkTestSupport
import ClockworkWidgets
import Foundation
import SnapshotTesting
import Testing

/// Reference images of every theme and of the ring at four stages, compared with a tolerance.
/// Record anew with SNAPSHOT_TESTING_RECORD=all after a deliberate change, and look at them.
@Suite struct SnapshotTests {
  let tenPastTen = Date(timeIntervalSince1970: 86_400 * 20_000 + 10 * 3600 + 8 * 60 + 42)

  @Test(arguments: ClockTheme.builtIn.map(\.name))
  func theme(name: String) throws {
    let face = ClockFace(size: 240, theme: try #require(ClockTheme.named(name)))
    face.show(date: tenPastTen, zone: .utc)
    assertSnapshot(of: face.layer, as: .png(width: 240, height: 240), named: name)
  }

  @Test(arguments: [0.0, 0.25, 0.5, 1.0])
  func ring(progress: Double) {
    let ring = CountdownRing(size: 240)
    let total = 300.0
    ring.show(remaining: .milliseconds(Int64((1 - progress) * total * 1000)), progress: progress)
    let backdrop = Layer()
    backdrop.frame = Rect(x: 0, y: 0, width: 240, height: 240)
    backdrop.backgroundColor = Color(hex: 0x202020)
    ring.labelBackground = backdrop.backgroundColor
    backdrop.addSublayer(ring.layer)
    assertSnapshot(
      of: backdrop, as: .png(width: 240, height: 240), named: "progress-\(Int(progress * 100))")
  }
}
