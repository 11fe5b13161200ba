import Dispatch

/// Reads standard input line by line on a thread of its own (reading blocks) and reports each
/// line, then the end of input.
///
/// ```swift
/// LineReader.start { event in runner.send(.input(event)) }
/// ```
public enum LineReader {
  /// What was read: a line, or the end of input.
  public enum Event: Sendable, Equatable {
    case line(String)
    case endOfInput
  }

  /// Starts reading; `handler` is called on the reading thread for each line and at the end.
  public static func start(_ handler: @escaping @Sendable (Event) -> Void) {
    DispatchQueue(label: "clockwork.stdin").async {
      while let line = readLine(strippingNewline: true) { handler(.line(line)) }
      handler(.endOfInput)
    }
  }
}
