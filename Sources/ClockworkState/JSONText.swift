/// Where things are in a JSON file's text, for errors that name the line.
///
/// ```swift
/// JSONText.keyLines(in: "{\n  \"fps\": 90\n}")   // ["fps": 2]
/// ```
public enum JSONText {
  /// The line (from 1) where each key is first written as a key (a string followed by `:`),
  /// found in one pass over the text, so a file of ten thousand entries is read once.
  public static func keyLines(in text: String) -> [String: Int] {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
    var lines: [String: Int] = [:]
    var line = 1
    var bytes = text.utf8[...]
    while let byte = bytes.popFirst() {
      if byte == newline { line += 1 }
      guard byte == quote else { continue }
      var string: [UInt8] = []
      while let inside = bytes.popFirst(), inside != quote {
        if inside == newline { line += 1 }  // not JSON, but counted all the same
        string.append(inside)
        if inside == backslash, let escaped = bytes.popFirst() { string.append(escaped) }
      }
      let keyLine = line
      while let next = bytes.first,
        next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
          || next == UInt8(ascii: "\r") || next == newline
      {
        if next == newline { line += 1 }
        bytes.removeFirst()
      }
      if bytes.first == UInt8(ascii: ":") {
        let key = String(decoding: string, as: UTF8.self)
        if lines[key] == nil { lines[key] = keyLine }
      }
    }
    return lines
  }
}
