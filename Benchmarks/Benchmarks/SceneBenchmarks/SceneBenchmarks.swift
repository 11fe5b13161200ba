import Benchmark
import BenchmarkScenes
import ClockworkCairo
import ClockworkScene
import Foundation

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .instructions], maxDuration: .seconds(3))

  Benchmark("presentation, 40 layers, 5 animations") { benchmark in
    let scene = makeScene()
    precondition(scene.layerCount == 40, "scene has \(scene.layerCount) layers")
    var t = 0.0
    for _ in benchmark.scaledIterations {
      t += 1.0 / 60
      blackHole(scene.presentation(at: t))
    }
  }

  Benchmark("draw 40-layer tree, 480×480 image (wall clock only)", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))) { benchmark in
    let scene = makeScene()
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 480, height: 480)
    var t = 0.0
    for _ in benchmark.scaledIterations {
      t += 1.0 / 60
      let frame = scene.presentation(at: t)
      benchmark.startMeasurement()
      try renderer.render(frame, on: surface)
      benchmark.stopMeasurement()
    }
  }

  Benchmark("draw 40-layer tree, 480×480 image") { benchmark in
    let scene = makeScene()
    let renderer = Renderer()
    let surface = try CairoSurface.image(width: 480, height: 480)
    var t = 0.0
    for _ in benchmark.scaledIterations {
      t += 1.0 / 60
      let frame = scene.presentation(at: t)
      benchmark.startMeasurement()
      try renderer.render(frame, on: surface)
      benchmark.stopMeasurement()
    }
  }
}
