/// What a terminal answered to queries sent before the first frame: its background colour
/// (OSC 11) and palette entries (OSC 4), and whether it answered the device-attributes query
/// (DA1) sent after them — nearly every terminal does, so its answer means the others are in.
///
/// ```swift
/// let replies = TerminalReplies(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c q".utf8))
/// replies.background       // RGB(255, 255, 255)
/// replies.rest             // " q": keys typed meanwhile, for the mode
/// ```
public struct TerminalReplies: Sendable, Equatable {
  /// The background colour the terminal said (OSC 11); `nil` when it did not.
  public var background: RGB?
  /// The palette entries the terminal said (OSC 4), by index.
  public var palette: [UInt8: RGB] = [:]
  /// Whether the terminal answered the device attributes query, the last one sent.
  public var answeredDeviceAttributes = false
  /// Bytes that were no reply: keys typed while waiting.
  public var rest: [UInt8] = []
  /// Where each byte of ``rest`` was in the bytes read.
  var restOffsets: [Int] = []

  /// No replies.
  public init() {}

  /// The replies read from `bytes`, and the bytes that were no reply.
  public init(_ bytes: [UInt8]) {
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "]"),
        let (payload, end) = Self.stringControl(bytes, from: i + 2)
      {
        record(osc: payload)
        i = end
      } else if bytes[i] == 0x1B, i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "["),
        bytes[i + 2] == UInt8(ascii: "?"),
        let end = bytes[(i + 3)...].firstIndex(where: { !($0 >= 0x30 && $0 <= 0x3F) }),
        bytes[end] == UInt8(ascii: "c")
      {
        answeredDeviceAttributes = true
        i = end + 1
      } else {
        rest.append(bytes[i])
        restOffsets.append(i)
        i += 1
      }
    }
  }

  /// Whether the replies are complete: the device attributes come last.
  public var isComplete: Bool { answeredDeviceAttributes }

  /// An OSC's text up to BEL or ST, and the index after its end; nil if it has not ended.
  static func stringControl(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
    var i = start
    while i < bytes.count {
      if bytes[i] == 0x07 { return (String(decoding: bytes[start..<i], as: UTF8.self), i + 1) }
      if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") {
        return (String(decoding: bytes[start..<i], as: UTF8.self), i + 2)
      }
      i += 1
    }
    return nil
  }

  mutating func record(osc payload: String) {
    let fields = payload.split(separator: ";", omittingEmptySubsequences: false)
    switch fields.first {
    case "11" where fields.count == 2: background = Self.color(fields[1])
    case "4" where fields.count == 3:
      if let index = UInt8(fields[1]), let color = Self.color(fields[2]) { palette[index] = color }
    default: break
    }
  }

  /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel; `rgba:` with a fourth) as 8 bits.
  static func color(_ text: Substring) -> RGB? {
    guard let colon = text.firstIndex(of: ":"), ["rgb", "rgba"].contains(text[..<colon]) else {
      return nil
    }
    let channels = text[text.index(after: colon)...].split(separator: "/")
    guard channels.count >= 3, channels.count <= 4 else { return nil }
    var values: [UInt8] = []
    for channel in channels.prefix(3) {
      guard (1...4).contains(channel.count), let value = Int(channel, radix: 16) else { return nil }
      let top = (1 << (4 * channel.count)) - 1
      values.append(UInt8((value * 255 + top / 2) / top))
    }
    return RGB(values[0], values[1], values[2])
  }
}

extension RGB {
  /// Whether text in black reads better on it than text in white (its luma above the middle).
  public var isLight: Bool { 3 * Int(r) + 6 * Int(g) + Int(b) > 1280 }
}
