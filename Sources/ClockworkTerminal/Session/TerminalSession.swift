import ClockworkLive
import ClockworkSystem
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import SystemPackage

/// What a live mode reacts to.
public enum TerminalEvent: Sendable, Equatable {
  /// A key, and when it arrived: one typed while the terminal was asked a question, before the
  /// first frame, is handled after it but timed as typed.
  case key(Key, at: ContinuousClock.Instant)
  case resized
  /// The process came back from a stop (Ctrl-Z, then `fg`): everything must be repainted.
  case resumed
  /// SIGINT, SIGTERM or SIGHUP: leave at once.
  case signal(Int32)
}

/// The terminal while a live mode runs: raw mode, the alternate screen, a hidden cursor, and all
/// of it undone on every way out.
///
/// ```swift
/// let session = try TerminalSession()
/// let loop = PollLoop()
/// session.start(on: loop, grace: .milliseconds(60)) { event in runner.sendNow(…) }
/// // or, its events on Dispatch's threads:
/// session.start { event in runner.send(…) }
/// ```
///
/// Signals arrive through the loop or `SignalWatcher` (no work in a C handler). SIGTSTP (or the Ctrl-Z key, which
/// raw mode delivers as a byte) restores the terminal and stops; only SIGCONT brings it back:
/// raw mode is applied again over whatever the shell left, and `.resumed` is reported.
public final class TerminalSession: @unchecked Sendable {  // state is guarded by `lock`
  var handler: ((TerminalEvent) -> Void)?
  var sources: [any DispatchSourceProtocol] = []
  var signals: SignalWatcher?
  let input: Int32
  let output: Int32
  let lock = Mutex(())
  private var saved: termios?
  private var active = false
  /// Stopped by Ctrl-Z: the terminal is the shell's until SIGCONT.
  let suspended = Mutex(false)
  /// Keys typed while ``ask(_:timeout:)`` waited, for the handler when it starts: each read's
  /// bytes and when they came.
  var typedAhead: [(bytes: [UInt8], at: ContinuousClock.Instant)] = []
  /// What else puts the terminal back on every way out (palette entries as they were found).
  private var alsoLeaving = ""
  /// Whether clicks are reported (as `Key.click`) while the session is on: set before
  /// ``start(handler:)``. Selecting text with the mouse then needs Shift in most terminals.
  public var reportsClicks = false

  /// - Throws: ``NotATerminal`` unless standard input and output are both terminals.
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(NotATerminal) {
    guard isatty(input) == 1, isatty(output) == 1 else { throw NotATerminal() }
    self.input = input
    self.output = output
  }

  /// The terminal's size now; 80×24 when it does not say.
  public var size: TerminalSize {
    TerminalSize.read(fd: output) ?? TerminalSize(columns: 80, rows: 24)
  }

