import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkCairo

@Suite struct RasterStoreTests {
  /// A dial-like subtree with text, rasterized under a key, and a hand that is not.
  func scene(lasting: Bool = true) -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 64, height: 48)
    root.anchorPoint = .zero
    let dial = Layer()
    dial.frame = root.bounds
    dial.backgroundColor = Color(red: 1, green: 1, blue: 1)
    dial.rasterizationKey = "test-dial"
    dial.rasterizationLasts = lasting
    let label = TextLayer()
    label.frame = Rect(x: 4, y: 4, width: 56, height: 20)
    label.string = "12"
    label.fontSize = 14
    label.foregroundColor = Color(red: 0, green: 0, blue: 0)
    dial.addSublayer(label)
    root.addSublayer(dial)
    return root
  }

  func pixels(_ surface: CairoSurface) -> [UInt32] {
    surface.withPixels { words, _ in Array(words) }
  }

  /// The scene drawn by a new renderer (an empty raster cache) that keeps rasters in `store`.
  func draw(with store: RasterStore, width: Int = 64, height: Int = 48, lasting: Bool = true) throws
    -> CairoSurface
  {
    let renderer = Renderer()
    renderer.rasterStore = store
    return try renderer.renderImage(scene(lasting: lasting), width: width, height: height)
  }

  func storedFiles(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".argb") }
  }

  @Test func aSecondRendererReadsWhatTheFirstStored() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path + "/rasters")
    let drawn = try draw(with: store)
    #expect(try storedFiles(store.directory).count == 1)
    #expect(pixels(try draw(with: store)) == pixels(drawn))
  }

  /// The folder and the ones above it are made: one level up by `mkdir`, more by FileManager.
  @Test(arguments: ["clockwork/rasters", "a/b/c/rasters"])
  func missingFoldersAreMade(_ folders: String) throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path + "/" + folders)
    _ = try draw(with: store)
    #expect(try storedFiles(store.directory).count == 1)
  }

  @Test func aRasterThatDoesNotLastStaysInMemory() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path)
    let drawn = try draw(with: store, lasting: false)
    #expect(try storedFiles(dir.url.path).isEmpty)
    #expect(pixels(drawn) == pixels(try draw(with: store)))
  }

  @Test func storedPixelsAreUsedInsteadOfDrawing() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path)
    _ = try draw(with: store)
    let file = try #require(try storedFiles(dir.url.path).first)
    // Replace the stored pixels with opaque red: a renderer that reads them shows red.
    var data = try Data(contentsOf: dir.file(file))
    let red: UInt32 = 0xFFFF_0000
    for offset in stride(from: 12, to: data.count, by: 4) {
      withUnsafeBytes(of: red) { data.replaceSubrange(offset..<offset + 4, with: $0) }
    }
    try data.write(to: dir.file(file))
    #expect(pixels(try draw(with: store)).allSatisfy { $0 == red })
  }

  @Test func aTruncatedFileIsDrawnAgain() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path)
    let drawn = try draw(with: store)
    let file = try #require(try storedFiles(dir.url.path).first)
    try Data(try Data(contentsOf: dir.file(file)).prefix(100)).write(to: dir.file(file))
    #expect(pixels(try draw(with: store)) == pixels(drawn))
  }

  @Test func onlyTheNewestAreKept() throws {
    let dir = try TemporaryDirectory()
    var store = RasterStore(directory: dir.url.path)
    store.capacity = 2
    for size in [20, 30, 40] { _ = try draw(with: store, width: size, height: size) }
    #expect(try storedFiles(dir.url.path).count == 2)
  }
}

