import ClockworkLive
import ClockworkSystem
import Dispatch
import Glibc

/// The events a session hands on: keys and signals, on a loop's thread or Dispatch's.
extension TerminalSession {
  /// Enters raw mode and the alternate screen, and starts listening for keys and signals on
  /// `loop`; `handler` gets each event, on the loop's thread. A signal that ends the run while
  /// a frame holds the loop up ends the process after `grace` (`PollLoop`).
  public func start(
    on loop: PollLoop, grace: Duration, handler: @escaping (TerminalEvent) -> Void
  ) {
    enter(handler: handler)
    let ending = SignalWatcher.ending
    loop.handle(signals: ending + Self.watched, ending: ending, grace: grace) { [weak self] in
      self?.signalled($0)
    }
    sendTypedAhead()
    let fd = input
    var buffer = [UInt8](repeating: 0, count: 256)
    loop.watch(fd) { [weak self] in
      guard let n = Self.readInput(fd, into: &buffer) else {
        self?.hungUp()
        return false
      }
      if n > 0 { self?.typed(buffer[0..<n], at: ContinuousClock.now) }
      return true
    }
  }

  /// Enters raw mode and the alternate screen, and starts listening for keys and signals;
  /// `handler` gets each event, on one of Dispatch's threads.
  public func start(handler: @escaping @Sendable (TerminalEvent) -> Void) {
    enter(handler: handler)
    signals = SignalWatcher(SignalWatcher.ending + Self.watched) { [weak self] in
      self?.signalled($0)
    }
    sendTypedAhead()
    let fd = input
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .global())
    // cancelling releases this handler, and with it the source
    source.setEventHandler { [weak self, source] in
      var buffer = [UInt8](repeating: 0, count: 256)
      guard let n = TerminalSession.readInput(fd, into: &buffer) else {
        source.cancel()
        self?.hungUp()
        return
      }
      if n > 0 { self?.typed(buffer[0..<n], at: ContinuousClock.now) }
    }
    source.resume()
    sources.append(source)
  }

  /// Reads what was typed into `buffer`: how many bytes, 0 for none yet (EAGAIN, EINTR), or
  /// `nil` when the terminal's input has ended.
  static func readInput(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n > 0 { return n }
    return n < 0 && (errno == EAGAIN || errno == EINTR) ? 0 : nil
  }

  /// The terminal's input ended: in raw mode only a hang-up ends it. The run ends as SIGHUP
  /// ends it, also where SIGHUP is ignored (`nohup`), which would leave it drawing to nothing.
  func hungUp() { send(.signal(SIGHUP)) }

  /// The signals a session answers besides those that end it.
  static let watched = [SIGWINCH, SIGTSTP, SIGCONT]

  /// Keeps `handler` and enters the terminal.
  func enter(handler: @escaping (TerminalEvent) -> Void) {
    lock.withLock { _ in self.handler = handler }
    enter()
  }

  /// The keys typed while the terminal was asked, to the handler, timed as they came.
  func sendTypedAhead() {
    let typed = lock.withLock { _ in
      defer { typedAhead = [] }
      return typedAhead
    }
    for read in typed {
      for key in Key.decode(read.bytes) { send(.key(key, at: read.at)) }
    }
  }

  /// Bytes read from the terminal: keys for the handler, Ctrl-Z a stop.
  func typed(_ bytes: ArraySlice<UInt8>, at arrived: ContinuousClock.Instant) {
    for key in Key.decode(Array(bytes)) {
      if key == .controlZ { suspend() } else { send(.key(key, at: arrived)) }
    }
  }

  /// Hands `event` to the handler.
  func send(_ event: TerminalEvent) {
    lock.withLock { _ in handler }?(event)
  }

  func signalled(_ number: Int32) {
    switch number {
    case SIGWINCH: send(.resized)
    case SIGTSTP: suspend()
    case SIGCONT: resume()
    default: send(.signal(number))
    }
  }

  /// Ctrl-Z: leave the terminal as found and stop. The stop may take effect after this returns:
  /// coming back is ``resume()``'s, on SIGCONT, never this thread's.
  func suspend() {
    suspended.withLock { $0 = true }
    restore()
    kill(getpid(), SIGSTOP)
  }

  /// SIGCONT after a stop (`fg`): raw mode and the alternate screen again, and a repaint.
  func resume() {
    guard
      suspended.withLock({ was in
        defer { was = false }; return was
      })
    else { return }
    enter()
    send(.resumed)
  }
}
