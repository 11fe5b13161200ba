import ClockworkCairo
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkCairo

/// Small scenes whose pixels are known.
@Suite struct RendererProbeTests {
  let red = Color(hex: 0xFF0000)
  let blue = Color(hex: 0x0000FF)
  let transparent = PixelColor(r: 0, g: 0, b: 0, a: 0)
  let opaqueRed = PixelColor(r: 255, g: 0, b: 0, a: 255)

  func render(_ layer: Layer, _ width: Int = 100, _ height: Int = 100) throws -> CairoSurface {
    try Renderer().renderImage(layer, width: width, height: height)
  }

  func root(_ width: Double = 100, _ height: Double = 100) -> Layer {
    let layer = Layer()
    layer.frame = Rect(x: 0, y: 0, width: width, height: height)
    return layer
  }

  @Test func filledRectCoversExactlyItsPixels() throws {
    let scene = root(40, 40)
    let box = Layer()
    box.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    box.backgroundColor = red
    scene.addSublayer(box)
    let image = try render(scene, 40, 40)
    #expect(image.pixel(x: 10, y: 10) == opaqueRed)
    #expect(image.pixel(x: 29, y: 29) == opaqueRed)
    #expect(image.pixel(x: 9, y: 10) == transparent)
    #expect(image.pixel(x: 30, y: 29) == transparent)
    #expect(image.pixel(x: 10, y: 30) == transparent)
  }

  @Test func handPivotsAboutItsAnchorPoint() throws {
    let scene = root()
    let hand = Layer()
    hand.bounds = Rect(x: 0, y: 0, width: 6, height: 40)
    hand.anchorPoint = Point(x: 0.5, y: 1)
    hand.position = Point(x: 50, y: 50)
    hand.backgroundColor = red
    hand.transform = AffineTransform(rotation: .pi / 2)  // 3 o'clock
    scene.addSublayer(hand)
    let image = try render(scene)
    #expect(image.pixel(x: 80, y: 50) == opaqueRed)  // along the 3 o'clock ray
    #expect(image.pixel(x: 52, y: 50) == opaqueRed)
    #expect(image.pixel(x: 50, y: 30) == transparent)  // where it pointed before turning
    #expect(image.pixel(x: 30, y: 50) == transparent)  // 9 o'clock
    #expect(image.pixel(x: 95, y: 50) == transparent)  // beyond the tip
  }

  @Test func strokeEndQuarterCoversTheFirstQuarterFromTwelve() throws {
    let scene = root()
    let ring = ShapeLayer()
    ring.frame = scene.bounds
    ring.path = Path.circle(center: Point(x: 50, y: 50), radius: 40)
    ring.fillColor = nil
    ring.strokeColor = red
    ring.lineWidth = 6
    ring.strokeEnd = 0.25
    scene.addSublayer(ring)
    let image = try render(scene)
    func probe(_ degrees: Double) -> PixelColor {
      let p = Point(onCircleAround: Point(x: 50, y: 50), radius: 40, angle: degrees * .pi / 180)
      return image.pixel(x: Int(p.x), y: Int(p.y))
    }
    for degrees in [3.0, 20, 45, 70, 87] {
      #expect(probe(degrees).r > 200 && probe(degrees).a > 200, "at \(degrees)°")
    }
    for degrees in [95.0, 135, 180, 225, 315, 355] {
      #expect(probe(degrees).a == 0, "at \(degrees)°")
    }
  }

  @Test func gradientThroughAMask() throws {
    let scene = root()
    let gradient = GradientLayer()
    gradient.frame = scene.bounds
    gradient.colors = [red, blue]
    gradient.startPoint = Point(x: 0, y: 0.5)
    gradient.endPoint = Point(x: 1, y: 0.5)
    let ring = ShapeLayer()
    ring.frame = scene.bounds
    ring.path = Path.circle(center: Point(x: 50, y: 50), radius: 40)
    ring.fillColor = nil
    ring.strokeColor = .white
    ring.lineWidth = 10
    gradient.mask = ring
    scene.addSublayer(gradient)
    let image = try render(scene)
    let left = image.pixel(x: 10, y: 50)  // on the ring, left: mostly red
    let right = image.pixel(x: 90, y: 50)  // on the ring, right: mostly blue
    #expect(left.a == 255 && left.r > 200 && left.b < 60)
    #expect(right.a == 255 && right.b > 200 && right.r < 60)
    #expect(image.pixel(x: 50, y: 50) == transparent)  // inside the ring: masked out
    #expect(image.pixel(x: 2, y: 2) == transparent)
  }