/// The in-memory raster cache: keys that change by the minute must not pile up rasters.
@Suite struct RasterCacheTests {
  func rasterized(key: String, side: Double) -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: side, height: side)
    let part = Layer()
    part.frame = root.bounds
    part.backgroundColor = Color(hex: 0x336699)
    part.rasterizationKey = key
    root.addSublayer(part)
    return root
  }

  @Test func smallRastersAreKeptUpToACount() throws {
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 64, height: 64)
    for minute in 0..<10 {
      try renderer.render(rasterized(key: "hands \(minute)", side: 64), on: surface)
    }
    #expect(renderer.rasterCache.count == Renderer.rasterCacheCapacity.count)
    #expect(renderer.rasterCache.keys.contains { $0.key == "hands 9" })
  }

  /// A clock's hands over its dial: the hands' raster has the dial's drawn into it.
  func hands(_ minute: Int, side: Double) -> Layer {
    let root = rasterized(key: "hands \(minute)", side: side)
    let dial = Layer()
    dial.frame = root.bounds
    dial.borderWidth = 2
    dial.rasterizationKey = "dial"
    root.sublayers[0].addSublayer(dial)
    return root
  }

  @Test func rastersNotDrawnForAFewPassesGoButNotOnesInsideThoseDrawn() throws {
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 64, height: 64)
    for _ in 0..<(2 * Renderer.rasterPassesKept) {
      try renderer.render(hands(0, side: 64), on: surface)
    }
    // The dial is not drawn again while the hands' raster is, but is still needed under them.
    #expect(Set(renderer.rasterCache.keys.map(\.key)) == ["dial", "hands 0"])
    for _ in 0..<Renderer.rasterPassesKept {
      try renderer.render(hands(1, side: 64), on: surface)
    }
    #expect(Set(renderer.rasterCache.keys.map(\.key)) == ["dial", "hands 1"])
  }

  /// As a clock draws its frames: a presentation copy of the same model each pass, the hands'
  /// key changing at a minute's step.
  @Test func aLayerWithANewKeyDropsItsOldRasterBeforeDrawingTheNewOne() throws {
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 64, height: 64)
    let model = hands(0, side: 64)
    for minute in 1...3 {
      model.sublayers[0].rasterizationKey = "hands \(minute)"
      try renderer.render(model.presentation(at: Double(minute)), on: surface)
      #expect(Set(renderer.rasterCache.keys.map(\.key)) == ["dial", "hands \(minute)"])
    }
  }

  /// A backdrop covers every pixel: its raster is copied rather than blended, and looks the same.
  @Test(arguments: [1.0, 0.5]) func anOpaqueRasterIsPaintedAsACopy(alpha: Double) throws {
    let tree = rasterized(key: "backdrop", side: 64)
    tree.sublayers[0].backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: alpha)
    let ring = Layer()
    ring.frame = Rect(x: 16, y: 16, width: 32, height: 32)
    ring.borderWidth = 3
    ring.borderColor = Color(hex: 0xFFCC00)
    tree.addSublayer(ring)
    let renderer = Renderer()
    var surface = try CairoSurface.image(width: 64, height: 64)
    for _ in 0..<2 {  // the raster drawn, then found
      surface = try CairoSurface.image(width: 64, height: 64)
      try renderer.render(tree, on: surface, clip: Rect(x: 8, y: 8, width: 40, height: 40))
    }
    #expect((renderer.rasterCache.values.first?.opaqueView != nil) == (alpha == 1))
    tree.sublayers[0].rasterizationKey = nil
    let drawn = try CairoSurface.image(width: 64, height: 64)
    try Renderer().render(tree, on: drawn, clip: Rect(x: 8, y: 8, width: 40, height: 40))
    let differing = (0..<64 * 64).filter {
      surface.pixel(x: $0 % 64, y: $0 / 64) != drawn.pixel(x: $0 % 64, y: $0 / 64)
    }
    #expect(differing.isEmpty)
  }

  /// A background is painted under the clip unless a kept opaque raster is drawn first and whole:
  /// the pixels match a clear-then-draw however the raster is held.
  @Test(arguments: ["opaque", "translucent", "faded parent", "clipping parent", "parent paints"])
  func aBackgroundIsSkippedOnlyUnderAnOpaqueRaster(holder: String) throws {
    let tree = rasterized(key: "backdrop", side: 64)
    tree.sublayers[0].frame = Rect(x: 0, y: 0, width: 64, height: 64)
    switch holder {
    case "translucent": tree.sublayers[0].backgroundColor = Color(hex: 0x336699).withAlpha(0.5)
    case "faded parent": tree.opacity = 0.5
    case "clipping parent":
      tree.masksToBounds = true
      tree.cornerRadius = 20
    case "parent paints": tree.backgroundColor = Color(hex: 0xFFCC00).withAlpha(0.5)
    default: break
    }
    let background = Color(hex: 0x1C1C1E)
    let clip = Rect(x: 0, y: 0, width: 64, height: 64)
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 64, height: 64)
    for _ in 0..<2 {  // the raster drawn, then found
      surface.clear(to: Color(hex: 0xFF0000), in: clip)  // what the last frame left
      try renderer.render(tree, on: surface, clip: clip, background: background)
    }
    let expected = try CairoSurface.image(width: 64, height: 64)
    expected.clear(to: background)
    try Renderer().render(tree, on: expected)
    #expect(
      renderer.startsWithOpaqueRaster(tree, in: try CairoContext(surface: surface))
        == (holder == "opaque"))
    let differing = (0..<64 * 64).count {
      surface.pixel(x: $0 % 64, y: $0 / 64) != expected.pixel(x: $0 % 64, y: $0 / 64)
    }
    #expect(differing == 0)
  }

  @Test func aKeyNestedInItselfIsDrawnAgainWithoutLooping() throws {
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 64, height: 64)
    let tree = rasterized(key: "same", side: 64)
    let inner = Layer()
    inner.frame = tree.bounds
    inner.rasterizationKey = "same"
    tree.sublayers[0].addSublayer(inner)
    for _ in 0..<3 { try renderer.render(tree, on: surface) }
    #expect(renderer.rasterCache.count == 1)
  }

  @Test func treesDrawnInTurnKeepTheirRasters() throws {
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 64, height: 64)
    let trees = (0..<3).map { rasterized(key: "face \($0)", side: 64) }
    for _ in 0..<3 {
      for tree in trees { try renderer.render(tree, on: surface) }
    }
    #expect(renderer.rasterCache.count == 3)
  }

  @Test func largeRastersAreKeptUpToAByteBudget() throws {
    let renderer = Renderer()
    let side = 1200  // 5.8 MB a raster: the budget holds the newest one only
    let surface = try CairoSurface.image(width: side, height: side)
    for minute in 0..<3 {
      try renderer.render(rasterized(key: "hands \(minute)", side: Double(side)), on: surface)
    }
    #expect(renderer.rasterCache.count == 1)
    #expect(renderer.rasterCache.keys.first?.key == "hands 2")
  }
}
