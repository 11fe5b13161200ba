import ClockworkCairo
import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import Foundation

// 10:08:42.5 UTC on 1 January 2027: half way through a second.
let moment = Date(timeIntervalSince1970: 1_798_798_122.5)

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

// Two faces side by side: a quartz hand that steps once a second, and a sweeping one.
let page = Layer()
page.frame = Rect(x: 0, y: 0, width: 480, height: 240)
for (index, oscillator) in [Oscillator.quartz, .sweep].enumerated() {
  let face = ClockFace(size: 240, theme: theme, oscillator: oscillator)
  face.show(date: moment, zone: .utc)
  face.layer.position = Point(x: 120 + 240 * Double(index), y: 120)
  page.addSublayer(face.layer)
}

try Renderer().write(
  page, width: 480, height: 240, to: URL(fileURLWithPath: "face.png"), format: .png)