  @Test func conicGradientSweepsClockwiseFromTwelve() throws {
    let scene = root()
    let gradient = GradientLayer()
    gradient.frame = scene.bounds
    gradient.kind = .conic
    gradient.startPoint = Point(x: 0.5, y: 0.5)
    gradient.colors = [red, blue]
    scene.addSublayer(gradient)
    let image = try render(scene)
    let justAfterTwelve = image.pixel(x: 52, y: 10)
    let sixOClock = image.pixel(x: 50, y: 90)
    let justBeforeTwelve = image.pixel(x: 47, y: 10)
    #expect(justAfterTwelve.r > 240 && justAfterTwelve.b < 20)
    #expect(abs(Int(sixOClock.r) - 128) < 10 && abs(Int(sixOClock.b) - 128) < 10)
    #expect(justBeforeTwelve.b > 240 && justBeforeTwelve.r < 20)
  }

  @Test func opacityComposites() throws {
    let scene = root(20, 20)
    scene.backgroundColor = .black
    let veil = Layer()
    veil.frame = scene.bounds
    veil.backgroundColor = .white
    veil.opacity = 0.5
    scene.addSublayer(veil)
    let pixel = try render(scene, 20, 20).pixel(x: 10, y: 10)
    #expect(
      pixel.a == 255 && abs(Int(pixel.r) - 128) <= 1 && pixel.r == pixel.g && pixel.g == pixel.b)
  }

  @Test func opacityAppliesToTheGroupNotEachChild() throws {
    // Two overlapping opaque children in a half-transparent parent: the overlap is not darker.
    let scene = root(40, 20)
    let parent = Layer()
    parent.frame = scene.bounds
    parent.opacity = 0.5
    for x in [0.0, 10] {
      let child = Layer()
      child.frame = Rect(x: x, y: 0, width: 20, height: 20)
      child.backgroundColor = red
      parent.addSublayer(child)
    }
    scene.addSublayer(parent)
    let image = try render(scene, 40, 20)
    #expect(image.pixel(x: 5, y: 10) == image.pixel(x: 15, y: 10))
    #expect(abs(Int(image.pixel(x: 15, y: 10).a) - 128) <= 1)
  }

  @Test func hardShadowSitsAtTheOffset() throws {
    let scene = root(60, 60)
    let box = Layer()
    box.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    box.backgroundColor = red
    box.shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 10, height: 10), radius: 0)
    scene.addSublayer(box)
    let image = try render(scene, 60, 60)
    #expect(image.pixel(x: 35, y: 35) == PixelColor(r: 0, g: 0, b: 0, a: 255))  // shadow only
    #expect(image.pixel(x: 15, y: 15) == opaqueRed)  // the box covers its own shadow
    #expect(image.pixel(x: 45, y: 45) == transparent)
  }

  /// A still shape's coverage, kept from pass to pass, paints what drawing it again paints,
  /// under each pass's clip, beside a shape that turns.
  @Test func aStillShapesKeptCoverageIsWhatDrawingItAgainPaints() throws {
    let model = root(80, 80)
    let hand = ShapeLayer()
    hand.frame = model.bounds
    hand.path = .rect(Rect(x: 39, y: 10, width: 2, height: 30))
    hand.fillColor = red
    let cap = ShapeLayer()
    cap.frame = model.bounds
    cap.path = .circle(center: Point(x: 40, y: 40), radius: 4.3)
    cap.fillColor = Color(red: 0.9, green: 0.8, blue: 0.1)
    for shape in [hand, cap] {
      shape.shadow = Shadow(
        color: .black, opacity: 0.6, offset: Size(width: 1.5, height: 2), radius: 0.2)
      model.addSublayer(shape)
    }
    let kept = Renderer()
    for (pass, clip) in [
      Rect(x: 0, y: 0, width: 80, height: 80), Rect(x: 30, y: 5, width: 30, height: 45),
      Rect(x: 38, y: 38, width: 5, height: 5), Rect(x: 20, y: 41, width: 50, height: 30),
    ].enumerated() {
      hand.transform = AffineTransform(rotation: Double(pass) * 0.4)
      let (ours, fresh) = try (
        CairoSurface.image(width: 80, height: 80), CairoSurface.image(width: 80, height: 80)
      )
      try kept.render(model.presentation(at: 0), on: ours, clip: clip)
      try Renderer().render(model.presentation(at: 0), on: fresh, clip: clip)
      #expect(ours.withPixels { p, _ in Array(p) } == fresh.withPixels { p, _ in Array(p) })
    }
    #expect(kept.keptCoverages.values.filter { $0.surface != nil }.count == 1)
  }

  @Test func shadowBlurredUnderAPixelIsDrawnSharpAtTheScaledOffset() throws {
    // Drawn at half size: a 1-point blur is half a pixel, the 20-point offset 10 pixels.
    let scene = root(60, 60)
    let group = Layer()
    group.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    group.anchorPoint = .zero
    group.position = .zero
    group.transform = AffineTransform(scale: 0.5)
    let box = ShapeLayer()  // a plain shape: its path is the shadow
    box.frame = Rect(x: 20, y: 20, width: 40, height: 40)
    box.path = .rect(box.bounds)
    box.fillColor = red
    box.shadow = Shadow(color: .black, opacity: 0.5, offset: Size(width: 20, height: 20), radius: 1)
    group.addSublayer(box)
    scene.addSublayer(group)
    let image = try render(scene, 60, 60)
    #expect(image.pixel(x: 15, y: 15) == opaqueRed)
    #expect(abs(Int(image.pixel(x: 35, y: 35).a) - 128) <= 1, "the shadow only, at half opacity")
    #expect(
      abs(Int(image.pixel(x: 39, y: 25).a) - 128) <= 1 && image.pixel(x: 40, y: 25) == transparent,
      "a sharp edge at x = 40")
  }

  /// A plain shape and its sharp shadow are rasterized once and painted twice: a clip that
  /// holds only the shadow still shows it, a clip that holds only the shape shows that, and a
  /// fractional offset lands on whole pixels.
  @Test func aSharpShadowIsDrawnWhereverTheClipShowsIt() throws {
    let scene = root(60, 60)
    let box = ShapeLayer()
    box.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    box.path = .rect(box.bounds)
    box.fillColor = red
    box.shadow = Shadow(
      color: .black, opacity: 1, offset: Size(width: 10.3, height: 9.6), radius: 0)
    scene.addSublayer(box)
    let shadowOnly = try CairoSurface.image(width: 60, height: 60)
    try Renderer().render(scene, on: shadowOnly, clip: Rect(x: 32, y: 32, width: 8, height: 8))
    #expect(shadowOnly.pixel(x: 35, y: 35) == PixelColor(r: 0, g: 0, b: 0, a: 255))
    #expect(shadowOnly.pixel(x: 39, y: 39) == PixelColor(r: 0, g: 0, b: 0, a: 255))
    #expect(shadowOnly.pixel(x: 15, y: 15) == transparent, "outside the clip")
    let shapeOnly = try CairoSurface.image(width: 60, height: 60)
    try Renderer().render(scene, on: shapeOnly, clip: Rect(x: 10, y: 10, width: 8, height: 8))
    #expect(shapeOnly.pixel(x: 15, y: 15) == opaqueRed)
    #expect(shapeOnly.pixel(x: 35, y: 35) == transparent, "outside the clip")
    let whole = try render(scene, 60, 60)
    #expect(whole.pixel(x: 39, y: 39) == PixelColor(r: 0, g: 0, b: 0, a: 255))
    #expect(whole.pixel(x: 40, y: 40) == transparent, "the offset rounded to (10, 10)")
  }

  @Test func blurredShadowFallsOffSmoothly() throws {
    let scene = root(80, 80)
    let box = Layer()
    box.frame = Rect(x: 20, y: 20, width: 30, height: 30)
    box.backgroundColor = red
    box.shadow = Shadow(color: .black, opacity: 0.8, offset: Size(width: 0, height: 8), radius: 6)
    scene.addSublayer(box)
    let image = try render(scene, 80, 80)
    // Below the box, the shadow fades with distance.
    let alphas = (50..<66).map { Int(image.pixel(x: 35, y: $0).a) }
    #expect(alphas.first! > 100)
    #expect(alphas.last! < 20)
    for (a, b) in zip(alphas, alphas.dropFirst()) { #expect(b <= a) }
    #expect(alphas.first! <= 204)  // never darker than its opacity
  }

  func label(_ string: String) -> Layer {
    let scene = root(200, 60)
    let label = TextLayer()
    label.frame = Rect(x: 0, y: 0, width: 200, height: 60)
    label.string = string
    label.fontSize = 40
    label.foregroundColor = .white
    label.alignment = .center
    label.verticalAlignment = .center
    scene.addSublayer(label)
    return scene
  }

  func renderText(_ scene: Layer, asOutlines: Bool) throws -> CairoSurface {
    let renderer = Renderer()
    renderer.drawsTextAsPaths = asOutlines
    return try renderer.renderImage(scene, width: 200, height: 60)
  }

  @Test(arguments: [false, true]) func textDrawsInsideItsBoundsCentred(asOutlines: Bool) throws {
    let image = try renderText(label("0:00"), asOutlines: asOutlines)
    var inkX: [Int] = []
    var inkY: [Int] = []
    for y in 0..<60 {
      for x in 0..<200 where image.pixel(x: x, y: y).a > 128 { inkX.append(x); inkY.append(y) }
    }
    #expect(inkX.count > 100)
    let midX = Double(inkX.min()! + inkX.max()!) / 2
    let midY = Double(inkY.min()! + inkY.max()!) / 2
    #expect(abs(midX - 100) < 4)
    #expect(abs(midY - 30) < 3)
  }

  /// The box of pixels more than half covered, and how many there are.
  func ink(_ image: CairoSurface) -> (box: [Int], count: Int) {
    var (box, count) = ([Int.max, Int.max, Int.min, Int.min], 0)
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y).a > 128 {
        box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
        count += 1
      }
    }
    return (box, count)
  }

  @Test func textAsOutlinesLooksAsGlyphsDo() throws {
    let glyphs = ink(try renderText(label("12:45"), asOutlines: false))
    let outlines = ink(try renderText(label("12:45"), asOutlines: true))
    #expect(glyphs.count > 300)
    // The same place, within a pixel (glyphs are placed on whole pixels), and the same weight.
    for (a, b) in zip(glyphs.box, outlines.box) {
      #expect(abs(a - b) <= 1, "\(glyphs) \(outlines)")
    }
    #expect(abs(glyphs.count - outlines.count) * 10 < glyphs.count, "\(glyphs) \(outlines)")
  }

  /// FreeType's outlines, filled, against Cairo's own text path of the same line.
  @Test(
    arguments: [
      (TextLayer.Weight.regular, TextLayer.Alignment.center, TextLayer.VerticalAlignment.center),
      (.bold, .left, .top), (.regular, .right, .baseline),
    ])
  func glyphOutlinesAreCairosTextPath(
    weight: TextLayer.Weight, alignment: TextLayer.Alignment,
    verticalAlignment: TextLayer.VerticalAlignment
  ) throws {
    let scene = label("12:45 Ag")
    let text = try #require(scene.sublayers[0] as? TextLayer)
    (text.fontWeight, text.alignment, text.verticalAlignment) = (
      weight, alignment, verticalAlignment
    )
    let images = try [true, false].map { readsOutlines in
      let renderer = Renderer()
      renderer.drawsTextAsPaths = true
      renderer.readsGlyphOutlines = readsOutlines
      return try renderer.renderImage(scene, width: 200, height: 60)
    }
    var (largest, inked) = (0, 0)
    for y in 0..<60 {
      for x in 0..<200 {
        let (ours, cairos) = (images[0].pixel(x: x, y: y).a, images[1].pixel(x: x, y: y).a)
        largest = max(largest, abs(Int(ours) - Int(cairos)))
        if cairos > 128 { inked += 1 }
      }
    }
    #expect(inked > 400)
    // Cairo rounds its outlines to 1/64 pixel and samples coverage in 15 rows a pixel: an edge a
    // 128th of a pixel away may cross one row, 17 of 255.
    #expect(largest <= 17, "coverage differs by up to \(largest) of 255")
  }

  @Test func glyphOutlinesAreLetGoAfterAFewPassesWithoutText() throws {
    let renderer = Renderer()
    renderer.drawsTextAsPaths = true
    let surface = try CairoSurface.image(width: 200, height: 60)
    try renderer.render(label("Ag"), on: surface)  // read with FreeType: not built in
    for _ in 1..<Renderer.glyphOutlinesPassesKept {
      try renderer.render(root(200, 60), on: surface)
      #expect(renderer.glyphOutlines != nil)
    }
    try renderer.render(root(200, 60), on: surface)
    #expect(renderer.glyphOutlines == nil)
  }

  /// Text inside a raster is drawn again only with the raster: the outlines go with its pass.
  @Test func glyphOutlinesOfARasterAreLetGoAtOnce() throws {
    let renderer = Renderer()
    renderer.drawsTextAsPaths = true
    let surface = try CairoSurface.image(width: 200, height: 60)
    let scene = label("Ag")
    scene.sublayers[0].rasterizationKey = "letters"
    try renderer.render(scene, on: surface)
    #expect(!renderer.rasterCache.isEmpty)
    #expect(renderer.glyphOutlines == nil)
  }

  @Test func imageLayerDrawsAPNG() throws {
    // Make a 2×2 PNG with Cairo itself, then show it scaled up.
    let tiny = Layer()
    tiny.frame = Rect(x: 0, y: 0, width: 2, height: 2)
    tiny.backgroundColor = blue
    let dir = try TemporaryDirectory()
    try Renderer().write(tiny, width: 2, height: 2, to: dir.file("tiny.png"), format: .png)
    let scene = root(20, 20)
    let picture = ImageLayer()
    picture.frame = Rect(x: 5, y: 5, width: 10, height: 10)
    picture.image = try ImageData(contentsOf: dir.file("tiny.png"))
    scene.addSublayer(picture)
    let image = try render(scene, 20, 20)
    #expect(image.pixel(x: 10, y: 10) == PixelColor(r: 0, g: 0, b: 255, a: 255))
    #expect(image.pixel(x: 2, y: 2) == transparent)
  }

  @Test func badPNGBytesThrow() throws {
    let scene = root(10, 10)
    let picture = ImageLayer()
    picture.frame = scene.bounds
    picture.image = ImageData(png: Data("not a png".utf8))
    scene.addSublayer(picture)
    #expect(throws: CairoError.self) { try Renderer().renderImage(scene, width: 10, height: 10) }
  }

  @Test func hugeSurfacesFailWithCairosMessage() {
    #expect(throws: CairoError.self) { try CairoSurface.image(width: 100_000, height: 100_000) }
  }
}

