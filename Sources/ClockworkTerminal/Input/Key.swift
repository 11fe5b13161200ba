import ClockworkLive

extension Key {
  /// Decodes every key in `bytes` (one read's worth: escape sequences arrive whole).
  ///
  /// ```swift
  /// Key.decode(Array("q\u{1B}[A".utf8))   // [.character("q"), .up]
  /// ```
  public static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case 0x1B:
        // A string (OSC, DCS, APC): a reply that came after its query stopped waiting, never keys.
        if i + 1 < bytes.count,
          [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_")].contains(bytes[i + 1])
        {
          i = TerminalReplies.stringControl(bytes, from: i + 2)?.1 ?? bytes.count
          continue
        }
        if i + 2 < bytes.count,
          bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O")
        {
          var end = i + 2
          while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
          switch end < bytes.count ? bytes[end] : 0 {
          case UInt8(ascii: "M") where bytes[i + 2] == UInt8(ascii: "<"):
            // SGR 1006 mouse report "ESC [ < button ; column ; row M": a press of the left button,
            // not a drag or the wheel (their bits 32 and 64), with or without modifiers.
            let button =
              Int(
                String(
                  decoding: bytes[(i + 3)..<end].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self))
              ?? -1
            if button >= 0, button & 0b110_0011 == 0 { keys.append(.click) }
          case UInt8(ascii: "A"): keys.append(.up)
          case UInt8(ascii: "B"): keys.append(.down)
          case UInt8(ascii: "C"): keys.append(.right)
          case UInt8(ascii: "D"): keys.append(.left)
          default: break  // other sequences (function keys, …) are ignored
          }
          i = end + 1
          continue
        }
        keys.append(.escape)
      case 0x03: keys.append(.controlC)
      case 0x04: keys.append(.controlD)
      case 0x1A: keys.append(.controlZ)
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x20: keys.append(.space)
      case 0x09: keys.append(.tab)
      case 0x7F, 0x08: keys.append(.backspace)
      default:
        // One UTF-8 character: its lead byte says how long it is.
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        let slice = Array(bytes[i..<min(bytes.count, i + length)])
        if let text = String(validating: slice, as: UTF8.self), let character = text.first,
          byte >= 0x20
        {
          keys.append(.character(character))
        }
        i += length
        continue
      }
      i += 1
    }
    return keys
  }
}
