// Runs one piece of the pipeline many times, for `valgrind --tool=callgrind` (instruction counts
// are stable on a shared machine, unlike wall time).
//   scene-profile presentation|draw|face [iterations]
import BenchmarkScenes
import ClockworkCairo
import ClockworkScene
import ClockworkWidgets
import Foundation

let arguments = CommandLine.arguments
let what = arguments.count > 1 ? arguments[1] : "presentation"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let scene = makeScene()
let renderer = Renderer()
let surface = try CairoSurface.image(width: 480, height: 480)
var t = 0.0
var checksum = 0.0
for _ in 0..<(what == "face" ? 0 : iterations) {
  t += 1.0 / 60
  let frame = scene.presentation(at: t)
  checksum += frame.sublayers.count > 33 ? frame.sublayers[33].transform.a : 0  // keep the work
  if what == "draw" { try renderer.render(frame, on: surface) }
}
if checksum.isNaN { print(checksum) }

if what == "face" {
  let face = ClockFace(size: 480, theme: .classic, oscillator: .sweep)
  var date = Date(timeIntervalSince1970: 1_800_000_000)
  for _ in 0..<iterations {
    date += 1.0 / 30
    face.show(date: date, timeZone: TimeZone(identifier: "UTC")!)
    try renderer.render(face.layer.presentation(at: 0), on: surface)
  }
}
