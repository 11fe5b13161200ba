import ClockworkCairo
import ClockworkScene
import ClockworkWidgets
import Foundation

// 10:08:42 UTC on 1 January 2027.
let moment = Date(timeIntervalSince1970: 1_798_798_122)

// A night face: the classic theme with a dark dial and light hands.
var theme = ClockTheme.classic
theme.dial.color = Color(hex: 0x1C1C1E)
theme.dial.borderColor = Color(hex: 0x3A3A3C)
theme.ticks.color = Color(hex: 0xD1D1D6)
theme.numerals.color = .white
theme.numerals.style = .roman
theme.hourHand.color = .white
theme.minuteHand.color = .white
theme.secondHand.color = Color(hex: 0xFF9500)
theme.cap.color = Color(hex: 0xFF9500)

let face = ClockFace(size: 240, theme: theme)

// A second hand of our own: a stick with a disc near its tip. The face asks for a hand as long
// as the dial's radius; the path is made from the layer's size, so it fits any face.
face.handMakers[.secondHand] = { radius in
  let hand = ShapeLayer()
  hand.pathForSize = { size in
    let disc = size.width / 2
    return Path { path in
      path.addRect(Rect(x: disc - 1, y: size.width, width: 2, height: size.height - size.width))
      path.move(to: Point(x: size.width, y: disc))
      path.addArc(center: Point(x: disc, y: disc), radius: disc, startAngle: 0, endAngle: 2 * .pi)
      path.close()
    }
  }
  hand.fillColor = Color(hex: 0xFF9500)
  hand.bounds = Rect(x: 0, y: 0, width: radius * 0.14, height: radius * 1.05)
  hand.anchorPoint = Point(x: 0.5, y: 0.9 / 1.05)  // it turns 0.9 of the radius below its tip
  return hand
}
face.show(date: moment, zone: .utc)

try Renderer().write(
  face.layer, width: 240, height: 240, to: URL(fileURLWithPath: "face.png"), format: .png)
