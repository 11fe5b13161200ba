// The least a terminal clock does, in Swift (floor.c in C, line for line): raw mode, a first
// screen of 100×40 coloured cells, then at each second's turn one prepared update of 1.5 kB,
// until q. Glibc alone: no Foundation, no Dispatch.
import Glibc

var saved = termios()
tcgetattr(0, &saved)
var raw = saved
cfmakeraw(&raw)
tcsetattr(0, TCSANOW, &raw)
var first = Array("\u{1b}[2J".utf8)
for row in 1...40 {
  first += Array("\u{1b}[\(row);1H\u{1b}[38;2;200;200;200;48;2;10;10;10m".utf8)
  first += [UInt8](repeating: UInt8(ascii: "A"), count: 100)
}
var update: [UInt8] = []
while update.count < 1500 {
  update += Array("\u{1b}[12;40H\u{1b}[38;2;250;20;20;48;2;30;30;30m\u{2588}".utf8)
}
_ = first.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
while true {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  let wait = Int32((1_000_000_000 - now.tv_nsec) / 1_000_000) + 1
  if poll(&input, 1, wait) > 0 {
    var byte: UInt8 = 0
    if read(0, &byte, 1) <= 0 || byte == UInt8(ascii: "q") { break }
  } else {
    _ = update.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }
}
tcsetattr(0, TCSANOW, &saved)
