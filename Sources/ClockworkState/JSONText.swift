/// Where things are in a JSON file's text, for errors that name the line.
///
/// ```swift
/// JSONText.line(of: "fps", in: "{\n  \"fps\": 90\n}")   // 2
/// ```
public enum JSONText {
  /// The line (from 1) where `key` is first written as a key, or 0 if it cannot be found.
  public static func line(of key: String, in text: String) -> Int {
    let quoted = "\"\(key)\""
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      var rest = Substring(line)
      while let found = rest.firstRange(of: quoted) {
        if rest[found.upperBound...].drop(while: \.isWhitespace).first == ":" { return index + 1 }
        rest = rest[found.upperBound...]
      }
    }
    return 0
  }
}