  /// The terminal's background colour: asked (OSC 11), else from `COLORFGBG` (rxvt, Konsole),
  /// else nil, which the screens take as dark. The Linux console is not asked (it would show
  /// the query) and is dark.
  public func background(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> RGB?
  {
    look(environment: environment).background
  }

  /// The background (as ``background(environment:)``) and the colours of palette `entries`,
  /// asked together: entries the terminal did not report are missing.
  public func look(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    entries: ClosedRange<UInt8>? = nil
  ) -> (background: RGB?, palette: [UInt8: RGB]) {
    guard environment["TERM"] != "linux" else { return (nil, [:]) }
    let replies = ask(
      Escape.askBackground + (entries.map { $0.map(Escape.askPalette).joined() } ?? ""))
    if let answered = replies.background { return (answered, replies.palette) }
    // "15;0": foreground 15 on background 0, as ANSI colour numbers.
    guard let last = environment["COLORFGBG"]?.split(separator: ";").last, let index = Int(last),
      (0..<16).contains(index)
    else {
      return (nil, replies.palette)
    }
    return (Palette.ansi16[index], replies.palette)
  }

  /// Palette entries the mode will change, with their colours as found (from ``ask(_:timeout:)``):
  /// they are set back on every way out, a crash's included. Call before ``start(handler:)``.
  public func restoresPalette(_ entries: [UInt8: RGB]) {
    lock.withLock { _ in
      alsoLeaving =
        entries.isEmpty
        ? "" : Escape.setPalette(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
  }

  /// Sends `queries` (escape sequences whose replies ``TerminalReplies`` reads) and waits for
  /// the replies, at most `timeout`: a device-attributes query goes last, and its answer ends
  /// the wait at once. Keys typed meanwhile go to the handler when it starts, with when they
  /// came. The terminal stays in raw mode from here (no echo of the replies or of keys, and
  /// no wait for a line) until ``restore()``. Call before ``start(handler:)``.
  public func ask(_ queries: String, timeout: Duration = .milliseconds(300)) -> TerminalReplies {
    guard makeRaw() else { return TerminalReplies() }
    write(queries + Escape.askDeviceAttributes)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var bytes: [UInt8] = []
    var reads: [(end: Int, at: ContinuousClock.Instant)] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while case let left = clock.now.duration(to: deadline), left > .zero {
      var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up)))
      if polled < 0 && errno == EINTR { continue }
      guard polled > 0 else { break }
      let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      bytes += buffer[0..<n]
      reads.append((bytes.count, clock.now))
      if TerminalReplies(bytes).isComplete { break }
    }
    let replies = TerminalReplies(bytes)
    var typed: [(bytes: [UInt8], at: ContinuousClock.Instant)] = []
    for (byte, offset) in zip(replies.rest, replies.restOffsets) {
      guard let at = reads.first(where: { offset < $0.end })?.at else { continue }
      if typed.last?.at == at {
        typed[typed.count - 1].bytes.append(byte)
      } else {
        typed.append(([byte], at))
      }
    }
    lock.withLock { _ in typedAhead += typed }
    return replies
  }

  /// Raw mode, the terminal's own settings kept for ``restore()``; false if it has none.
  func makeRaw() -> Bool {
    lock.withLock { _ in
      guard saved == nil else { return true }
      var attributes = termios()
      guard tcgetattr(input, &attributes) == 0 else { return false }
      saved = attributes
      var raw = attributes
      cfmakeraw(&raw)
      raw.c_oflag |= tcflag_t(OPOST | ONLCR)  // keep "\n" meaning a new line for our own text
      tcsetattr(input, TCSANOW, &raw)  // TCSANOW: keys typed already are kept, not flushed
      FatalSignals.terminalEntered(input: input, output: output, saved: attributes, restore: "")
      return true
    }
  }

  func enter() {
    _ = makeRaw()
    lock.withLock { _ in
      guard !active else { return }
      if let saved {
        FatalSignals.terminalEntered(
          input: input, output: output, saved: saved, restore: Self.leaving + alsoLeaving)
      }
      active = true
      write(
        Escape.saveTitle + Escape.enterAlternateScreen + Escape.hideCursor + Escape.disableWrap
          + Escape.clearScreen + (reportsClicks ? Escape.enableMouse : ""))
    }
  }

  /// (Mouse reporting is switched off whether or not it was on: the sequence is harmless.)
  static let leaving =
    Escape.disableMouse + Escape.resetStyle + Escape.enableWrap + Escape.showCursor
    + Escape.leaveAlternateScreen + Escape.restoreTitle

  /// Puts the terminal back as it was found. Safe to call more than once.
  public func restore() {
    lock.withLock { _ in
      if active { write(Self.leaving + alsoLeaving) }
      active = false
      guard var attributes = saved else { return }
      saved = nil
      FatalSignals.terminalLeft()
      tcsetattr(input, TCSAFLUSH, &attributes)
    }
  }

  /// Writes `text` in as few `write` calls as the kernel allows (one, normally).
  public func write(_ text: String) { write(Array(text.utf8)) }

  /// Writes `bytes` in as few `write` calls as the kernel allows (one, normally).
  public func write(_ bytes: [UInt8]) {
    _ = try? FileDescriptor(rawValue: output).writeAll(bytes)
  }

  deinit {
    for source in sources { source.cancel() }
    restore()
  }
}

/// Standard input or output is not a terminal (a pipe or a file).
public struct NotATerminal: Error, CustomStringConvertible {
  /// Says that the live view needs a terminal.
  public var description: String {
    "standard input and output must be a terminal for the live view"
  }
}
