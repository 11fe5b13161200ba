import Synchronization

/// Ending a run from outside its queue.
extension FrameRunner {
  /// Ends the run with `status`, from any thread.
  public func stop(_ status: Int32) {
    queue.async { [self] in end(status) }
  }

  /// Takes the run's end from outside, from any thread: true when the runner had not begun to
  /// end by itself (it is drawing a frame, say), and will now never end it; the caller ends the
  /// process. False when the runner is ending or has ended: let it finish.
  public func claimEnd() -> Bool {
    endClaimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
      .exchanged
  }
}
