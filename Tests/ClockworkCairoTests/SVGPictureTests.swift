import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkCairo

/// SVG pictures drawn as pixels (as the release binary must: Cairo is linked into it, and
/// librsvg draws with the shared copy) look as they do drawn as paths.
@Suite struct SVGPictureTests {
  let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
      <circle cx="20" cy="20" r="18" fill="#f4e3c1" stroke="#7a3b10" stroke-width="3"/>
      <rect x="12" y="24" width="16" height="8" fill="#3060c0"/>
    </svg>
    """

  /// The picture at `frame` in a 120×120 scene turned by `angle`.
  func scene(frame: Rect, angle: Double) -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    let picture = ImageLayer()
    picture.frame = frame
    picture.image = ImageData(bytes: Data(svg.utf8), format: .svg)
    picture.transform = AffineTransform(rotation: angle)
    root.addSublayer(picture)
    return root
  }

  func draw(_ scene: Layer, asPixels: Bool) throws -> CairoSurface {
    let renderer = Renderer()
    renderer.drawsSVGAsPixels = asPixels
    return try renderer.renderImage(scene.presentation(at: 0), width: 120, height: 120)
  }

  /// The largest channel difference, and the mean one, over every pixel.
  func difference(_ a: CairoSurface, _ b: CairoSurface) -> (largest: Int, mean: Double) {
    var (largest, total) = (0, 0)
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
        for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b), (p.a, q.a)] {
          let d = abs(Int(u) - Int(v))
          largest = max(largest, d)
          total += d
        }
      }
    }
    return (largest, Double(total) / Double(a.width * a.height * 4))
  }

  @Test(arguments: [
    (Rect(x: 10, y: 10, width: 40, height: 40), 0.0),
    (Rect(x: 20, y: 20, width: 80, height: 80), 0.0),
    (Rect(x: 20, y: 20, width: 80, height: 80), 0.5),
  ])
  func pixelsMatchPaths(frame: Rect, angle: Double) throws {
    let paths = try draw(scene(frame: frame, angle: angle), asPixels: false)
    let pixels = try draw(scene(frame: frame, angle: angle), asPixels: true)
    let (x, y) = (Int(frame.midX), Int(frame.minY + frame.height * 0.3))
    // Inside the shapes both agree.
    #expect(pixels.pixel(x: x, y: y) == paths.pixel(x: x, y: y))
    #expect(paths.pixel(x: x, y: Int(frame.midY)).a == 255)
    // Drawn in the target's own pixels, turned or not: no resampling, so no softer edge.
    let (largest, mean) = difference(paths, pixels)
    #expect(mean < 0.5, "mean channel difference \(mean)")
    #expect(largest <= 8, "largest channel difference \(largest)")
  }

  @Test func aPDFPageGetsThePictureAsAnImage() throws {
    let dir = try TemporaryDirectory()
    let renderer = Renderer()
    renderer.drawsSVGAsPixels = true
    let pdf = dir.file("picture.pdf")
    try renderer.write(
      scene(frame: Rect(x: 20, y: 20, width: 80, height: 80), angle: 0).presentation(at: 0),
      width: 120, height: 120, to: pdf, format: .pdf)
    let text = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
    #expect(text.hasPrefix("%PDF") && text.contains("/Subtype /Image"))
  }

  @Test func theTestBuildDrawsPathsThroughTheSharedCairo() {
    // Debug builds link the shared libcairo, as librsvg does.
    #expect(SVGDocument.drawsAsPaths)
  }
}
