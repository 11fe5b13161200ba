// A clock face whose parts come from code, stamped to PNG: a second hand of our own (a lollipop
// whose path is made from its layer's size), a dial of our own (a gradient), and a picture set
// in code over it. Run: swift run custom-parts face.png
import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import Foundation

let output = CommandLine.arguments.dropFirst().first ?? "custom-parts.png"
let face = ClockFace(size: 400, theme: .classic)

// A second hand of our own: a thin stick with a ring near its tip. Its path is made from its
// size, so it fits whatever length the face gives it.
face.handMakers[.secondHand] = { radius in
  let hand = ShapeLayer()
  hand.pathForSize = { size in
    let ring = size.width / 2
    return Path { path in
      path.addRect(Rect(x: ring - 1, y: size.width, width: 2, height: size.height - size.width))
      path.move(to: Point(x: size.width, y: ring))
      path.addArc(center: Point(x: ring, y: ring), radius: ring, startAngle: 0, endAngle: 2 * .pi)
      path.close()
    }
  }
  hand.fillColor = Color(hex: 0xFF9500)
  hand.bounds = Rect(x: 0, y: 0, width: radius * 0.16, height: radius * 1.05)
  hand.anchorPoint = Point(x: 0.5, y: 0.9 / 1.05)  // the pivot: 0.9 of the radius below the tip
  return hand
}

// A dial of our own: a diagonal gradient in a circle.
face.dialMaker = { box in
  let dial = GradientLayer()
  dial.frame = box
  dial.colors = [Color(hex: 0xFDFCFB), Color(hex: 0xE2D1C3)]
  dial.cornerRadius = box.width / 2
  return dial
}

// A picture set in code, over the dial: a small SVG made here, no file needed.
var theme = face.theme
let mark =
  ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="16" fill="#5856D6" fill-opacity="0.6"/></svg>"##
theme.dial.image = ImageData(bytes: Data(mark.utf8), format: .svg)
theme.dial.imagePlacement = .center
face.configure(theme: theme)

face.show(date: Date(timeIntervalSince1970: 1_800_000_000), zone: .utc)
do {
  try Renderer().write(
    face.layer, width: 400, height: 400, to: URL(fileURLWithPath: output), format: .png)
  print("wrote \(output)")
} catch {
  print("cannot write \(output): \(error)")
}
