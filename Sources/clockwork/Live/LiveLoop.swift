import ClockworkTerminal
import Foundation

/// What a live mode wants after an event.
enum LiveAction: Equatable {
  case keepGoing
  case quit(Int32)
}

/// A live mode: reacts to keys and ticks, draws a frame, and says when it next changes.
protocol LiveMode: AnyObject {
  func handle(_ key: Key) -> LiveAction
  /// Called at the deadline the mode asked for.
  func tick() -> LiveAction
  /// The whole screen.
  func frame(size: TerminalSize) throws -> CellGrid
  /// When the screen next changes visibly, or `nil` when nothing will change by itself.
  func nextDeadline() -> ContinuousClock.Instant?
}

/// Runs a live mode in the terminal: one event at a time (keys, signals, resizes, deadline
/// ticks), a frame after each, written as a damage diff in one `write`. Nothing wakes between
/// deadlines.
final class LiveLoop {
  let session: TerminalSession
  var writer: DamageWriter
  let clock = ContinuousClock()
  private var tickTask: Task<Void, Never>?

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
      session.restore()
    }
    do { try draw(mode) } catch { return fail(error) }
    for await event in session.events {
      let action: LiveAction
      switch event {
      case .key(let key): action = mode.handle(key)
      case .tick: action = mode.tick()
      case .resized, .resumed:
        writer.invalidate()
        action = .keepGoing
      case .signal(let number): action = .quit(128 + number)
      }
      if case .quit(let status) = action { return status }
      do { try draw(mode) } catch { return fail(error) }
    }
    return 0
  }

  func draw(_ mode: LiveMode) throws {
    let bytes = writer.frame(try mode.frame(size: session.size))
    if !bytes.isEmpty { session.write(bytes) }
    schedule(mode.nextDeadline())
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
