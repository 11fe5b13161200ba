/// A ``DeadlineScheduler`` that is the loop of the thread it runs on: its deadlines, and the
/// events of whatever else it watches, are handled on the thread in ``runUntilStopped()``,
/// which returns once ``DeadlineScheduler/stop()`` has been called (from a handler).
public protocol LoopScheduler<Instant>: DeadlineScheduler {
  /// Waits for deadlines and events and handles each in turn, until stopped.
  func runUntilStopped()
}

/// The two ways a run goes: on Dispatch's threads until its end is awaited, or on the calling
/// thread alone, with a loop.
extension FrameRunner {
  /// Runs until the mode quits or a signal ends it; returns the exit status. The sink has
  /// finished (the surface is restored) before this returns.
  /// - Parameter begin: runs on the runner's queue before the first frame (start the sources
  ///   of events here: what they send after it is handled in turn).
  public func run(begin: @escaping @Sendable () -> Void = {}) async -> Int32 {
    await withCheckedContinuation { finish in
      queue.async { [self] in
        self.finish = finish
        start(begin)
      }
    }
  }

  /// Runs until the mode quits or a signal ends it, on this thread, with `loop` (the runner's
  /// own scheduler): no other thread is woken. Returns the exit status; the sink has finished
  /// before this returns. `begin` starts the sources of events on the loop; their handlers
  /// hand events in with ``sendNow(_:)``.
  public func run(on loop: some LoopScheduler<C.Instant>, begin: () -> Void = {}) -> Int32 {
    precondition(loop === scheduler, "a runner runs on the loop that is its scheduler")
    queue.sync {
      sentWhileStarting = []
      start(begin)
      let sent = sentWhileStarting ?? []
      sentWhileStarting = nil
      for handling in sent { handling() }
    }
    loop.runUntilStopped()
    return queue.sync { endStatus ?? ExitStatus.failure }
  }

  /// Handles an event now, on the calling thread: for a run on a loop, from the loop's handlers
  /// (never from inside a frame). One handed in by `begin` (a key typed before the start) is
  /// handled once the first frame is shown, as a ``send(_:)`` would be.
  public func sendNow(_ event: RunnerEvent<Mode.Input>) {
    handleNow { [self] in handle(event) }
  }

  /// Handles an input now, as ``send(_:arrivedAt:)`` does later.
  public func sendNow(_ input: Mode.Input, arrivedAt arrival: C.Instant) {
    handleNow { [self] in
      guard running else { return }
      tell(input, at: moment(at: arrival))
    }
  }

  /// Runs `handling` on the queue, or after the first frame when the run on a loop is starting:
  /// the queue is this thread's then, and entering it again would stop the process.
  private func handleNow(_ handling: @escaping () -> Void) {
    if sentWhileStarting != nil {
      sentWhileStarting?.append(handling)
    } else {
      queue.sync(execute: handling)
    }
  }
}
