import ClockworkLive
import ClockworkSystem
import SystemPackage

/// A runner's frames as lines on standard output: a frame is a line, or nothing; a line the same
/// as the last one is not written again (a repaint, or a wall clock stepped back).
public final class LineSink: FrameSink {
  let write: (String) throws -> Void
  private var last: String?

  /// - Parameter write: a line out; when it throws, the run ends with that failure.
  public init(write: @escaping (String) throws -> Void = { try StandardOutput.checkedLine($0) }) {
    self.write = write
  }

  /// A frame is already its line.
  public func encode(_ frame: String?) -> String? { frame }

  /// Writes `line`, unless it is missing or the same as the last.
  public func show(_ line: String?) throws {
    guard let line, line != last else { return }
    last = line
    do { try write(line) } catch { throw OutputFailure(reason: error) }
  }

  /// Nothing is buffered: nothing to forget.
  public func rewind() {}
  /// The next line is written whatever the last one was.
  public func invalidate() {}
  /// Nothing to put back.
  public func finish() {}
}

/// Standard output cannot be written (a full disk, a closed descriptor).
struct OutputFailure: Error, CustomStringConvertible {
  var reason: any Error
  var description: String {
    "cannot write to standard output: \((reason as? Errno)?.description ?? "\(reason)")"
  }
}
