import ClockworkCairo
import ClockworkWidgets
import Foundation

// 10:08:42 UTC on 1 January 2027.
let moment = Date(timeIntervalSince1970: 1_798_798_122)

let face = ClockFace(size: 240, theme: .classic)
face.show(date: moment, zone: .utc)

try Renderer().write(
  face.layer, width: 240, height: 240, to: URL(fileURLWithPath: "face.png"), format: .png)
