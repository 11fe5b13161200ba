import ClockworkCore
import ClockworkLive
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// Rings timers whose window is gone (quit early, closed, killed) and alarms: one detached
/// process for all of a user's pending alerts, asleep until the next (no wake-up in between),
/// gone when nothing is pending. Its pid is in `watcher.lock` in the state folder.
///
/// The watcher itself never rings: just before something is due it starts a ringer
/// (``ringDue()``, in a process of its own, in the session as it is then), so what waits stays
/// small and a ring never runs in a session that has gone.
///
/// ```swift
/// AlertWatcher.ensureRunning(store: store)   // after saving a running timer
/// ```
public struct AlertWatcher {
  let store: TimerStore
  var alarms: AlarmStore { AlarmStore(directory: store.directory) }
  var notices: Notices { Notices(directory: store.directory) }
  /// A timer that is shown has this long after its end to be rung by its viewer (stopped with
  /// Ctrl-Z, frozen): then the watcher rings it.
  public static let viewerGrace: TimeInterval = 1
  /// A ringer is started this long before what is due: ready (its libraries loaded, the
  /// notification service asked), it waits for the time itself.
  static let startsEarly: TimeInterval = 0.5
  /// Alarms rung at once beyond the first are told in one notification, listing this many.
  static let listedAtMost = 10

  /// A watcher of the timers in `store`.
  public init(store: TimerStore) { self.store = store }

  static func lockFile(_ store: TimerStore) -> URL { store.directory.file("watcher.lock") }

  /// Whether a watcher runs (holds its lock).
  public static func isRunning(store: TimerStore) -> Bool {
    StateLock.isHeld(atPath: store.directory.filePath("watcher.lock"))
  }

  /// Starts a watcher unless one runs; why it could not, if it could not. (The lock is only
  /// looked at, not taken: a lock taken here could be held a moment too long, when the watcher
  /// starts and finds it held, and leaves. Two watchers started at once are one: the second
  /// finds the lock taken and leaves.)
  @discardableResult
  public static func ensureRunning(store: TimerStore) -> AlertsProgramError? {
    guard !isRunning(store: store) else { return nil }
    // What it cannot do (watch the folders, say) goes to a log beside its lock: no one else
    // would hear.
    let log = DetachedProcess.Output.file(store.directory.file("watcher.log").path)
    if case .failure(let error) = AlertsProgram.spawn(
      .watch, environment: store.directory.environment, errors: log)
    {
      return error
    }
    return nil
  }

  /// What to do now: the timers and alarms to ring, and when to look again (`nil`: nothing is
  /// pending).
  struct Plan: Equatable {
    var ring: [String]
    var alarms: [Int] = []
    var wake: Date?

    var isDue: Bool { !ring.isEmpty || !alarms.isEmpty }
  }

  /// Running timers ring at their end, unless one is shown and its viewer's grace is not over;
  /// alarms at what they owe (late, once, if the machine was off or asleep).
  static func plan(
    _ timers: [StoredTimer], isShown: (String) -> Bool, alarms: [StoredAlarm] = [], now: Date
  ) -> Plan {
    var ring: [String] = []
    var dueAlarms: [Int] = []
    var wake: Date?
    func later(_ date: Date) { wake = min(wake ?? date, date) }
    for alarm in alarms {
      guard let owed = alarm.owed else { continue }
      if owed <= now { dueAlarms.append(alarm.id) } else { later(owed) }
    }
    for timer in timers where timer.isPending {
      guard let endsAt = timer.endsAt else { continue }
      let end = Date(timeIntervalSince1970: endsAt)
      if now < end {
        later(end)
      } else if isShown(timer.name) && now < end.addingTimeInterval(viewerGrace) {
        later(end.addingTimeInterval(viewerGrace))
      } else {
        ring.append(timer.name)
      }
    }
    return Plan(ring: ring, alarms: dueAlarms, wake: wake)
  }

