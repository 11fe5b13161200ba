// Runs one piece of the pipeline many times, for `valgrind --tool=callgrind` (instruction counts
// are stable on a shared machine, unlike wall time).
//   scene-profile presentation|draw|face|timer|clock|window-timer [iterations]
import BenchmarkScenes
import ClockworkCairo
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import ClockworkWindow
import Foundation

let arguments = CommandLine.arguments
let what = arguments.count > 1 ? arguments[1] : "presentation"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let scene = makeScene()
let renderer = Renderer()
let surface = try CairoSurface.image(width: 480, height: 480)
var t = 0.0
var checksum = 0.0
for _ in 0..<(["face", "timer", "clock"].contains(what) ? 0 : iterations) {
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
    face.show(date: date, zone: .utc)
    try renderer.render(face.layer.presentation(at: 0), on: surface)
  }
}

// The live timer's frames at 15 fps in a 100×40 terminal: backdrop, ring with pulse, blitter,
// damage writer (the scene as LiveTimer builds it).
if what == "timer" {
  let root = Layer()
  root.frame = Rect(x: 0, y: 0, width: 263, height: 200)
  let backdrop = GradientBackdrop(size: root.bounds.size)
  let ring = CountdownRing(size: 200)
  root.addSublayer(backdrop.layer)
  root.addSublayer(ring.layer)
  ring.layer.position = Point(x: 131.5, y: 100)
  backdrop.start(at: 0)
  ring.setPulsing(true, at: 0)
  let presenter = BlockPresenter(glyphs: .sextant)
  var writer = DamageWriter(colorMode: .truecolor)
  var bytes = 0
  for frame in 0..<iterations {
    let t = Double(frame) / 15
    ring.show(remaining: .milliseconds(Int64((300 - t) * 1000)), progress: t / 300)
    let cells = try presenter.cells(for: root, at: t, columns: 100, rows: 38, cell: CellShape())
    bytes += writer.frameBytes(cells).count
  }
  print("\(bytes / max(iterations, 1)) bytes a frame")
}

// The live clock's frames, a quartz second each, in a 100×40 terminal: face, blitter, damage
// writer, as LiveClock does it.
if what == "clock" {
  let face = ClockFace(size: 200, theme: .classic, oscillator: .quartz)
  let presenter = BlockPresenter(glyphs: .sextant)
  face.pixelScale = presenter.scale(for: face.layer.bounds.size, columns: 100, rows: 37, cell: CellShape())
  var writer = DamageWriter(colorMode: .truecolor)
  var date = Date(timeIntervalSince1970: 1_800_000_000)
  var bytes = 0
  for _ in 0..<iterations {
    date += 1
    face.show(date: date, zone: .utc)
    var grid = CellGrid(columns: 100, rows: 40)
    grid.place(try presenter.cells(for: face.layer, columns: 100, rows: 37, cell: CellShape()), column: 0, row: 0)
    bytes += writer.frameBytes(grid).count
  }
  print("\(bytes / max(iterations, 1)) bytes a frame")
}

// The window timer's frames at 30 fps, 480×480: the backdrop as a still picture redrawn ten
// times a second, the ring with its pulse over it, painted where they change (as TimerWindow
// and WindowSink do it).
if what == "window-timer" {
  let scene = Layer()
  scene.frame = Rect(x: 0, y: 0, width: 200, height: 200)
  scene.anchorPoint = .zero
  scene.transform = AffineTransform(scale: 2.4)
  let backdrop = GradientBackdrop(size: scene.bounds.size)
  backdrop.start(at: 0)
  let ring = CountdownRing(size: 200)
  ring.labelBackground = GradientBackdrop.defaultColors[1]
  ring.setPulsing(true, at: 0)
  var painter = WindowPainter()
  var pixels = 0
  for frame in 0..<iterations {
    let t = Double(frame) / 30
    ring.show(remaining: .milliseconds(Int64((300 - t) * 1000)), progress: t / 300)
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 480, height: 480)
    let still = Layer()
    (still.bounds, still.anchorPoint, still.transform) = (scene.bounds, .zero, scene.transform)
    let shown = GradientLayer(copying: backdrop.layer.presentation(at: (t * 10).rounded(.down) / 10))
    still.rasterizationKey = "backdrop \(shown.colors)"
    still.addSublayer(shown)
    root.addSublayer(still)
    scene.removeAllSublayers()
    scene.addSublayer(ring.layer)
    root.addSublayer(scene)
    let update = painter.paint(
      WindowFrame(root, at: t, background: .black), on: Window.Canvas(width: 480, height: 480))
    pixels += update.rectWidth * update.rectHeight
  }
  print("\(pixels / max(iterations, 1)) pixels a frame")
}
