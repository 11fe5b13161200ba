import CPixelBlend
import ClockworkScene
import ClockworkTestSupport
import Testing

@testable import ClockworkCairo

/// Opaque axial gradients written straight into pixels match Cairo's own drawing of them.
@Suite struct AxialFillTests {
  /// The largest difference in any channel of any pixel between the fast fill and Cairo's, and
  /// how many gradients the fast fill drew.
  func compare(
    _ gradient: Layer, width: Int, height: Int, scale: Double = 1, clip: Rect? = nil
  ) throws -> (difference: Int, filled: Int) {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    root.transform = AffineTransform(scale: scale)
    root.anchorPoint = .zero
    root.position = .zero
    root.addSublayer(gradient)
    func draw(fast: Bool) throws -> (CairoSurface, Int) {
      let renderer = Renderer()
      renderer.fillsAxialGradients = fast
      let surface = try CairoSurface.image(width: width, height: height)
      try renderer.render(root.presentation(at: 0), on: surface, clip: clip)
      return (surface, renderer.axialGradientsFilled)
    }
    let (fast, filled) = try draw(fast: true)
    let (cairo, _) = try draw(fast: false)
    var largest = 0
    for y in 0..<height {
      for x in 0..<width {
        largest = max(largest, fast.pixel(x: x, y: y).difference(from: cairo.pixel(x: x, y: y)))
      }
    }
    return (largest, filled)
  }

  func gradient(_ frame: Rect, colors: [Color], from: Point, to: Point) -> GradientLayer {
    let layer = GradientLayer()
    layer.frame = frame
    layer.colors = colors
    (layer.startPoint, layer.endPoint) = (from, to)
    return layer
  }

  @Test(arguments: [
    (Point(x: 0, y: 0), Point(x: 1, y: 1)), (Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)),
    (Point(x: 1, y: 0.2), Point(x: 0, y: 0.7)),
  ])
  func diagonalVerticalAndReversedGradientsMatchCairo(from: Point, to: Point) throws {
    let layer = gradient(
      Rect(x: 10, y: 5, width: 150, height: 90),
      colors: [Color(hex: 0x3DACF7), Color(hex: 0xCE0755), Color(hex: 0xF5B433)], from: from,
      to: to)
    let result = try compare(layer, width: 180, height: 110)
    #expect(result.filled == 1)
    #expect(result.difference <= 1)
  }

  @Test func stopsAtTheirLocationsMatchCairo() throws {
    let layer = gradient(
      Rect(x: 0, y: 0, width: 120, height: 120), colors: [.black, .white, Color(hex: 0x00FF00)],
      from: Point(x: 0, y: 0), to: Point(x: 1, y: 0.5))
    layer.locations = [0.2, 0.25, 0.9]
    let result = try compare(layer, width: 120, height: 120)
    #expect(result.filled == 1)
    #expect(result.difference <= 1)
  }

  @Test func aScaledSceneInAClipBoxMatchesCairo() throws {
    let layer = gradient(
      Rect(x: 0, y: 0, width: 100, height: 80),
      colors: [Color(hex: 0x3DACF7), Color(hex: 0xCE0755)],
      from: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
    let result = try compare(
      layer, width: 240, height: 192, scale: 2.4, clip: Rect(x: 37, y: 20, width: 101, height: 90))
    #expect(result.filled == 1)
    #expect(result.difference <= 1)
  }

  @Test func whatOnlyCairoCanDrawIsLeftToIt() throws {
    let translucent = gradient(
      Rect(x: 0, y: 0, width: 60, height: 60),
      colors: [.white, Color(hex: 0xFF0000).withAlpha(0.5)],
      from: .zero, to: Point(x: 1, y: 1))
    let rounded = gradient(
      Rect(x: 0, y: 0, width: 60, height: 60), colors: [.white, .black], from: .zero,
      to: Point(x: 1, y: 1))
    rounded.cornerRadius = 8
    let betweenPixels = gradient(
      Rect(x: 0.5, y: 0, width: 59, height: 60), colors: [.white, .black], from: .zero,
      to: Point(x: 1, y: 1))
    let noLength = gradient(
      Rect(x: 0, y: 0, width: 60, height: 60), colors: [.white, .black],
      from: Point(x: 0.3, y: 0.3), to: Point(x: 0.3, y: 0.3))
    let turned = gradient(
      Rect(x: 10, y: 10, width: 40, height: 40), colors: [.white, .black], from: .zero,
      to: Point(x: 1, y: 1))
    turned.transform = AffineTransform(rotation: 0.3)
    // In a parent that clips to rounded corners: a clip that is not rectangles.
    let clipped = gradient(
      Rect(x: 0, y: 0, width: 60, height: 60), colors: [.white, .black], from: .zero,
      to: Point(x: 1, y: 1))
    let roundedParent = Layer()
    roundedParent.frame = Rect(x: 0, y: 0, width: 60, height: 60)
    (roundedParent.cornerRadius, roundedParent.masksToBounds) = (12, true)
    roundedParent.addSublayer(clipped)
    for layer in [translucent, rounded, betweenPixels, noLength, turned, roundedParent] {
      let result = try compare(layer, width: 60, height: 60)
      #expect(result.filled == 0)
      #expect(result.difference == 0)
    }
  }

  @Test func vectorSurfacesAreLeftToCairo() throws {
    let folder = try TemporaryDirectory()
    let layer = gradient(
      Rect(x: 0, y: 0, width: 60, height: 60), colors: [.white, .black], from: .zero,
      to: Point(x: 1, y: 1))
    for surface in [
      try CairoSurface.pdf(at: folder.file("g.pdf"), width: 60, height: 60),
      try CairoSurface.svg(at: folder.file("g.svg"), width: 60, height: 60),
    ] {
      let renderer = Renderer()
      try renderer.render(layer.presentation(at: 0), on: surface)
      try surface.finish()
      #expect(renderer.axialGradientsFilled == 0)
    }
  }
}

