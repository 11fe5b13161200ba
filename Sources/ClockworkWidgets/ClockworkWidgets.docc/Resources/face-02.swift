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
face.show(date: moment, zone: .utc)

try Renderer().write(
  face.layer, width: 240, height: 240, to: URL(fileURLWithPath: "face.png"), format: .png)
