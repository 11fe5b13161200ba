import ClockworkTerminal
import Foundation

/// What a live mode wants after an event.
enum LiveAction: Equatable {
  case keepGoing
  /// The mode's state changed at a tick: draw now rather than wait for the next frame.
  case redraw
  case quit(Int32)
}

/// A live mode: reacts to keys and ticks, draws a frame, and says when it next changes.
protocol LiveMode: AnyObject {
  func handle(_ key: Key) -> LiveAction
  /// Called at the deadline the mode asked for, once its frame is on screen.
  func tick() -> LiveAction
  /// The whole screen as it should look at `instant` (now, or the next deadline).
  func frame(size: TerminalSize, at instant: ContinuousClock.Instant) throws -> CellGrid
  /// When the screen next changes visibly after `now`, or `nil` when nothing will change by
  /// itself.
  func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant?
}

/// Runs a live mode in the terminal: one event at a time (keys, signals, resizes, deadline
/// ticks), written as a damage diff in one `write`. Nothing wakes between deadlines.
///
/// Frames are rendered ahead: as soon as one is on screen, the next is drawn for its deadline
/// and held; at the deadline only the `write` is left, so the change lands within a fraction of
/// a millisecond of it. A key or a resize throws the held frame away.
final class LiveLoop {
  let session: TerminalSession
  var writer: DamageWriter
  let clock = ContinuousClock()
  private var tickTask: Task<Void, Never>?
  static let aheadMargin = Duration.milliseconds(1)
  /// The next frame's bytes and the writer as it will be once they are written.
  private var held: (bytes: [UInt8], writer: DamageWriter)?

  init(session: TerminalSession, colorMode: ColorMode) {
    self.session = session
    writer = DamageWriter(colorMode: colorMode)
  }

  /// Runs until the mode quits or a signal arrives; returns the exit status. The terminal is
  /// restored before this returns.
  func run(_ mode: LiveMode) async -> Int32 {
    session.start()
    defer {
      tickTask?.cancel()
      let farewell = writer.farewell()
      if !farewell.isEmpty { session.write(farewell) }
      session.restore()
    }
    do {
      try draw(mode)
      try prepareNext(mode)
    } catch { return fail(error) }
    for await event in session.events {
      let action: LiveAction
      var onTime = false
      switch event {
      case .key(let key): action = mode.handle(key)
      case .tick:
        if let held {
          if !held.bytes.isEmpty { session.write(held.bytes) }
          writer = held.writer
          onTime = true
        }
        action = mode.tick()
      case .resized, .resumed:
        writer.invalidate()
        action = .keepGoing
      case .signal(let number): action = .quit(128 + number)
      }
      held = nil
      if case .quit(let status) = action { return status }
      do {
        if !onTime || action == .redraw { try draw(mode) }
        try prepareNext(mode)
      } catch { return fail(error) }
    }
    return 0
  }

  /// Draws the screen as it is now.
  func draw(_ mode: LiveMode) throws {
    let bytes = writer.frameBytes(try mode.frame(size: session.size, at: clock.now))
    if !bytes.isEmpty { session.write(bytes) }
  }

  /// Renders the frame for the next deadline and holds it until then.
  func prepareNext(_ mode: LiveMode) throws {
    guard let deadline = mode.nextDeadline(after: clock.now) else {
      schedule(nil)
      return
    }
    var next = writer
    // Drawn for a hair after the deadline: a deadline computed from a clock reading can land a
    // few nanoseconds before the change it is for, and the frame would then show the old
    // reading until the next deadline (measured: timer seconds up to 0.4 s late).
    let bytes = next.frameBytes(try mode.frame(size: session.size, at: deadline.advanced(by: Self.aheadMargin)))
    held = (bytes, next)
    schedule(deadline)
  }

  /// One pending tick at a time: a new deadline replaces the old one.
  func schedule(_ deadline: ContinuousClock.Instant?) {
    tickTask?.cancel()
    guard let deadline else {
      tickTask = nil
      return
    }
    let clock = clock
    let session = session
    tickTask = Task {
      do { try await clock.sleep(until: deadline, tolerance: .zero) } catch { return }
      session.send(.tick)
    }
  }

  func fail(_ error: Error) -> Int32 {
    session.restore()
    Output.error("clockwork: \(error)")
    return 1
  }
}
