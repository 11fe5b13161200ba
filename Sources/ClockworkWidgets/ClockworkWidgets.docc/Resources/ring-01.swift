import ClockworkCairo
import ClockworkScene
import Foundation

// A page 240 points square, dark as the design's.
let page = Layer()
page.frame = Rect(x: 0, y: 0, width: 240, height: 240)
page.backgroundColor = Color(hex: 0x1C1C1E)
let center = Point(x: 120, y: 120)
let radius = 96.0

// The ring's circle, starting at 12 o'clock and going clockwise.
let circle = Path {
  $0.move(to: Point(onCircleAround: center, radius: radius, angle: 0))
  $0.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
}

// The track: the whole circle in grey.
let track = ShapeLayer()
track.frame = page.bounds
track.path = circle
track.fillColor = nil
track.strokeColor = Color(hex: 0xAAAAAA)
track.lineWidth = 12
page.addSublayer(track)

try Renderer().write(
  page, width: 240, height: 240, to: URL(fileURLWithPath: "ring.png"), format: .png)
