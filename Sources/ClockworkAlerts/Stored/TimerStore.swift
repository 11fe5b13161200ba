import ClockworkCore
import ClockworkState
import FoundationEssentials
import Glibc

/// Named timers on disk: `timers/<name>.json`, one per timer.
public struct TimerStore: Sendable {
  /// The state folder.
  public let directory: StateDirectory

  /// The timers in the user's state folder.
  public init(environment: [String: String] = ProcessEnvironment.current) {
    self.init(directory: StateDirectory(environment: environment))
  }

  /// The timers of `directory`.
  public init(directory: StateDirectory) { self.directory = directory }

  /// The `timers` folder: a file a timer.
  public var folder: URL { directory.file(Self.folderName) }
  static let folderName = "timers"

  /// The path of `entry` in the `timers` folder (a start reads paths, not URLs).
  func path(_ entry: String) -> String { directory.filePath("\(Self.folderName)/\(entry)") }

  /// What the timers of this folder timed.
  public var history: TimerHistory { TimerHistory(directory: directory) }

  /// The file of the timer called `name`.
  public func file(_ name: String) -> StateFile<StoredTimer> {
    StateFile(path: path("\(name).json"))
  }

  /// Every saved timer (warnings for files that had to be moved aside); an end whose ringer
  /// died while it held it is put back first (``takeBackAbandonedEnds()``).
  public func all(now: Date = Date()) -> (timers: [StoredTimer], warnings: [String]) {
    let (timers, warnings, _) = look(now: now)
    return (timers, warnings)
  }

  /// ``all(now:)``, and the names whose end a live process is ringing now: the folder is
  /// listed once for both.
  func look(now: Date) -> (timers: [StoredTimer], warnings: [String], beingRung: [String]) {
    let entries = directory.names(in: Self.folderName)
    let (beingRung, takenBack) = takeBackAbandonedEnds(among: entries)
    let names = Set(entries.filter { !$0.hasPrefix(".") } + takenBack.map { "\($0).json" })
    var timers: [StoredTimer] = []
    var warnings: [String] = []
    for name in names.sorted() where name.hasSuffix(".json") {
      let (value, warning) = StateFile<StoredTimer>(path: path(name)).load(now: now)
      if let warning { warnings.append(warning) }
      if let value { timers.append(value) }
    }
    return (timers, warnings, beingRung)
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
    /// The phase that comes next, saved already (unless ``held``), if any.
    public var next: StoredTimer?
    /// The claim, kept with ``next`` in memory when that could not be saved (a full disk): the
    /// caller rings the phase and saves it when it can.
    public var held: HeldEnd?
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
    // Held until the timer is put back: a claim file whose lock is free is a dead ringer's.
    let claim: StateLock
    switch StateLock.acquire(claimLock(name)) {
    case .acquired(let lock): claim = lock
    case .heldBy: return nil
    case .failed(let error): return claimInPlace(name, now: now, problem: error.problem, ring: ring)
    }
    defer { withExtendedLifetime(claim) {} }
    let url = file(name).url
    guard let timer = due(name, now: now) else { return nil }
    let taken = folder.appendingPathComponent(".\(name)\(Self.takenMark)\(getpid())")
    guard rename(url.path, taken.path) == 0 else { return nil }  // another took it first
    let (rung, next) = timer.rung(at: now)
    var claimed = ClaimedEnd(timer: rung, next: next)
    ring(claimed)
    logFinished(rung)
    // A next phase that cannot be saved is kept, with the claim, by the caller. (A last end
    // that cannot be saved as rung is over all the same.)
    if let problem = putBack(next ?? rung), next != nil {
      claimed.held = HeldEnd(store: self, lock: claim, claim: .taken(taken), problem: problem)
      return claimed
    }
    unlink(taken.path)
    return claimed
  }

  /// An end in a folder that cannot be written (a read-only mount): its file is locked where it
  /// is, so no one else rings it, and it is rung; the caller keeps the outcome until it can be
  /// saved.
  func claimInPlace(
    _ name: String, now: Date, problem: String, ring: (ClaimedEnd) -> Void
  ) -> ClaimedEnd? {
    let url = file(name).url
    guard let timer = due(name, now: now), let lock = StateLock.acquireExisting(url) else {
      return nil
    }
    let (rung, next) = timer.rung(at: now)
    var claimed = ClaimedEnd(timer: rung, next: next)
    ring(claimed)
    logFinished(rung)
    claimed.held = HeldEnd(
      store: self, lock: lock, claim: .inPlace(url),
      problem: "the state folder cannot be written: \(problem)")
    return claimed
  }

