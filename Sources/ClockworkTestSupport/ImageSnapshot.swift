import ClockworkCairo
import ClockworkScene
import Foundation
import SnapshotTesting

extension Snapshotting where Value == Layer, Format == Data {
  /// Renders a layer tree to PNG and compares it with the reference pixel by pixel: a pixel
  /// matches when no channel differs by more than `channelTolerance`, and the snapshot matches
  /// when at most `mismatchFraction` of the pixels do not (fonts and anti-aliasing differ
  /// slightly between machines).
  ///
  /// ```swift
  /// assertSnapshot(of: face.layer, as: .png(width: 200, height: 200))
  /// ```
  public static func png(
    width: Int, height: Int, channelTolerance: Int = 8, mismatchFraction: Double = 0.005
  ) -> Snapshotting {
    Snapshotting(
      pathExtension: "png",
      diffing: .pixels(channelTolerance: channelTolerance, mismatchFraction: mismatchFraction),
      asyncSnapshot: { layer in
        Async { callback in
          let data = (try? ImagePixels.pngData(of: layer, width: width, height: height)) ?? Data()
          callback(data)
        }
      })
  }
}

extension Diffing where Value == Data {
  /// Compares PNG bytes by their decoded pixels.
  public static func pixels(channelTolerance: Int, mismatchFraction: Double) -> Diffing {
    Diffing.diff(
      toData: { $0 }, fromData: { $0 },
      diffV2: { reference, actual in
        guard
          let mismatch = ImagePixels.mismatch(reference, actual, channelTolerance: channelTolerance)
        else {
          return ("the images have different sizes or could not be decoded", [])
        }
        guard mismatch.fraction > mismatchFraction else { return nil }
        return (
          "\(mismatch.count) pixels (\(String(format: "%.2f", mismatch.fraction * 100)) %) differ by more than \(channelTolerance); largest difference \(mismatch.largest)",
          []
        )
      })
  }
}

/// Pixel-level helpers for image tests.
public enum ImagePixels {
  /// `layer` rendered to PNG at `width`×`height` pixels.
  public static func pngData(of layer: Layer, width: Int, height: Int) throws -> Data {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clockwork-snap-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: dir) }
    try Renderer().write(layer, width: width, height: height, to: dir, format: .png)
    return try Data(contentsOf: dir)
  }

  /// The pixels of `png`; `nil` when Cairo cannot read it.
  public static func decode(_ png: Data) -> CairoSurface? {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clockwork-decode-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: url) }
    guard (try? png.write(to: url)) != nil else { return nil }
    return try? CairoSurface.png(contentsOf: url)
  }

  /// How many pixels differ beyond the tolerance, or `nil` if the images cannot be compared.
  public static func mismatch(_ a: Data, _ b: Data, channelTolerance: Int) -> (
    count: Int, fraction: Double, largest: Int
  )? {
    guard let x = decode(a), let y = decode(b), x.width == y.width, x.height == y.height else {
      return nil
    }
    var count = 0
    var largest = 0
    for row in 0..<x.height {
      for column in 0..<x.width {
        let d = x.pixel(x: column, y: row).difference(from: y.pixel(x: column, y: row))
        largest = max(largest, d)
        if d > channelTolerance { count += 1 }
      }
    }
    return (count, Double(count) / Double(max(1, x.width * x.height)), largest)
  }
}
