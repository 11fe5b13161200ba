/// The word a mistyped one was meant to be: the nearest by edits, if near enough.
///
/// ```swift
/// NearestWord.to("nite", among: ["classic", "night"])   // "night"
/// ```
public enum NearestWord {
  /// The nearest of `words` within `limit` edits of `word`, or `nil`.
  public static func to(_ word: String, among words: [String], limit: Int = 2) -> String? {
    let nearest = words.min { distance(word, $0) < distance(word, $1) }
    return nearest.flatMap { distance(word, $0) <= limit ? $0 : nil }
  }

  /// Edits (insert, delete, replace) from one word to the other.
  public static func distance(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a), Array(b))
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
}
