import ClockworkLive
import ClockworkSystem

/// A runner's frames as lines on standard output: a frame is a line, or nothing; a line the same
/// as the last one is not written again (a repaint, or a wall clock stepped back).
public final class LineSink: FrameSink {
  let write: (String) -> Void
  private var last: String?

  public init(write: @escaping (String) -> Void = StandardOutput.line) { self.write = write }

  public func encode(_ frame: String?) -> String? { frame }

  public func show(_ line: String?) {
    guard let line, line != last else { return }
    last = line
    write(line)
  }

  public func rewind() {}
  public func invalidate() {}
  public func finish() {}
}
