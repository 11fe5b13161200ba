import Dispatch
import FoundationEssentials
import Glibc

/// Speaks through speech-dispatcher's `spd-say`, the voice service the Orca screen reader
/// uses. Each text is spoken by a process of its own, started and waited for in order on a
/// queue of this object's, so a frame is never held up by it. Without `spd-say`, or when it
/// fails, the problem is told once and nothing is spoken.
///
/// ```swift
/// let speech = Speech { problem in StandardOutput.error("clockwork: \(problem)") }
/// speech.say("1 minute")
/// speech.finish(upTo: 5)   // before the process exits
/// ```
public final class Speech: @unchecked Sendable {
  /// The program's path, if it is on PATH.
  let program: String?
  private let queue = DispatchQueue(label: "clockwork.speech")
  private let problem: @Sendable (String) -> Void
  private var failed = false  // on `queue`
  /// The texts' language, as speech-dispatcher names it ("en", "vi", "pt-BR").
  let language: String

  /// Texts in `language` are spoken as the user's speech-dispatcher is set; `problem` is told
  /// at most once, from any thread.
  public init(language: String = "en", problem: @escaping @Sendable (String) -> Void) {
    self.problem = problem
    self.language = language.replacing("_", with: "-")
    program = Self.onPath("spd-say")
    if program == nil {
      problem(
        "--speak: no speech service (spd-say, from speech-dispatcher, is not installed): nothing is spoken"
      )
    }
  }

  /// Speaks `text` after whatever was asked before it.
  public func say(_ text: String) {
    guard let program else { return }
    queue.async { [self] in
      guard !failed else { return }
      if ProgramOutput.read(program, ["-l", language, text]) == nil {
        failed = true
        problem(
          "--speak: spd-say could not speak (is speech-dispatcher running?): nothing more is spoken"
        )
      }
    }
  }

  /// Waits until what was asked has been handed to the speech service, for at most `seconds`.
  public func finish(upTo seconds: Double) {
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    _ = done.wait(timeout: .now() + seconds)
  }

  /// The first executable `name` in PATH's folders.
  static func onPath(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
  }
}