  /// The timers, with any file set aside told to the next command (no one hears us).
  func timers(now: Date) -> [StoredTimer] { look(now: now).timers }

  /// The timers, and the names whose end a live ringer is ringing (each file set aside told).
  func look(now: Date) -> (timers: [StoredTimer], beingRung: [String]) {
    let (timers, warnings, beingRung) = store.look(now: now)
    tell(warnings)
    return (timers, beingRung)
  }

  /// The alarms this process rings: none where `managed` and the user's systemd manager has them.
  func alarmList(now: Date, managed: Bool = false) -> [StoredAlarm] {
    if managed && SystemdUnits.ringAlarms() { return [] }
    let (list, warning) = alarms.load(now: now)
    tell(warning.map { [$0] } ?? [])
    return list
  }

  /// Said to the next command the user runs, and to the watcher's log.
  func tell(_ lines: [String]) {
    for line in lines {
      notices.append(line)
      StandardOutput.error("\(ClockText.iso8601(Date(), in: .local)) \(line)")
    }
  }

  /// Runs until nothing is pending; returns the exit status.
  public func run() -> Int32 {
    // Held by `lock` alone, so that `lock = nil` lets go: a ringer that saves a sequence's next
    // phase must not find the lock of a watcher about to leave.
    var lock: StateLock?
    if case .acquired(let acquired) = StateLock.acquire(Self.lockFile(store)) { lock = acquired }
    guard lock != nil else { return ExitStatus.success }
    defer { withExtendedLifetime(lock) {} }  // held until the watcher leaves
    let wait: WallClockWait
    do {
      try AtomicFile.makeFolder(store.folder)
      // timers/, and alarms.json beside it
      wait = try WallClockWait(
        watching: [store.folder, store.directory.url], wakingMachine: MachineWake.wanted)
    } catch {
      StandardOutput.error(
        "\(ClockText.iso8601(Date(), in: .local)) clockwork-alerts: cannot wait for alerts: \(error)"
      )
      return ExitStatus.failure
    }
    var ringer: pid_t?
    while true {
      let now = Date()
      let looked = look(now: now)
      var plan = Self.plan(
        looked.timers, isShown: isShown, alarms: alarmList(now: now, managed: true), now: now)
      // An end being rung is looked at again: if its ringer dies, it is taken back and rung.
      if !looked.beingRung.isEmpty {
        plan.wake = min(plan.wake ?? .distantFuture, now.addingTimeInterval(Self.viewerGrace))
      }
      if !plan.isDue && plan.wake == nil {
        // Nothing pending: let go, then look once more, for a timer saved by one who saw the
        // lock still held and so started no watcher.
        lock = nil
        let second = Self.plan(
          store.all().timers, isShown: isShown, alarms: alarmList(now: Date(), managed: true),
          now: Date())
        guard second.isDue || second.wake != nil,
          case .acquired(let again) = StateLock.acquire(Self.lockFile(store))
        else { return ExitStatus.success }
        lock = again
        continue
      }
      let soon = plan.wake.map { $0.timeIntervalSince(now) <= Self.startsEarly } ?? false
      guard plan.isDue || soon else {
        _ = wait.sleep(until: plan.wake?.addingTimeInterval(-Self.startsEarly))
        continue
      }
      // One ringer at a time rings all that is due (a hundred missed alarms are one process).
      if ringer.map({ kill($0, 0) != 0 }) ?? true {
        switch AlertsProgram.spawn(
          .ringDue, errors: .file(store.directory.file("watcher.log").path))
        {
        case .success(let pid): ringer = pid
        case .failure(let error): tell(["clockwork-alerts cannot ring: \(error)"])
        }
      }
      // Look again once it has taken them (the folder changes), or in a second.
      _ = wait.sleep(until: max(now, plan.wake ?? now).addingTimeInterval(Self.viewerGrace))
    }
  }

  func isShown(_ name: String) -> Bool { StateLock.isHeld(store.viewLock(name)) }
}
