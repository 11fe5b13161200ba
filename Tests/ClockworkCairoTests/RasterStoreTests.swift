import ClockworkCairo
import ClockworkScene
import ClockworkTestSupport
import Foundation
import Testing

@Suite struct RasterStoreTests {
  /// A dial-like subtree with text, rasterized under a key, and a hand that is not.
  func scene() -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 64, height: 48)
    root.anchorPoint = .zero
    let dial = Layer()
    dial.frame = root.bounds
    dial.backgroundColor = Color(red: 1, green: 1, blue: 1)
    dial.rasterizationKey = "test-dial"
    let label = TextLayer()
    label.frame = Rect(x: 4, y: 4, width: 56, height: 20)
    label.string = "12"
    label.fontSize = 14
    label.foregroundColor = Color(red: 0, green: 0, blue: 0)
    dial.addSublayer(label)
    root.addSublayer(dial)
    return root
  }

  func pixels(_ surface: CairoSurface) -> [UInt32] { surface.withPixels { words, _ in Array(words) } }

  @Test func aSecondRendererReadsWhatTheFirstStored() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path + "/rasters")
    let first = Renderer()
    first.rasterStore = store
    let drawn = try first.renderImage(scene(), width: 64, height: 48)
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).filter { $0.hasSuffix(".argb") }.count == 1)
    let second = Renderer()
    second.rasterStore = store
    #expect(pixels(try second.renderImage(scene(), width: 64, height: 48)) == pixels(drawn))
  }

  @Test func storedPixelsAreUsedInsteadOfDrawing() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path)
    let first = Renderer()
    first.rasterStore = store
    _ = try first.renderImage(scene(), width: 64, height: 48)
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).first { $0.hasSuffix(".argb") })
    // Replace the stored pixels with opaque red: a renderer that reads them shows red.
    var data = try Data(contentsOf: dir.file(file))
    let red: UInt32 = 0xFFFF_0000
    for offset in stride(from: 12, to: data.count, by: 4) { withUnsafeBytes(of: red) { data.replaceSubrange(offset..<offset + 4, with: $0) } }
    try data.write(to: dir.file(file))
    let second = Renderer()
    second.rasterStore = store
    #expect(pixels(try second.renderImage(scene(), width: 64, height: 48)).allSatisfy { $0 == red })
  }

  @Test func aTruncatedFileIsDrawnAgain() throws {
    let dir = try TemporaryDirectory()
    let store = RasterStore(directory: dir.url.path)
    let first = Renderer()
    first.rasterStore = store
    let drawn = try first.renderImage(scene(), width: 64, height: 48)
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).first { $0.hasSuffix(".argb") })
    try Data(try Data(contentsOf: dir.file(file)).prefix(100)).write(to: dir.file(file))
    let second = Renderer()
    second.rasterStore = store
    #expect(pixels(try second.renderImage(scene(), width: 64, height: 48)) == pixels(drawn))
  }

  @Test func onlyTheNewestAreKept() throws {
    let dir = try TemporaryDirectory()
    var store = RasterStore(directory: dir.url.path)
    store.capacity = 2
    for size in [20, 30, 40] {
      let renderer = Renderer()
      renderer.rasterStore = store
      _ = try renderer.renderImage(scene(), width: size, height: size)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".argb") }.count == 2)
  }

  @Test func theDefaultFolderFollowsXDG() {
    #expect(RasterStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]) == "/x/cache/clockwork/rasters")
    #expect(RasterStore.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.cache/clockwork/rasters")
    #expect(RasterStore.defaultDirectory(environment: [:]) == nil)
  }
}
