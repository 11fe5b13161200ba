import ClockworkLive
import ClockworkSystem
import ClockworkTerminal
import Foundation
import Glibc
import Synchronization
import Testing

/// Keys typed before the first frame (while the terminal is asked its colours) are timed as
/// they were typed, not when the mode came to them; and none typed after the question is
/// lost when the session starts (raw mode used to be entered with a flush).
@Suite struct TypedAheadTests {
  final class Events: Sendable {
    let value = Mutex<[TerminalEvent]>([])
  }

  @Test func keysTypedWhileAskingKeepWhenTheyCameAndNoneIsLost() throws {
    var controller: Int32 = 0
    var terminal: Int32 = 0
    #expect(openpty(&controller, &terminal, nil, nil, nil) == 0)
    defer { close(controller) }
    let session = try TerminalSession(input: terminal, output: terminal)
    let before = ContinuousClock.now
    #expect(write(controller, " ", 1) == 1)  // typed before the question: nothing answers it
    _ = session.ask("", timeout: .milliseconds(30))
    #expect(write(controller, "l", 1) == 1)  // typed after it, before the session starts
    var settings = termios()
    tcgetattr(terminal, &settings)
    #expect(settings.c_lflag & tcflag_t(ECHO) == 0, "no echo between the question and the start")
    usleep(20_000)  // the byte reaches the terminal's side before the session starts
    let started = ContinuousClock.now
    let events = Events()
    let loop = PollLoop()
    // The loop ends at the second key, or after a second if one is lost.
    loop.start { _ in loop.stop() }
    loop.schedule(ContinuousClock.now.advanced(by: .seconds(1)))
    session.start(on: loop, grace: .zero) { event in
      events.value.withLock { $0.append(event) }
      if events.value.withLock({ $0.count }) == 2 { loop.stop() }
    }
    loop.runUntilStopped()
    session.restore()
    close(terminal)
    let keys = events.value.withLock { $0 }
    guard case .key(.space, let typed) = keys.first else { return #expect(Bool(false), "\(keys)") }
    #expect(
      typed >= before && typed < started, "the space is timed when it was read, before the start")
    guard keys.count == 2, case .key(.character("l"), _) = keys[1] else {
      return #expect(Bool(false), "\(keys)")
    }
  }
}
