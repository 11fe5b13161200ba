import Dispatch
import Glibc

/// Turns signals into calls of `handler` on a Dispatch queue (no work in a C handler); their
/// default actions are off while it lives. The one signal stack of every mode, live or plain.
///
/// ```swift
/// let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) { number in runner.send(.signal(number)) }
/// ```
///
/// `@unchecked Sendable`: immutable after init, and Dispatch sources are thread-safe.
public final class SignalWatcher: @unchecked Sendable {
  /// The signals that end a run.
  public static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  private let sources: [any DispatchSourceSignal]

  /// Calls `handler` with each of `signals` as it arrives, until the watcher is gone.
  public init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      // Registration is asynchronous: wait for it, or a signal sent right after start-up
      // would meet SIG_IGN and be lost.
      let registered = DispatchSemaphore(value: 0)
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      _ = registered.wait(timeout: .now() + 1)
      return source
    }
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
