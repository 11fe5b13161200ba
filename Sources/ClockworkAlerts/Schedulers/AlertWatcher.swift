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

  /// The ringer: rings what is due now and returns (the watcher and systemd's units start it
  /// just before a time). What is due within a second is waited for, ready to ring; a timer
  /// still shown is its window's to ring: this waits out the window's grace, then rings it if
  /// the window did not.
  ///
  /// A timer whose outcome cannot be saved (a sequence's next phase on a full disk, anything
  /// in a read-only folder) is kept here, in memory: this ringer rings what follows at its time
  /// and saves it as soon as it can, then goes.
  public func ringDue() -> Int32 {
    SessionEnvironment.apply(in: store.directory)
    var now = Date()
    var prepared = false
    var kept = KeptPhases(store: store)
    while true {
      kept.saveWhatCan()
      let plan = Self.plan(
        timers(now: now) + kept.timers, isShown: isShown, alarms: alarmList(now: now), now: now)
      var keeps = false
      for name in plan.ring {
        if kept.holds(name) {
          kept.ringFromMemory(name, now: now) { ring($0, now: now) }
        } else if let claimed = ring(name, now: now), let held = claimed.held {
          kept.keep(claimed.next ?? claimed.timer, held)
          keeps = true
        }
      }
      if !plan.alarms.isEmpty { _ = ringAlarms(plan.alarms, now: now) }
      now = Date()
      if keeps { continue }  // planned again, with what is kept now
      let wake: Date
      if kept.isEmpty {
        guard let due = plan.wake, due.timeIntervalSince(now) <= Self.viewerGrace else { break }
        wake = due
      } else {
        wake = min(plan.wake ?? .distantFuture, now.addingTimeInterval(KeptPhases.retry))
      }
      if !prepared { DesktopNotification.prepare() }
      prepared = true
      Self.sleep(until: wake)
      now = Date()
    }
    AlertSound.waitForBackground(upTo: 30)
    return ExitStatus.success
  }

  /// Sleeps until the wall clock reads `date` (an absolute deadline: however long getting ready
  /// took, the wake is at the time itself), a tenth of a millisecond past it.
  static func sleep(until date: Date) {
    let target = date.timeIntervalSince1970 + 0.000_1
    var deadline = timespec(
      tv_sec: Int(target.rounded(.down)), tv_nsec: Int((target - target.rounded(.down)) * 1e9))
    while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &deadline, nil) == EINTR {}
  }

  /// Rings a timer whose end this process takes (no other will); the end, if it was ours.
  /// When no one could see it (no notification service, its terminal gone), the next command
  /// says it.
  @discardableResult
  func ring(_ name: String, now: Date) -> TimerStore.ClaimedEnd? {
    let claimed = store.claimEnd(name, now: now) { ring($0.timer, now: now) }
    // Once the next phase is saved, a systemd unit is set for its end (the watcher sees it).
    if claimed?.next?.isPending == true, claimed?.held == nil {
      TimerUnits.handOff(for: name, store: store)(true)
    }
    return claimed
  }

  /// Rings `timer`'s end (a phase's end says what starts next).
  func ring(_ timer: StoredTimer, now: Date) {
    var alert = TimerAlert(name: timer.name, exec: timer.exec, sound: timer.sound)
    alert.phase = TimerAlert.PhaseEnd(
      sequence: timer.sequence, step: timer.step, manual: timer.manual == true)
    let end = Date(timeIntervalSince1970: timer.endsAt ?? now.timeIntervalSince1970)
    let rung = alert.ring(
      duration: StoredNumbers.milliseconds(timer.duration), endedAt: end, on: .device(timer.tty),
      now: now)
    if !rung.seen {
      notices.append(
        "\(rung.summary): \(rung.body); no one could be told then (\(rung.problems.joined(separator: "; ")))"
      )
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

  /// Rings the alarms that are still owed (checked again under the alarms' lock) and marks
  /// each rung, so it rings once. The latest rings with its sound and buttons; any others
  /// (missed while nothing ran) are listed in one notification. Whether any rang.
  func ringAlarms(_ ids: [Int], now: Date) -> Bool {
    let wanted = Set(ids)
    let rung =
      (try? alarms.update(now: now) { list -> [(StoredAlarm, Date)] in
        var rung: [(StoredAlarm, Date)] = []
        for index in list.indices where wanted.contains(list[index].id) {
          guard let owed = list[index].owed, owed <= now else { continue }
          list[index].lastRing = now.timeIntervalSince1970
          if let snooze = list[index].snoozedUntil, snooze <= now.timeIntervalSince1970 {
            list[index].snoozedUntil = nil
          }
          rung.append((list[index], owed))
        }
        return rung
      }) ?? []
    // Chimes sound by themselves (or not at all when late); alarms ring.
    for (chime, owed) in rung where chime.isChime {
      ChimeAlert.sound(chime, owed: owed, now: now)
    }
    let ordered = rung.filter { !$0.0.isChime }.sorted { $0.1 < $1.1 }
    guard let (latest, owed) = ordered.last else { return !rung.isEmpty }
    AlarmAlert.ring(latest, owed: owed, now: now, store: store.directory)
    if ordered.count > 1 {
      AlarmAlert.ringMissed(
        ordered.dropLast().map { $0 }, now: now, listing: Self.listedAtMost, store: store.directory)
    }
    return true
  }

  func isShown(_ name: String) -> Bool { StateLock.isHeld(store.viewLock(name)) }
}
