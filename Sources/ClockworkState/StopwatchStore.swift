import ClockworkCore
import FoundationEssentials
import Glibc

/// A stopwatch's state on disk: resumed on start, saved on every change, archived by
/// `--new`, listed by `--history`, guarded by a lock. The stopwatch with no name is
/// `stopwatch.json`; one named (`stopwatch --name lap`) is `stopwatches/lap.json`.
public final class StopwatchStore {
  /// The state folder.
  public let directory: StateDirectory
  /// Its name; `nil`: the stopwatch with no name.
  public let name: String?
  /// The current stopwatch's file.
  public let file: StateFile<StoredStopwatch>
  let lockURL: URL
  /// The lock held while this process owns the stopwatch; nil when read-only or not taken.
  public private(set) var lock: StateLock?
  /// Another process owns the stopwatch: show it, do not write.
  public private(set) var readOnly = false
  /// The last save failed (read-only or full disk): said once in the UI.
  public private(set) var saveError: String?
  /// When the current stopwatch was first started (for the history).
  public var started: Date?

  /// The store in the user's state folder (`$XDG_STATE_HOME/clockwork`).
  /// - Parameters:
  ///   - environment: where `XDG_STATE_HOME` and `HOME` are read.
  ///   - name: the stopwatch's name (see ``StateDirectory/validName(_:)``); `nil`: the one with no name.
  public convenience init(
    environment: [String: String] = ProcessEnvironment.current, name: String? = nil
  ) {
    self.init(directory: StateDirectory(environment: environment), name: name)
  }

  /// The store in `directory`.
  /// - Parameters:
  ///   - directory: the state folder.
  ///   - name: the stopwatch's name (see ``StateDirectory/validName(_:)``); `nil`: the one with no name.
  public init(directory: StateDirectory, name: String? = nil) {
    self.directory = directory
    self.name = name
    let base = name.map { directory.filePath("\(Self.namedFolder)/\($0)") }
    file = StateFile(path: base.map { "\($0).json" } ?? directory.filePath("stopwatch.json"))
    lockURL = URL(
      fileURLWithPath: base.map { "\($0).lock" } ?? directory.filePath("stopwatch.lock"),
      isDirectory: false)
  }

  /// The folder of the named stopwatches: a file each.
  static let namedFolder = "stopwatches"

  /// The stopwatch with no name, then the named ones by name, each saved or not.
  public static func all(in directory: StateDirectory) -> [StopwatchStore] {
    let names = directory.names(in: namedFolder).filter {
      $0.hasSuffix(".json") && !$0.hasPrefix(".")
    }
    .map { String($0.dropLast(".json".count)) }.filter(StateDirectory.validName).sorted()
    return [StopwatchStore(directory: directory)]
      + names.map { StopwatchStore(directory: directory, name: $0) }
  }

  /// Where archived stopwatches are kept, a file each.
  public var historyFolder: URL { directory.file("history") }

  /// Takes the lock, or learns who holds it. With `take`, asks the holder to quit (SIGTERM)
  /// and waits up to two seconds for the lock.
  public func claim(take: Bool) -> StopwatchClaim {
    switch StateLock.acquire(lockURL) {
    case .acquired(let lock):
      self.lock = lock
      return .owned
    case .failed(let error):
      readOnly = false
      return .unsaved(error)
    case .heldBy(let pid):
      guard take, let pid, pid > 0 else {
        readOnly = true
        return .readOnly(owner: pid)
      }
      kill(pid, SIGTERM)
      for _ in 0..<40 {
        usleep(50_000)
        if case .acquired(let lock) = StateLock.acquire(lockURL) {
          self.lock = lock
          return .tookOver(from: pid)
        }
      }
      readOnly = true
      return .couldNotTake(from: pid)
    }
  }

  /// The saved stopwatch on `clock`, or a new one; notes say what happened to odd files.
  public func resume(at now: ContinuousClock.Instant, wallNow: Date = Date()) -> (
    Stopwatch<ContinuousClock.Instant>, [String]
  ) {
    let (stored, warning) = file.load(now: wallNow)
    var notes = warning.map { [$0] } ?? []
    guard let stored else { return (Stopwatch(), notes) }
    started = stored.started.map { Date(timeIntervalSince1970: $0) }
    let (watch, note) = stored.restored(at: now, wallNow: wallNow)
    if let note { notes.append(note) }
    return (watch, notes)
  }

  /// Saves at once (atomically). Failures are remembered, not thrown: the app keeps running.
  public func save(
    _ watch: Stopwatch<ContinuousClock.Instant>, at now: ContinuousClock.Instant,
    wallNow: Date = Date()
  ) {
    guard !readOnly else { return }
    if watch.phase != .idle && started == nil { started = wallNow }
    do {
      try file.save(
        StoredStopwatch(watch, at: now, wallNow: wallNow, started: started, name: name))
      saveError = nil
    } catch {
      saveError = "state could not be saved (\(error.problem))"
    }
  }

  /// Moves the current stopwatch into the history, stopped at `wallNow`. Never deletes or
  /// overwrites a session: two archived in one second are `stopwatch-<t>.json` and
  /// `stopwatch-<t>-2.json` (the lock makes this the only writer).
  /// A stopped stopwatch of no laps and under a second (started and stopped at once, as a plain
  /// run whose input was empty) is no session: it is removed, not kept in the history.
  /// - Returns: a warning if the current file could not be read (it is set aside instead).
  public func archive(wallNow: Date = Date()) throws -> String? {
    let (stored, warning) = file.load(now: wallNow)
    guard let stored else { return warning }
    if stored.phase != .running, stored.laps.isEmpty, stored.elapsed < 1 {
      try file.remove()
      started = nil
      return nil
    }
    let stamp = Int(wallNow.timeIntervalSince1970)
    var archived = historyFolder.appendingPathComponent("stopwatch-\(stamp).json")
    var copy = 1
    while FileManager.default.fileExists(atPath: archived.path) {
      copy += 1
      archived = historyFolder.appendingPathComponent("stopwatch-\(stamp)-\(copy).json")
    }
    do { try StateFile<StoredStopwatch>(url: archived).save(stored.ending(atWall: wallNow)) } catch
    {
      throw StateError(path: archived.path, problem: "cannot archive the stopwatch: \(error)")
    }
    try file.remove()
    started = nil
    return nil
  }

  /// Past sessions, oldest first.
  public func history() -> [(url: URL, stored: StoredStopwatch)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: historyFolder.path)) ?? []
    return names.filter { $0.hasPrefix("stopwatch-") && $0.hasSuffix(".json") }
      .sorted { Self.archiveOrder($0).lexicographicallyPrecedes(Self.archiveOrder($1)) }
      .compactMap { name in
        let url = historyFolder.appendingPathComponent(name)
        guard let stored = StateFile<StoredStopwatch>(url: url).load().value else { return nil }
        return (url, stored)
      }
  }

  /// `stopwatch-1700000000-2.json` → [1700000000, 2]: by time, then by copy.
  static func archiveOrder(_ name: String) -> [Int] {
    name.dropFirst("stopwatch-".count).dropLast(".json".count).split(separator: "-").compactMap {
      Int($0)
    }
  }
}

/// Whether this process owns the stopwatch (and saves it), or shows another's.
public enum StopwatchClaim: Equatable, Sendable {
  case owned
  /// Owned, but its lock cannot be taken: it will not be saved.
  case unsaved(StateError)
  /// Another process owns it: shown read-only.
  case readOnly(owner: pid_t?)
  case tookOver(from: pid_t)
  /// The owner did not let go: shown read-only.
  case couldNotTake(from: pid_t)
}
