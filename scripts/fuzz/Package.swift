// swift-tools-version: 6.1
// libFuzzer targets for what reads user input and files. `make test` builds them; ./run fuzzes.
import PackageDescription

let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
  name: "ClockworkFuzz",
  dependencies: [.package(name: "Clockwork", path: "../..")],
  targets: [
    .executableTarget(
      name: "FuzzDuration", dependencies: [.product(name: "ClockworkCore", package: "Clockwork")], swiftSettings: fuzzFlags),
    .executableTarget(
      name: "FuzzColor", dependencies: [.product(name: "ClockworkScene", package: "Clockwork")], swiftSettings: fuzzFlags),
    .executableTarget(
      name: "FuzzTheme", dependencies: [.product(name: "ClockworkWidgets", package: "Clockwork")], swiftSettings: fuzzFlags),
    .executableTarget(
      name: "FuzzStateFile",
      dependencies: [.product(name: "ClockworkState", package: "Clockwork"), .product(name: "ClockworkAlerts", package: "Clockwork")], swiftSettings: fuzzFlags),
  ]
)
