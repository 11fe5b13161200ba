import ClockworkCairo
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// SVG and PDF output are valid documents that other tools render to the expected pixels.
@Suite struct VectorOutputTests {
  /// A red disc on the left half and a blue box on the right.
  func scene() -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
    root.backgroundColor = .white
    let disc = ShapeLayer()
    disc.frame = root.bounds
    disc.path = Path.circle(center: Point(x: 50, y: 50), radius: 40)
    disc.fillColor = Color(hex: 0xFF0000)
    let box = Layer()
    box.frame = Rect(x: 120, y: 20, width: 60, height: 60)
    box.backgroundColor = Color(hex: 0x0000FF)
    box.shadow = Shadow(opacity: 0.5, offset: Size(width: 4, height: 4), radius: 3)
    root.addSublayer(disc)
    root.addSublayer(box)
    return root
  }

  func checkProbes(_ image: CairoSurface) {
    let red = image.pixel(x: 50, y: 50)
    let blue = image.pixel(x: 150, y: 50)
    let white = image.pixel(x: 100, y: 5)
    #expect(red.r > 240 && red.g < 20 && red.b < 20, "\(red)")
    #expect(blue.b > 240 && blue.r < 20 && blue.g < 20, "\(blue)")
    #expect(white.r > 240 && white.g > 240 && white.b > 240, "\(white)")
  }

  @Test func svgIsWellFormedAndRendersWithRsvg() throws {
    let dir = try TemporaryDirectory()
    let svg = dir.file("scene.svg")
    try Renderer().write(scene(), width: 200, height: 100, to: svg, format: .svg)
    let parser = XMLParser(data: try Data(contentsOf: svg))
    #expect(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
    #expect(try runTool("rsvg-convert", ["-o", dir.file("scene.png").path, svg.path]) == 0)
    let image = try CairoSurface.png(contentsOf: dir.file("scene.png"))
    #expect(image.width == 200 && image.height == 100)
    checkProbes(image)
  }

  @Test func pdfRendersWithPdftoppm() throws {
    let dir = try TemporaryDirectory()
    let pdf = dir.file("scene.pdf")
    try Renderer().write(scene(), width: 200, height: 100, to: pdf, format: .pdf)
    #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
    #expect(
      try runTool("pdftoppm", ["-png", "-r", "72", "-singlefile", pdf.path, dir.file("page").path])
        == 0)
    let image = try CairoSurface.png(contentsOf: dir.file("page.png"))
    #expect(image.width == 200 && image.height == 100)
    checkProbes(image)
  }

  @Test func pngMatchesTheImageSurface() throws {
    let dir = try TemporaryDirectory()
    try Renderer().write(scene(), width: 200, height: 100, to: dir.file("scene.png"), format: .png)
    checkProbes(try CairoSurface.png(contentsOf: dir.file("scene.png")))
    #expect(try dir.contents() == ["scene.png"])  // no temporary left behind
  }

  @Test func unwritablePathThrowsAndLeavesNothing() throws {
    let dir = try TemporaryDirectory()
    let missing = dir.file("no-such-dir/scene.png")
    #expect(throws: (any Error).self) {
      try Renderer().write(scene(), width: 20, height: 20, to: missing, format: .png)
    }
    #expect(try dir.contents().isEmpty)
  }
}
