import Benchmark
import BenchmarkScenes
import ClockworkCairo
import ClockworkScene
import Foundation

/// Built once and shared by every run of a benchmark, as the app keeps one scene and one
/// renderer (and its caches) alive.
final class Fixture: @unchecked Sendable {
  static let shared = Fixture()
  let scene = makeScene()
  let renderer = Renderer()
  let surface = try! CairoSurface.image(width: 480, height: 480)
  var t = 0.0

  func nextFrameTime() -> Double {
    t += 1.0 / 60
    return t
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

  Benchmark("draw 40-layer tree, 480×480 image") { benchmark in
    for _ in benchmark.scaledIterations {
      let frame = fixture.scene.presentation(at: fixture.nextFrameTime())
      benchmark.startMeasurement()
      try fixture.renderer.render(frame, on: fixture.surface)
      benchmark.stopMeasurement()
    }
  }
}
