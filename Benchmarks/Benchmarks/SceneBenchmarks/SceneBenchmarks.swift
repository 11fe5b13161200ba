import Benchmark
import BenchmarkScenes
import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import Foundation

/// Built once and shared by every run of a benchmark, as the app keeps one scene and one
/// renderer (and its caches) alive.
final class Fixture: @unchecked Sendable {
  static let shared = Fixture()
  let scene = makeScene()
  let renderer = Renderer()
  let surface = try! CairoSurface.image(width: 480, height: 480)
  var t = 0.0
  let face = ClockFace(size: 480, theme: .classic, oscillator: .sweep)
  let ring = CountdownRing(size: 480)
  let clockRenderer = Renderer()
  let ringRenderer = Renderer()
  var date = Date(timeIntervalSince1970: 1_800_000_000)

  let termFace = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
  let presenter = BlockPresenter(glyphs: .sextant)
  var writer = DamageWriter(colorMode: .truecolor)
  /// A 200×120 frame (100×40 cells of 2×3 samples) of the clock, for the blitter alone.
  lazy var cellFrame: CairoSurface = {
    let surface = try! CairoSurface.image(width: 200, height: 120)
    termFace.show(date: date, zone: .utc)
    let scene = termFace.layer.presentation(at: 0)
    scene.anchorPoint = .zero
    scene.position = Point(x: 20, y: 0)
    scene.transform = AffineTransform(scaleX: 0.6 / 0.75, y: 0.6)
    try! Renderer().render(scene, on: surface)
    return surface
  }()

  init() { ring.setPulsing(true, at: 0) }

  func nextFrameTime() -> Double {
    t += 1.0 / 60
    return t
  }
}

/// One way of showing the terminal clock, kept across benchmark runs.
final class PresenterFixture: @unchecked Sendable {
  let presenter: BlockPresenter
  var writer = DamageWriter(colorMode: .truecolor)
  let face = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
  let cell = CellShape(pixelWidth: 10, pixelHeight: 20)
  var date = Date(timeIntervalSince1970: 1_800_000_000)

  init(graphics: Graphics) {
    presenter = BlockPresenter(graphics: graphics)
    face.pixelScale = presenter.scale(for: face.layer.bounds.size, columns: 100, rows: 37, cell: cell)
  }

  func nextFrame() throws -> Int {
    date += 1
    face.show(date: date, zone: .utc)
    return writer.frameBytes(try presenter.cells(for: face.layer, columns: 100, rows: 37, cell: cell)).count
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))
  let fixture = Fixture.shared
  precondition(fixture.scene.layerCount == 40, "scene has \(fixture.scene.layerCount) layers")

  Benchmark("presentation, 40 layers, 5 animations") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(fixture.scene.presentation(at: fixture.nextFrameTime()))
    }
  }

  Benchmark("clock face 480×480, sweep second hand (show + presentation + draw)") { benchmark in
    let zone = Zone.utc
    for _ in benchmark.scaledIterations {
      fixture.date += 1.0 / 30
      fixture.face.show(date: fixture.date, zone: zone)
      try fixture.clockRenderer.render(fixture.face.layer.presentation(at: 0), on: fixture.surface)
    }
  }

  Benchmark("countdown ring 480×480 with pulse and gradient (show + presentation + draw)") { benchmark in
    for _ in benchmark.scaledIterations {
      let t = fixture.nextFrameTime()
      let left = max(0, 300 - t)
      fixture.ring.show(remaining: .milliseconds(Int64(left * 1000)), progress: 1 - left / 300)
      try fixture.ringRenderer.render(fixture.ring.layer.presentation(at: t), on: fixture.surface)
    }
  }

  Benchmark("blitter: 100×40 cells from 200×120 samples (sextants)") { benchmark in
    let surface = fixture.cellFrame
    let blitter = CellBlitter(glyphs: .sextant)
    for _ in benchmark.scaledIterations {
      surface.withPixels { pixels, stride in
        blackHole(blitter.cells(from: pixels, width: 200, height: 120, stride: stride))
      }
    }
  }

  Benchmark("chafa: 100×40 cells from 400×320 pixels (same frame, libchafa 1.12)") { benchmark in
    let surface = try CairoSurface.image(width: 400, height: 320)
    fixture.termFace.show(date: fixture.date, zone: .utc)
    let scene = fixture.termFace.layer.presentation(at: 0)
    scene.anchorPoint = .zero
    scene.position = Point(x: 40, y: 0)
    scene.transform = AffineTransform(scale: 1.6)
    try Renderer().render(scene, on: surface)
    let chafa = ChafaCells()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      surface.withPixels { pixels, stride in
        blackHole(chafa.cells(from: pixels, width: 400, height: 320, stride: stride, columns: 100, rows: 40))
      }
    }
  }

  Benchmark("terminal frame 100×40: scene → pixels → cells → bytes (quartz second)") { benchmark in
    let zone = Zone.utc
    // As the live clock draws it: hands in pixel steps at this scale.
    fixture.termFace.pixelScale = fixture.presenter.scale(for: fixture.termFace.layer.bounds.size, columns: 100, rows: 37, cell: CellShape())
    for _ in benchmark.scaledIterations {
      fixture.date += 1
      fixture.termFace.show(date: fixture.date, zone: zone)
      let grid = try fixture.presenter.cells(for: fixture.termFace.layer, columns: 100, rows: 37, cell: CellShape())
      blackHole(fixture.writer.frame(grid))
    }
  }

  // The same frame with each other way of showing it; pixel protocols at 10×20-pixel cells.
  // The presenter and writer live across runs, as in the app: after the first frame only the
  // changed parts are sent.
  for graphics in [Graphics.chafa, .sixel, .kitty] {
    let state = PresenterFixture(graphics: graphics)
    Benchmark("terminal frame 100×40, --graphics \(graphics) (quartz second)") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try state.nextFrame())
      }
    }
  }

  Benchmark("draw 40-layer tree, 480×480 image") { benchmark in
    for _ in benchmark.scaledIterations {
      let frame = fixture.scene.presentation(at: fixture.nextFrameTime())
      benchmark.startMeasurement()
      try fixture.renderer.render(frame, on: fixture.surface)
      benchmark.stopMeasurement()
    }
  }
}
