import ClockworkCore
import ClockworkState
import FoundationEssentials
import Glibc

/// The stopwatch's state on disk: resumed on start, saved on every change, archived by
/// `--new`, listed by `--history`, guarded by a lock.
final class StopwatchStore {
  let directory: StateDirectory
  let file: StateFile<StoredStopwatch>
  private(set) var lock: StateLock?
  /// Another process owns the stopwatch: show it, do not write.
  private(set) var readOnly = false
  /// The last save failed (read-only or full disk): said once in the UI.
  private(set) var saveError: String?
  var started: Date?

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    directory = StateDirectory(environment: environment)
    file = StateFile(url: directory.file("stopwatch.json"))
  }

  var historyFolder: URL { directory.file("history") }

  /// Takes the lock, or learns who holds it. With `take`, asks the holder to quit (SIGTERM)
  /// and waits up to two seconds for the lock.
  /// - Returns: a note for the user, if any.
  func claim(take: Bool) -> String? {
    switch StateLock.acquire(directory.file("stopwatch.lock")) {
    case .acquired(let lock):
      self.lock = lock
      return nil
    case .failed(let error):
      readOnly = false
      return "warning: \(error); the stopwatch will not be saved"
    case .heldBy(let pid):
      guard take, let pid, pid > 0 else {
        readOnly = true
        return "another clockwork (pid \(pid.map(String.init) ?? "?")) owns this stopwatch: showing it read-only (--take to take it over)"
      }
      kill(pid, SIGTERM)
      for _ in 0..<40 {
        usleep(50_000)
        if case .acquired(let lock) = StateLock.acquire(directory.file("stopwatch.lock")) {
          self.lock = lock
          return "took the stopwatch over from pid \(pid)"
        }
      }
      readOnly = true
      return "could not take the stopwatch over from pid \(pid): showing it read-only"
    }
  }

  /// The saved stopwatch on `clock`, or a new one; notes say what happened to odd files.
  func resume(at now: ContinuousClock.Instant, wallNow: Date = Date()) -> (Stopwatch<ContinuousClock.Instant>, [String]) {
    let (stored, warning) = file.load(now: wallNow)
    var notes = warning.map { [$0] } ?? []
    guard let stored else { return (Stopwatch(), notes) }
    started = stored.started.map { Date(timeIntervalSince1970: $0) }
    let (watch, note) = stored.restored(at: now, wallNow: wallNow)
    if let note { notes.append(note) }
    return (watch, notes)
  }

  /// Saves at once (atomically). Failures are remembered, not thrown: the app keeps running.
  func save(_ watch: Stopwatch<ContinuousClock.Instant>, at now: ContinuousClock.Instant, wallNow: Date = Date()) {
    guard !readOnly else { return }
    if watch.phase != .idle && started == nil { started = wallNow }
    do {
      try file.save(StoredStopwatch(watch, at: now, wallNow: wallNow, started: started))
      saveError = nil
    } catch {
      saveError = "state could not be saved (\(error.problem))"
    }
  }

  /// Moves the current stopwatch into the history (never deletes it).
  func archive(wallNow: Date = Date()) throws {
    guard FileManager.default.fileExists(atPath: file.url.path) else { return }
    try FileManager.default.createDirectory(at: historyFolder, withIntermediateDirectories: true)
    let name = "stopwatch-\(Int(wallNow.timeIntervalSince1970)).json"
    if rename(file.url.path, historyFolder.appendingPathComponent(name).path) != 0 {
      throw RuntimeFailure("cannot archive \(file.url.path): \(String(cString: strerror(errno)))")
    }
    started = nil
  }

  /// Past sessions, oldest first.
  func history() -> [(url: URL, stored: StoredStopwatch)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: historyFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      let url = historyFolder.appendingPathComponent(name)
      guard let stored = StateFile<StoredStopwatch>(url: url).load().value else { return nil }
      return (url, stored)
    }
  }
}
