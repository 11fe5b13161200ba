import ClockworkCore
import ClockworkState
import FoundationEssentials
import Glibc

/// Named timers on disk: `timers/<name>.json`, one per timer.
public struct TimerStore: Sendable {
  /// The state folder.
  public let directory: StateDirectory

  /// The timers in the user's state folder.
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.init(directory: StateDirectory(environment: environment))
  }

  /// The timers of `directory`.
  public init(directory: StateDirectory) { self.directory = directory }

  /// The `timers` folder: a file a timer.
  public var folder: URL { directory.file("timers") }

  /// The file of the timer called `name`.
  public func file(_ name: String) -> StateFile<StoredTimer> {
    StateFile(url: folder.appendingPathComponent("\(name).json"))
  }

  /// Every saved timer (warnings for files that had to be moved aside).
  public func all(now: Date = Date()) -> (timers: [StoredTimer], warnings: [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var timers: [StoredTimer] = []
    var warnings: [String] = []
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let (value, warning) = StateFile<StoredTimer>(url: folder.appendingPathComponent(name)).load(
        now: now)
      if let warning { warnings.append(warning) }
      if let value { timers.append(value) }
    }
    return (timers, warnings)
  }

  /// Saves; a failure comes back as a message for the screen, never a crash.
  public func save(_ timer: StoredTimer) -> String? {
    do {
      try file(timer.name).save(timer)
      return nil
    } catch {
      return "state could not be saved (\(error.problem))"
    }
  }

  /// Forgets the timer called `name`.
  public func remove(_ name: String) throws(StateError) { try file(name).remove() }

  /// Held by each process that shows the timer (and rings it at its end); the alert watcher
  /// leaves a timer that is shown to its viewer.
  public func viewLock(_ name: String) -> URL { folder.appendingPathComponent(".\(name).viewing") }

  /// An end taken to be rung: the timer as it ended, and the phase of its sequence that comes
  /// next (saved already, running from the end or waiting), if any.
  public struct ClaimedEnd: Sendable {
    /// The timer as it ended.
    public var timer: StoredTimer
    /// The phase that comes next, saved already, if any.
    public var next: StoredTimer?
  }

  /// Takes the timer's end to ring it: of all who try, one gets it. The timer is then kept as
  /// rung (finished at its end) until started again or removed, or, in a sequence, becomes
  /// its next phase. `nil` when it is gone (rung by another, cancelled) or not due at `now`.
  /// - Parameter name: the timer's name.
  /// - Parameter now: the wall time of the claim.
  /// - Parameter ring: called once the end is ours, before it is saved back (a save waits for
  ///   the disk; a ring should not).
  public func claimEnd(_ name: String, now: Date, ring: (ClaimedEnd) -> Void = { _ in })
    -> ClaimedEnd?
  {
    let url = file(name).url
    guard var timer = file(name).load(now: now).value, timer.isPending,
      timer.isFinished(atWall: now)
    else { return nil }
    let taken = folder.appendingPathComponent(".\(name).ringing-\(getpid())")
    guard rename(url.path, taken.path) == 0 else { return nil }  // another took it first
    defer { unlink(taken.path) }
    let end = Date(timeIntervalSince1970: timer.endsAt ?? now.timeIntervalSince1970)
    let next = timer.nextPhase(startingAt: end, waits: timer.manual == true)
    timer.rungAt = now.timeIntervalSince1970
    let claimed = ClaimedEnd(timer: timer, next: next)
    ring(claimed)
    putBack(next ?? timer)
    return claimed
  }

  /// Saves `timer` unless a new timer of that name was saved meanwhile (a link never replaces).
  func putBack(_ timer: StoredTimer) {
    guard let data = try? StateFile<StoredTimer>.encode(timer) else { return }
    let staged = folder.appendingPathComponent(".\(timer.name).staged-\(getpid())")
    guard (try? AtomicFile.write(data, to: staged)) != nil else { return }
    _ = link(staged.path, file(timer.name).url.path)
    unlink(staged.path)
  }

  /// Whether `name` may name a timer: letters, digits, `-`, `_` and `.`, up to 64, not starting with a dot.
  public static func validName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64
      && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
      && !name.hasPrefix(".")
  }
}
