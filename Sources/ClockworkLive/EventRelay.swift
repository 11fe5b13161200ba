import Synchronization

/// Hands events to a handler that is set later, keeping those that come before it: a window's
/// events and signals start before the runner that handles them exists.
///
/// ```swift
/// let signals = EventRelay<Int32>()
/// signals.send(15)   // a signal before anything handles it is kept
/// signals.forward { print("signal", $0) }   // prints "signal 15", then each one sent
/// ```
public final class EventRelay<Event: Sendable>: Sendable {
  private struct State {
    var handler: (@Sendable (Event) -> Void)?
    var waiting: [Event] = []
  }
  private let state = Mutex(State())

  /// A relay with nothing sent yet.
  public init() {}

  /// From now on, events go to `handler`, the kept ones first.
  public func forward(_ handler: @escaping @Sendable (Event) -> Void) {
    let waiting = state.withLock { state in
      state.handler = handler
      defer { state.waiting = [] }
      return state.waiting
    }
    for event in waiting { handler(event) }
  }

  /// Hands `value` to the handler, or keeps it until one is set.
  public func send(_ event: Event) {
    let handler = state.withLock { state in
      if state.handler == nil { state.waiting.append(event) }
      return state.handler
    }
    handler?(event)
  }
}
