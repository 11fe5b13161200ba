import FoundationEssentials

/// A JSON value written on one line, keys sorted (what panels read; no pretty printing).
enum JSONValue {
  case string(String), int(Int), bool(Bool)
  /// Seconds, to the millisecond.
  case number(Double)
  /// An object, its keys sorted.
  indirect case object([String: JSONValue])

  var encoded: String {
    switch self {
    case .int(let value): return String(value)
    case .number(let value): return String((value * 1000).rounded() / 1000)
    case .object(let fields):
      return "{"
        + fields.sorted { $0.key < $1.key }.map {
          "\(JSONValue.string($0.key).encoded):\($0.value.encoded)"
        }.joined(separator: ",") + "}"
    case .bool(let value): return value ? "true" : "false"
    case .string(let text):
      let encoder = JSONEncoder()
      encoder.outputFormatting = .withoutEscapingSlashes
      let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
      return String(decoding: data, as: UTF8.self)
    }
  }
}