/// A gradient drawn through a shape from a picture of the gradient matches Cairo's own drawing.
@Suite struct AxialGradientPictureTests {
  func pulse(opacity: Double, scale: Double, stroked: Bool) -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    let gradient = GradientLayer()
    gradient.frame = root.bounds
    gradient.colors = [Color(hex: 0x820B36), Color(hex: 0x7F5E1D)]
    (gradient.startPoint, gradient.endPoint) = (.zero, Point(x: 1, y: 1))
    gradient.opacity = opacity
    gradient.transform = AffineTransform(scale: scale)
    let shape = ShapeLayer()
    shape.frame = root.bounds
    let center = Point(x: 100, y: 100)
    if stroked {
      shape.path = Path.circle(center: center, radius: 70)
      (shape.fillColor, shape.strokeColor, shape.lineWidth) = (nil, .white, 12)
    } else {
      shape.path = Path {
        for radius in [76.0, 64.0] {
          $0.move(to: Point(x: 100 + radius, y: 100))
          $0.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
          $0.close()
        }
      }
      shape.fillRule = .evenOdd
    }
    gradient.mask = shape
    root.backgroundColor = Color(hex: 0x3DACF7)
    root.addSublayer(gradient)
    return root
  }

  @Test(arguments: [
    (0.7, 1.0, false, false), (0.35, 1.13, false, false), (1.0, 1.2, true, false),
    (0.5, 1.07, true, false), (0.6, 1.1, false, true),
  ])
  func aPulseMatchesCairo(opacity: Double, scale: Double, stroked: Bool, inAGroup: Bool) throws {
    var scene = pulse(opacity: opacity, scale: scale, stroked: stroked)
    if inAGroup {
      // A translucent parent with two children is drawn in an offscreen group.
      let parent = Layer()
      parent.frame = scene.bounds
      parent.opacity = 0.8
      let other = Layer()
      other.frame = Rect(x: 10, y: 10, width: 30, height: 30)
      other.backgroundColor = .white
      parent.addSublayer(scene)
      parent.addSublayer(other)
      scene = parent
    }
    scene.transform = AffineTransform(scale: 2.4)
    scene.anchorPoint = .zero
    scene.position = .zero
    func draw(fast: Bool, clip: Rect?) throws -> (CairoSurface, Int) {
      let renderer = Renderer()
      renderer.fillsAxialGradients = fast
      let surface = try CairoSurface.image(width: 480, height: 480)
      try renderer.render(scene.presentation(at: 0), on: surface, clip: clip)
      return (surface, renderer.axialGradientsFilled)
    }
    for clip in [nil, Rect(x: 50, y: 40, width: 200, height: 300)] {
      let (fast, filled) = try draw(fast: true, clip: clip)
      let (cairo, _) = try draw(fast: false, clip: clip)
      var largest = 0
      for y in stride(from: 0, to: 480, by: 3) {
        for x in 0..<480 {
          largest = max(largest, fast.pixel(x: x, y: y).difference(from: cairo.pixel(x: x, y: y)))
        }
      }
      #expect(filled == 1)
      #expect(largest <= 2)
    }
  }
}

/// The pulse's blend four pixels at a time gives the very pixels of the blend one at a time.
@Suite struct RampBlendTests {
  @Test(arguments: [1, 3, 4, 7, 8, 13, 64]) func aRowBlendsAsItsPixelsOneByOne(count: Int) {
    var random = SystemRandomNumberGenerator()
    let table = (0...16).map { UInt32(0xFF00_0000) | UInt32($0 * 0x0F_0A05) }
    // Coverage with runs of nothing (skipped), partial and full cover; translucent pixels under.
    let cover = (0..<count).map { index -> UInt8 in
      index % 11 < 3 ? 0 : index % 5 == 0 ? 255 : UInt8.random(in: 1...254, using: &random)
    }
    let under = (0..<count).map { _ -> UInt32 in
      let alpha = UInt32.random(in: 0...255, using: &random)
      let channel = { UInt32.random(in: 0...alpha, using: &random) }
      return alpha << 24 | channel() << 16 | channel() << 8 | channel()
    }
    let (start, step): (Int64, Int64) = (-0x3_0000, 0x1_8000)  // from before the ramp to past it
    var row = under
    var single = under
    cw_blend_ramp_row(&row, cover, Int32(count), table, 16, start, step)
    for index in 0..<count {
      single.withUnsafeMutableBufferPointer { pixels in
        cover.withUnsafeBufferPointer { covered in
          cw_blend_ramp_row(
            pixels.baseAddress! + index, covered.baseAddress! + index, 1, table, 16,
            start + Int64(index) * step, step)
        }
      }
    }
    #expect(row == single)
    // Pixel 5 is fully covered: the row has changed (a partial cover alone may round to none).
    #expect(count <= 5 || row != under)
  }
}
