import ClockworkCore
import Dispatch
import FoundationEssentials
import Glibc

/// What a plain-mode loop reacts to.
enum PlainEvent: Sendable {
  case tick
  case line
  case endOfInput
  case interrupt(Int32)
}

/// Merges ticks, standard input and signals into one stream that a mode consumes in order.
///
/// ```swift
/// let events = EventSource(signals: [SIGINT, SIGTERM])
/// for await event in events.stream { … }
/// ```
final class EventSource: @unchecked Sendable {  // Immutable after init; Dispatch sources are thread-safe.
  let stream: AsyncStream<PlainEvent>
  private let continuation: AsyncStream<PlainEvent>.Continuation
  private let signalSources: [any DispatchSourceSignal]

  /// Turns `signals` into events; their default action (terminating) is disabled meanwhile.
  init(signals: [Int32]) {
    let (stream, continuation) = AsyncStream.makeStream(of: PlainEvent.self)
    self.stream = stream
    self.continuation = continuation
    signalSources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(.interrupt(number)) }
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
    for source in signalSources { source.cancel() }
  }

  /// Reads standard input line by line on a queue of its own (reading blocks).
  func watchStandardInput() {
    let continuation = continuation
    DispatchQueue(label: "clockwork.stdin").async {
      while readLine(strippingNewline: true) != nil { continuation.yield(.line) }
      continuation.yield(.endOfInput)
    }
  }

  /// Sends `.tick` at each deadline that `next` gives, until the task is cancelled.
  func tick<C: Clock & Sendable>(
    on clock: C, next: @escaping @Sendable (C.Instant) -> C.Instant?
  ) -> Task<Void, Never> where C.Duration == Duration {
    let continuation = continuation
    return Task {
      await Ticker(clock: clock).run(next: next) { _ in
        continuation.yield(.tick)
        return true
      }
    }
  }

  /// Sends `.tick` just after each wall-clock second boundary, until the task is cancelled.
  func tickWallSeconds() -> Task<Void, Never> {
    let continuation = continuation
    return Task {
      await Ticker(clock: ContinuousClock()).runWallSeconds(wallNow: Date.init) { _ in
        continuation.yield(.tick)
        return true
      }
    }
  }
}
