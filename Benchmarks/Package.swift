// swift-tools-version: 6.1
// Benchmarks live in their own package so that `make test` never builds the benchmark harness.
// Run: cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
import PackageDescription

let package = Package(
  name: "ClockworkBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Clockwork", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "BenchmarkScenes",
      dependencies: [.product(name: "ClockworkScene", package: "Clockwork")]
    ),
    .executableTarget(
      name: "scene-profile",
      dependencies: [
        "BenchmarkScenes",
        .product(name: "ClockworkCairo", package: "Clockwork"),
        .product(name: "ClockworkWidgets", package: "Clockwork"),
        .product(name: "ClockworkTerminal", package: "Clockwork"),
        .product(name: "ClockworkWindow", package: "Clockwork"),
      ]
    ),
    .executableTarget(
      name: "SceneBenchmarks",
      dependencies: [
        "BenchmarkScenes",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ClockworkScene", package: "Clockwork"),
        .product(name: "ClockworkCairo", package: "Clockwork"),
        .product(name: "ClockworkWidgets", package: "Clockwork"),
        .product(name: "ClockworkTerminal", package: "Clockwork"),
      ],
      path: "Benchmarks/SceneBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
