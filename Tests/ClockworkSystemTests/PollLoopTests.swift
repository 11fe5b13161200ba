import ClockworkLive
import Foundation
import Glibc
import Synchronization
import Testing

@testable import ClockworkSystem

/// The live terminal's one thread: deadlines, descriptors and signals are handled on the thread
/// that runs the loop, in turn, and the signals' actions are put back when it stops.
@Suite(.serialized) struct PollLoopTests {
  final class Log: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  /// A deadline already over fires at once; a descriptor's handler runs when it has bytes, and
  /// is not called again once it has said it is done.
  @Test func deadlinesAndDescriptorsAreHandledOnTheLoopsThread() throws {
    let loop = PollLoop()
    let log = Log()
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    let thread = pthread_self()
    loop.start { [unowned loop] _ in
      log.add("deadline, same thread: \(pthread_equal(pthread_self(), thread) != 0)")
      _ = write(writeEnd, "ab", 2)
      close(writeEnd)
      loop.schedule(nil)
    }
    loop.watch(readEnd) { [unowned loop] in
      var byte: UInt8 = 0
      let n = read(readEnd, &byte, 1)
      log.add(n > 0 ? "read \(Character(UnicodeScalar(byte)))" : "end")
      if n <= 0 { loop.stop() }
      return n > 0
    }
    loop.schedule(ContinuousClock.now.advanced(by: .milliseconds(-1)))
    loop.runUntilStopped()
    #expect(log.all == ["deadline, same thread: true", "read a", "read b", "end"])
  }

  /// A signal reaches its handler through the loop, not in a C handler; once the loop has
  /// stopped, the signal's action is the one it had before.
  @Test func signalsAreHandledInTurnAndTheirActionsPutBack() throws {
    let loop = PollLoop()
    let log = Log()
    loop.handle(signals: [SIGWINCH, SIGUSR2], ending: [SIGUSR2], grace: .zero) {
      [unowned loop] number in
      log.add(number == SIGWINCH ? "WINCH" : "USR2")
      if number == SIGUSR2 { loop.stop() }
    }
    // To the process, as a shell sends it: the test runner's threads may block signals.
    loop.start { _ in
      kill(getpid(), SIGWINCH)
      kill(getpid(), SIGUSR2)
    }
    loop.schedule(ContinuousClock.now)
    loop.runUntilStopped()
    #expect(log.all == ["WINCH", "USR2"])
    var action = sigaction()
    sigaction(SIGUSR2, nil, &action)
    #expect(action.__sigaction_handler.sa_handler == nil, "SIG_DFL again")
  }

  /// A mode that shows what it was told, has no deadline of its own, and quits on "q".
  final class Told: LiveMode {
    typealias Instant = ContinuousClock.Instant
    var said = "-"
    func frame(at moment: Moment<Instant>, on canvas: Void) -> Planned<String, Instant> {
      Planned(said, next: nil)
    }
    func handle(_ input: String, at moment: Moment<Instant>) -> LiveAction {
      said = input
      return input == "q" ? .quit(7) : .redraw
    }
    func tick(at moment: Moment<Instant>) -> LiveAction { .keepGoing }
  }

  final class Shown: FrameSink {
    let log: Log
    init(log: Log) { self.log = log }
    func encode(_ frame: String) -> String { frame }
    func show(_ frame: String) { log.add(frame) }
    func rewind() {}
    func invalidate() {}
    func finish() { log.add("finish") }
  }

  /// A runner on the loop: what its handlers send is handled at once, in turn, and the run
  /// returns when the mode quits, or with 128 + a signal's number, its sink finished.
  @Test(arguments: [("b\nq\n", Int32(7)), ("b\n", Int32(143))])
  func aRunnerOnTheLoopEndsAsItsModeOrASignalSays(typed: String, status: Int32) throws {
    let loop = PollLoop()
    let log = Log()
    let runner = FrameRunner(
      mode: Told(), sink: Shown(log: log), clock: ContinuousClock(), wallNow: { Date() },
      scheduler: loop)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    _ = write(writeEnd, typed, typed.utf8.count)
    close(writeEnd)
    let ended = runner.run(on: loop) {
      loop.watch(readEnd) {
        var byte: UInt8 = 0
        guard read(readEnd, &byte, 1) == 1 else {
          runner.sendNow(.signal(SIGTERM))  // as a hangup would end it
          return false
        }
        if byte != UInt8(ascii: "\n") {
          runner.sendNow(String(UnicodeScalar(byte)), arrivedAt: .now)
        }
        return true
      }
    }
    #expect(ended == status)
    #expect(
      log.all == ["-", "b", "finish"], "q ends before a frame; nothing is shown after the end")
  }

  /// What the handlers hand in while the run starts (a session sends the keys typed while the
  /// terminal was asked from inside `begin`) is handled after the first frame, in turn: it
  /// used to enter the runner's queue from itself, which stops the process (SIGILL).
  @Test func whatIsHandedInWhileTheRunStartsIsHandledAfterTheFirstFrame() throws {
    let loop = PollLoop()
    let log = Log()
    let runner = FrameRunner(
      mode: Told(), sink: Shown(log: log), clock: ContinuousClock(), wallNow: { Date() },
      scheduler: loop)
    let ended = runner.run(on: loop) {
      runner.sendNow("b", arrivedAt: .now)
      runner.sendNow(.repaint)
      runner.sendNow("q", arrivedAt: .now)
    }
    #expect(ended == 7)
    #expect(log.all == ["-", "b", "b", "finish"], "the first frame, b, b again repainted, q")
  }
}