/// A replicator of opaque lines is drawn as one path; of anything else, instance by instance.
/// Both look as the instances drawn one by one (Cairo fills a lone upright stroke as a box, so
/// the edges of the ticks at 12, 3, 6 and 9 differ by a few levels).
@Suite struct ReplicatorDrawingTests {
  func ring(strokeAlpha: Double) -> ReplicatorLayer {
    let ring = ReplicatorLayer()
    ring.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    ring.instanceCount = 24
    ring.instanceTransform = AffineTransform(rotation: .pi / 12)
    let tick = ShapeLayer()
    tick.frame = ring.bounds
    tick.path = Path {
      $0.move(to: Point(x: 60, y: 6))
      $0.line(to: Point(x: 60, y: 22))
    }
    tick.fillColor = nil
    tick.strokeColor = Color(red: 0.2, green: 0.6, blue: 1, alpha: strokeAlpha)
    tick.lineWidth = 3
    ring.addSublayer(tick)
    return ring
  }

  @Test(arguments: [1.0, 0.5])
  func aReplicatorLooksAsItsInstancesDrawnOneByOne(strokeAlpha: Double) throws {
    let shown = try #require(ring(strokeAlpha: strokeAlpha).instances() as? ReplicatorLayer)
    #expect(shown.sublayers.count == 24)
    let oneByOne = Layer()
    oneByOne.frame = shown.frame
    for instance in shown.sublayers { oneByOne.addSublayer(instance) }
    let a = try Renderer().renderImage(ring(strokeAlpha: strokeAlpha), width: 120, height: 120)
    let b = try Renderer().renderImage(oneByOne, width: 120, height: 120)
    #expect(a.largestDifference(from: b) <= 16)
    #expect(a.pixel(x: 60, y: 14).a > 0 && a.pixel(x: 60, y: 60).a == 0)
  }
}
