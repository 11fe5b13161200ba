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

// The arc: a pink-to-orange gradient seen through the circle stroked to 30 %.
let arcMask = ShapeLayer()
arcMask.frame = page.bounds
arcMask.path = circle
arcMask.fillColor = nil
arcMask.strokeColor = .white
arcMask.lineWidth = 12
arcMask.lineCap = .round
arcMask.strokeEnd = 0.3
let arc = GradientLayer()
arc.frame = page.bounds
arc.colors = [Color(hex: 0xCE0755), Color(hex: 0xF5B433)]
arc.startPoint = Point(x: 0, y: 0)
arc.endPoint = Point(x: 1, y: 1)
arc.mask = arcMask
page.addSublayer(arc)

// The time left in the middle.
let label = TextLayer()
label.frame = page.bounds
label.string = "3:30.0"
label.fontFamily = "DejaVu Sans"
label.fontWeight = .bold
label.fontSize = 31
label.foregroundColor = .white
label.alignment = .center
label.verticalAlignment = .center
page.addSublayer(label)

try Renderer().write(
  page, width: 240, height: 240, to: URL(fileURLWithPath: "ring.png"), format: .png)
