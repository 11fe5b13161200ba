import CCairo
import Testing

@testable import ClockworkCairo

/// The shadow's blur against the plainest one: each sample the truncated mean of the 2r+1
/// around it, the edges extended, three times across and three times down.
@Suite struct ShadowBlurTests {
  func reference(_ samples: [[Int]], r: Int) -> [[Int]] {
    var image = samples
    let (height, width) = (image.count, image[0].count)
    func mean(_ line: [Int]) -> [Int] {
      line.indices.map { i in
        (i - r...i + r).reduce(0) { $0 + line[min(max($1, 0), line.count - 1)] } / (2 * r + 1)
      }
    }
    for _ in 0..<3 {
      image = image.map(mean)
      for x in 0..<width {
        let column = mean((0..<height).map { image[$0][x] })
        for y in 0..<height { image[y][x] = column[y] }
      }
    }
    return image
  }

  /// An A8 surface of `samples`, blurred by the renderer, read back.
  func blurred(_ samples: [[Int]], radius: Double) throws -> [[Int]] {
    let (height, width) = (samples.count, samples[0].count)
    let surface = try CairoSurface.image(width: width, height: height, format: CAIRO_FORMAT_A8)
    let data = try #require(cairo_image_surface_get_data(surface.handle))
    for (y, row) in samples.enumerated() {
      for (x, value) in row.enumerated() { data[y * surface.stride + x] = UInt8(value) }
    }
    Renderer.boxBlurAlpha(surface, radius: radius)
    return (0..<height).map { y in (0..<width).map { x in Int(data[y * surface.stride + x]) } }
  }

  /// A thin diagonal stroke in a box mostly empty, as a turned hand's silhouette is; one
  /// touching the edges; and a busy pattern everywhere.
  @Test(arguments: [1.2, 3.0, 7.5])
  func matchesThePlainBlur(radius: Double) throws {
    let r = Int((radius * 0.9).rounded())
    let stroke = (0..<40).map { y in (0..<56).map { x in abs(x - y - 8) < 2 ? 255 : 0 } }
    let edges = (0..<30).map { y in (0..<30).map { x in x == 0 || y == 29 ? 200 : 0 } }
    let noise = (0..<25).map { y in (0..<33).map { x in (x * 37 + y * 91 + x * y * 13) % 256 } }
    for samples in [stroke, edges, noise] {
      #expect(try blurred(samples, radius: radius) == reference(samples, r: r))
    }
  }
}
