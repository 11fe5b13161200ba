import ClockworkCore
import ClockworkState
import FoundationEssentials
import Glibc
import SystemPackage

/// What was timed: each timer or sequence phase that finished, was cancelled or skipped, a
/// JSON line each in `history/timers.jsonl`, newest last. Appended by whoever ends it (the
/// ringer that claimed the end, `--cancel`, `--next`, a window's n), so each end is written once.
/// Bounded: past ``limit`` bytes the older half is dropped.
///
/// ```swift
/// let history = TimerHistory(directory: StateDirectory(environment: env))
/// history.records(since: .now.addingTimeInterval(-86_400))
/// ```
public struct TimerHistory: Sendable {
  /// The log.
  public let url: URL
  /// Its size before the older half is dropped.
  public let limit: Int

  /// The history of `directory`'s timers.
  /// - Parameters:
  ///   - directory: the state folder.
  ///   - limit: bytes kept before the older half is dropped (1 MiB: some 7000 ends).
  public init(directory: StateDirectory, limit: Int = 1 << 20) {
    url = directory.file("history").appendingPathComponent("timers.jsonl")
    self.limit = limit
  }

  /// How a timer or phase came to its end.
  public enum Outcome: String, Codable, Sendable, CaseIterable {
    /// Counted down to zero and rang.
    case finished
    /// Stopped before its end (`--cancel`, a plain run interrupted).
    case cancelled
    /// A sequence's phase cut short for the next (`--next`, n).
    case skipped
  }

  /// One end, as logged.
  public struct Record: Codable, Sendable, Hashable {
    /// The timer's name.
    public var name: String
    /// In a sequence, the phase ("work 2/4").
    public var phase: String?
    /// When it started (wall time, seconds since 1970), where known.
    public var started: Double?
    /// When it ended (wall time, seconds since 1970).
    public var ended: Double
    /// Seconds it was to count (with time added or taken off).
    public var planned: Double
    /// Seconds it counted.
    public var actual: Double
    /// How it ended.
    public var outcome: Outcome

    /// `timer` as it ends at `ended`, how it ended.
    public init(_ timer: StoredTimer, ended: Date, outcome: Outcome) {
      name = timer.name
      phase = timer.phaseLabel
      started = timer.started
      self.ended = ended.timeIntervalSince1970
      planned = timer.duration
      actual = ((timer.duration - timer.remaining(atWall: ended)) * 1000).rounded() / 1000
      self.outcome = outcome
    }

    /// The name of its sequence's phase alone ("work"), in a sequence.
    public var phaseName: String? {
      phase.flatMap { $0.split(separator: " ").first.map(String.init) }
    }
  }

  /// Appends `record`; a log that cannot be written (a full disk, a read-only folder) is said,
  /// not thrown: the end itself is what matters.
  /// - Returns: why it could not be written, if it could not.
  @discardableResult
  public func append(_ record: Record) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(record) else {
      return "the history entry could not be encoded"
    }
    let lock = StateLock.acquire(url.appendingPathExtension("lock"), waiting: true)
    if case .failed(let error) = lock {
      return "the history could not be written (\(error.problem))"
    }
    defer { withExtendedLifetime(lock) {} }
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      return "the history could not be written (\(String(cString: strerror(errno))))"
    }
    let written = (try? FileDescriptor(rawValue: fd).writeAll(data + Data("\n".utf8))) != nil
    var size = stat()
    let length = fstat(fd, &size) == 0 ? Int(size.st_size) : 0
    close(fd)
    guard written else { return "the history could not be written (a write failed)" }
    if length > limit { return trim() }
    return nil
  }

  /// Keeps the newer half of the log (under the lock).
  func trim() -> String? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    let lines = data.split(separator: UInt8(ascii: "\n"))
    var kept: [Data.SubSequence] = []
    var size = 0
    for line in lines.reversed() {
      size += line.count + 1
      if size > limit / 2 { break }
      kept.append(line)
    }
    let text = kept.reversed().reduce(into: Data()) { $0 += $1 + Data("\n".utf8) }
    do { try AtomicFile.write(text, to: url) } catch {
      return "the history could not be trimmed (\(error.problem))"
    }
    return nil
  }

  /// The ends logged, oldest first, from `since` on; a line that cannot be read is skipped.
  public func records(since: Date? = nil) -> [Record] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).compactMap {
      try? decoder.decode(Record.self, from: Data($0))
    }.filter { record in since.map { record.ended >= $0.timeIntervalSince1970 } ?? true }
  }
}
