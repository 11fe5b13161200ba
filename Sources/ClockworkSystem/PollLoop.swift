import CFatalSignals
import CGlibcExtras
import ClockworkLive
import Glibc

/// A live terminal's one thread: waits in `poll` for the descriptors it watches, the signals it
/// was given and the next deadline, and handles each on this thread, in turn. Dispatch would
/// start threads of its own for the same sources, and wake one of them every second to watch
/// the others; this wakes for a frame and for nothing else.
///
/// ```swift
/// let loop = PollLoop()
/// let runner = FrameRunner(mode: mode, sink: sink, clock: ContinuousClock(), wallNow: Date.init, scheduler: loop)
/// let status = runner.run(on: loop) {
///   loop.watch(STDIN_FILENO) { /* read a key, runner.sendNow(…) */ true }
/// }
/// ```
///
/// Deadlines are a `timerfd`'s, set to the instant on `CLOCK_BOOTTIME` (`ContinuousClock`'s):
/// a wait the kernel restarts (a process frozen, then thawed) keeps its end, and time asleep
/// with the machine counts. Signals are the process's: one loop at a time handles them.
/// `@unchecked Sendable`: it is used on the thread that runs it alone.
public final class PollLoop: LoopScheduler, @unchecked Sendable {
  /// The continuous clock's instants the deadlines are given in.
  public typealias Instant = ContinuousClock.Instant
  private let clock = ContinuousClock()
  private let timer = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
  private var watched: [(fd: Int32, readable: () -> Bool)] = [] {
    didSet { watchedChanges += 1 }
  }
  /// Counts changes to what `poll` waits for.
  private var watchedChanges = 0
  /// The signal handler writes each signal's number here, a byte each.
  private var signalPipe: (read: Int32, write: Int32)? {
    didSet { watchedChanges += 1 }
  }
  private var onSignal: ((Int32) -> Void)?
  private var fire: (@Sendable (Instant) -> Void)?
  private var deadline: Instant?
  private var stopped = false

  /// A loop that waits for nothing yet.
  public init() {}

  /// Calls `readable` each time `fd` has something to read (or has ended), until it returns
  /// false.
  public func watch(_ fd: Int32, readable: @escaping () -> Bool) {
    watched.append((fd, readable))
  }

  /// Calls `handler` with each of `signals` as it arrives, until the loop stops (their actions
  /// are then put back). One of `ending` arriving while a frame holds this thread up: unless
  /// the loop has stopped within `grace`, the process ends there with 128 + its number, the
  /// terminal put back as on a crash.
  public func handle(
    signals: [Int32], ending: [Int32], grace: Duration, handler: @escaping (Int32) -> Void
  ) {
    var ends = [Int32](repeating: 0, count: 2)
    guard signalPipe == nil, pipe_with_flags(&ends, O_CLOEXEC | O_NONBLOCK) == 0 else { return }
    signalPipe = (ends[0], ends[1])
    onSignal = handler
    cw_run_signals_install(
      signals, Int32(signals.count), ending, Int32(ending.count), ends[1],
      Int32(grace / .milliseconds(1)))
  }

  /// Sets what runs at each deadline.
  public func start(fire: @escaping @Sendable (Instant) -> Void) { self.fire = fire }

  /// The next deadline, replacing the last; `nil` for none.
  public func schedule(_ instant: Instant?) {
    guard instant != deadline else { return }
    deadline = instant
    var setting = itimerspec()  // all zero: disarmed
    if let instant {
      var now = timespec()
      clock_gettime(CLOCK_BOOTTIME, &now)
      setting.it_value = timespec(now, after: clock.now.duration(to: instant))
    }
    timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &setting, nil)
  }

  /// Ends ``runUntilStopped()`` once the handler that called this returns; claims the run's
  /// end from the signals' grace wait.
  public func stop() {
    stopped = true
    if signalPipe != nil { _ = cw_run_signals_claim_end() }
  }

  /// Handles deadlines, descriptors and signals until ``stop()``; the signals' actions are put
  /// back before it returns.
  public func runUntilStopped() {
    set_timer_slack(1)  // wake within a microsecond of a deadline, not the default 50
    defer { releaseSignals() }
    var polled: [pollfd] = []
    var polledFor = -1
    while !stopped {
      // Made again only when what is watched has changed: a frame's wake allocates nothing.
      if polledFor != watchedChanges {
        polled = ([timer] + watched.map(\.fd) + (signalPipe.map { [$0.read] } ?? [])).map {
          pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        polledFor = watchedChanges
      }
      guard poll(&polled, nfds_t(polled.count), -1) > 0 else { continue }  // EINTR: a signal
      if polled[0].revents != 0 { expire() }
      handleReady(polled.dropFirst())
    }
  }

  /// The timer has gone off: the deadline it was set to has come.
  private func expire() {
    var expirations: UInt64 = 0
    guard read(timer, &expirations, 8) == 8, let due = deadline, let fire else { return }
    deadline = nil
    fire(due)
  }

  private func handleReady(_ polled: ArraySlice<pollfd>) {
    let count = watched.count  // a handler may watch more: they come after these
    var ended: [Int32] = []
    for index in 0..<count where polled[polled.startIndex + index].revents != 0 && !stopped {
      if !watched[index].readable() { ended.append(watched[index].fd) }
    }
    if !ended.isEmpty { watched.removeAll { ended.contains($0.fd) } }
    guard let signals = signalPipe, polled[polled.startIndex + count].revents != 0 else { return }
    var numbers = [UInt8](repeating: 0, count: 16)
    let n = read(signals.read, &numbers, numbers.count)
    for number in numbers.prefix(max(0, n)) where !stopped { onSignal?(Int32(number)) }
  }

  private func releaseSignals() {
    guard let signals = signalPipe else { return }
    cw_run_signals_uninstall()
    close(signals.read)
    close(signals.write)
    signalPipe = nil
  }

  deinit {
    releaseSignals()
    close(timer)
  }
}

extension timespec {
  /// `start` and `wait` later (none if the wait is over).
  init(_ start: timespec, after wait: Duration) {
    let (seconds, attoseconds) = max(.zero, wait).components
    let nanoseconds = start.tv_nsec + Int(attoseconds / 1_000_000_000)
    self.init(
      tv_sec: start.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000,
      tv_nsec: nanoseconds % 1_000_000_000)
  }
}
