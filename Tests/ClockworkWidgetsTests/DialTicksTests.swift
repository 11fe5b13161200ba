import ClockworkCairo
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkWidgets

/// The dial's sixty ticks, drawn by nested replicators, against the two shapes that drew them
/// before (every minor tick in one path, every major tick in another): the same pixels, as the
/// renderer draws a replicator of opaque lines alike as one path.
@Suite struct DialTicksTests {
  /// The ticks as two paths, each tick's ends worked out on its own angle.
  func ticksAsPaths(of face: ClockFace) -> [Layer] {
    let dialRect = face.partRect(face.layout.dial)
    let (center, r) = (dialRect.center, dialRect.width / 2)
    let inner = r * (1 - face.theme.dial.borderWidth) - 0.02 * r
    return [false, true].compactMap { major in
      let length = (major ? face.theme.ticks.majorLength : face.theme.ticks.minorLength) * r
      let width = (major ? face.theme.ticks.majorWidth : face.theme.ticks.minorWidth) * r
      guard length > 0, width > 0 else { return nil }
      var path = Path()
      for tick in 0..<60 where (tick % 5 == 0) == major {
        let angle = Double(tick) * .pi / 30
        path.move(to: Point(onCircleAround: center, radius: inner, angle: angle))
        path.line(to: Point(onCircleAround: center, radius: inner - length, angle: angle))
      }
      let ticks = ShapeLayer()
      ticks.frame = face.layer.bounds
      ticks.path = path
      ticks.fillColor = nil
      ticks.strokeColor = face.theme.ticks.color
      ticks.lineWidth = width
      return ticks
    }
  }

  @Test(arguments: ClockTheme.builtIn.map(\.name), [120.0, 400.0])
  func replicatedTicksMatchTheOnesDrawnAsPaths(theme name: String, size: Double) throws {
    let theme = try #require(ClockTheme.named(name))
    let face = ClockFace(size: size, theme: theme, parts: [.dial, .ticks])
    let replicated = face.staticParts.sublayers.compactMap { $0 as? ReplicatorLayer }
    #expect(replicated.map(\.instanceCount) == [12, 12])
    let side = Int(size)
    let drawn = try ImagePixels.pngData(
      of: face.layer.presentation(at: 0), width: side, height: side)
    for replicator in replicated { replicator.removeFromSuperlayer() }
    for ticks in ticksAsPaths(of: face) { face.staticParts.addSublayer(ticks) }
    let before = try ImagePixels.pngData(of: face.layer, width: side, height: side)
    let difference = try #require(ImagePixels.mismatch(drawn, before, channelTolerance: 0))
    #expect(
      difference.largest == 0, "\(name) at \(size): \(difference)")
  }
}