  /// Logs an end just taken: by the one process that took it, so once.
  func logFinished(_ rung: StoredTimer) {
    let end = Date(timeIntervalSince1970: rung.endsAt ?? rung.rungAt ?? 0)
    history.append(TimerHistory.Record(rung, ended: end, outcome: .finished))
  }

  /// The timer `name` if its end has come by `now` and is not yet rung.
  func due(_ name: String, now: Date) -> StoredTimer? {
    guard let timer = file(name).load(now: now).value, timer.isPending,
      timer.isFinished(atWall: now)
    else { return nil }
    return timer
  }

  /// Held by whoever rings the timer's end, from taking it to putting it back.
  func claimLock(_ name: String) -> URL { folder.appendingPathComponent(".\(name).claim") }

  /// What a taken end's file and a staged one are called: `.NAME<mark>PID`.
  static let takenMark = ".ringing-"
  static let stagedMark = ".staged-"

  /// Ends taken to be rung whose ringer died before it put the timer back (killed at the
  /// instant of a phase's end): each is put back as it was, due, so the next look rings it,
  /// late, and starts what follows. A file staged by a dead ringer, or half written, is
  /// removed. Returns the
  /// names whose end a live process is ringing now.
  @discardableResult
  public func takeBackAbandonedEnds() -> [String] {
    takeBackAbandonedEnds(among: directory.names(in: Self.folderName)).beingRung
  }

  /// ``takeBackAbandonedEnds()`` over the folder's `entries` as listed; with the names whose
  /// end was put back.
  func takeBackAbandonedEnds(among entries: [String]) -> (
    beingRung: [String], takenBack: [String]
  ) {
    var beingRung: [String] = []
    var takenBack: [String] = []
    for entry in entries where entry.hasPrefix(".") {
      let (marked, temporary) = Self.unwrapTemporary(entry)
      let unmarked = String(marked.dropFirst().reversed().drop(while: \.isNumber).reversed())
      let marks = temporary ? [Self.stagedMark] : [Self.takenMark, Self.stagedMark]
      guard let mark = marks.first(where: { unmarked.hasSuffix($0) }) else { continue }
      let name = String(unmarked.dropLast(mark.count))
      guard case .acquired(let claim) = StateLock.acquire(claimLock(name)) else {
        if mark == Self.takenMark { beingRung.append(name) }
        continue
      }
      let path = folder.appendingPathComponent(entry).path
      // Never over a newer one.
      if mark == Self.takenMark, link(path, file(name).url.path) == 0 { takenBack.append(name) }
      unlink(path)
      withExtendedLifetime(claim) {}
    }
    return (beingRung, takenBack)
  }

  /// The file behind `entry` when it is AtomicFile's temporary of one (`.FILE.PID.tmp`: a
  /// staged file a ringer was killed writing), else `entry` itself.
  static func unwrapTemporary(_ entry: String) -> (file: String, temporary: Bool) {
    guard entry.hasPrefix(".."), entry.hasSuffix(".tmp") else { return (entry, false) }
    let named = entry.dropFirst().dropLast(".tmp".count).reversed().drop(while: \.isNumber)
    guard named.first == "." else { return (entry, false) }
    return (String(named.dropFirst().reversed()), true)
  }

  /// Saves `timer` unless a new timer of that name was saved meanwhile (a link never replaces);
  /// why it could not be written, if it could not.
  func putBack(_ timer: StoredTimer) -> String? {
    let staged = folder.appendingPathComponent(".\(timer.name)\(Self.stagedMark)\(getpid())")
    guard let data = try? StateFile<StoredTimer>.encode(timer) else {
      return "state could not be saved (it could not be encoded)"
    }
    do { try AtomicFile.write(data, to: staged) } catch {
      return "state could not be saved (\(error.problem))"
    }
    _ = link(staged.path, file(timer.name).url.path)
    unlink(staged.path)
    return nil
  }

  /// Whether `name` may name a timer (`StateDirectory.validName(_:)`).
  public static func validName(_ name: String) -> Bool { StateDirectory.validName(name) }
}
