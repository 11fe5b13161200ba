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
/// ```swift
/// AlertWatcher.ensureRunning(store: store)   // after saving a running timer
/// ```
public struct AlertWatcher {
  let store: TimerStore
  var alarms: AlarmStore { AlarmStore(directory: store.directory) }
  /// A timer that is shown has this long after its end to be rung by its viewer (stopped with
  /// Ctrl-Z, frozen): then the watcher rings it.
  public static let viewerGrace: TimeInterval = 1

  public init(store: TimerStore) { self.store = store }

  static func lockFile(_ store: TimerStore) -> URL { store.directory.file("watcher.lock") }

  /// Starts a watcher unless one runs. (Only looked at, not taken: a lock taken here could be
  /// held a moment too long, when the watcher starts and finds it held, and leaves. Two
  /// watchers started at once are one: the second finds the lock taken and leaves.)
  public static func ensureRunning(store: TimerStore) {
    guard !StateLock.isHeld(lockFile(store)) else { return }
    // What it cannot do (watch the folders, say) goes to a log beside its lock: no one else
    // would hear.
    AlertsProgram.spawn([], errors: .file(store.directory.file("watcher.log").path))
  }

  /// Starts a watcher if there are alarms and none runs: any run of the app brings alarms back
  /// after a reboot (with no service manager to start the watcher at boot). Where the user's
  /// systemd manager has them (``SystemdUnits``), it rings them.
  public static func ensureRunningForAlarms(store: TimerStore) {
    guard !SystemdUnits.ringAlarms(),
      FileManager.default.fileExists(atPath: AlarmStore(directory: store.directory).file.url.path)
    else { return }
    ensureRunning(store: store)
  }

  /// What to do now: the timers and alarms to ring, and when to look again (`nil`: nothing is
  /// pending).
  struct Plan: Equatable {
    var ring: [String]
    var alarms: [Int] = []
    var wake: Date?
  }

  /// Running timers ring at their end, unless one is shown and its viewer's grace is not over;
  /// alarms at what they owe (late, once, if the machine was off or asleep).
  static func plan(_ timers: [StoredTimer], isShown: (String) -> Bool, alarms: [StoredAlarm] = [], now: Date) -> Plan {
    var ring: [String] = []
    var dueAlarms: [Int] = []
    var wake: Date?
    func later(_ date: Date) { wake = min(wake ?? date, date) }
    for alarm in alarms {
      guard let owed = alarm.owed else { continue }
      if owed <= now { dueAlarms.append(alarm.id) } else { later(owed) }
    }
    for timer in timers {
      guard let endsAt = timer.endsAt else { continue }  // paused: nothing to ring
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

  /// The alarms this watcher rings: none where the user's systemd manager has them.
  func pendingAlarms(now: Date) -> [StoredAlarm] {
    SystemdUnits.ringAlarms() ? [] : alarms.load(now: now).alarms
  }

  /// Rings what is due now and returns (systemd's timer units start this at an alarm's time or
  /// just before a timer's end). What is due within a second is waited for, ready to ring; a
  /// timer still shown is its window's to ring: this waits out the window's grace, then rings
  /// it if the window did not.
  public func ringDue() -> Int32 {
    var now = Date()
    var prepared = false
    while true {
      let plan = Self.plan(store.all(now: now).timers, isShown: isShown, alarms: alarms.load(now: now).alarms, now: now)
      for name in plan.ring { ring(name, now: now) }
      if !plan.alarms.isEmpty { _ = ringAlarms(plan.alarms, now: now) }
      guard let wake = plan.wake, wake.timeIntervalSince(now) <= Self.viewerGrace else { break }
      if !prepared { DesktopNotification.prepare() }
      prepared = true
      let nanoseconds = Int(max(0, wake.timeIntervalSince(now)) * 1e9) + 1_000_000
      var delay = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
      var rest = timespec()
      while nanosleep(&delay, &rest) != 0 && errno == EINTR { delay = rest }
      now = Date()
    }
    AlertSound.waitForBackground(upTo: 30)
    return ExitStatus.success
  }

  /// Rings a timer whose end this process takes (no other will); whether it rang.
  @discardableResult
  func ring(_ name: String, now: Date) -> Bool {
    guard let timer = store.claimEnd(name, now: now) else { return false }
    var alert = TimerAlert(name: timer.name, exec: timer.exec)
    alert.sound = TimerAlert.sound(saved: timer.sound)
    alert.ring(duration: .milliseconds(Int64(timer.duration * 1000)), endedAt: Date(timeIntervalSince1970: timer.endsAt ?? 0), on: .device(timer.terminal))
    return true
  }

  /// Runs until nothing is pending; returns the exit status.
  public func run() -> Int32 {
    guard case .acquired(let first) = StateLock.acquire(Self.lockFile(store)) else { return ExitStatus.success }
    var lock: StateLock? = first
    defer { withExtendedLifetime(lock) {} }  // held until the watcher leaves
    let wait: WallClockWait
    do {
      try AtomicFile.makeFolder(store.folder)
      wait = try WallClockWait(watching: [store.folder, store.directory.url])  // timers/, alarms.json
    } catch {
      StandardOutput.error("\(ClockText.iso8601(Date(), in: .local)) clockwork watch-alerts: cannot wait for alerts: \(error)")
      return ExitStatus.failure
    }
    while true {
      let now = Date()
      let plan = Self.plan(store.all(now: now).timers, isShown: isShown, alarms: pendingAlarms(now: now), now: now)
      var rang = false
      for name in plan.ring where ring(name, now: now) { rang = true }
      if !plan.alarms.isEmpty && ringAlarms(plan.alarms, now: now) { rang = true }
      if plan.ring.isEmpty && plan.alarms.isEmpty && plan.wake == nil {
        // Nothing pending: let go, then look once more, for a timer saved by one who saw the
        // lock still held and so started no watcher.
        lock = nil
        guard Self.plan(store.all().timers, isShown: isShown, alarms: pendingAlarms(now: Date()), now: Date()).wake != nil,
          case .acquired(let again) = StateLock.acquire(Self.lockFile(store))
        else {
          AlertSound.waitForBackground(upTo: 30)  // the last end's sound
          return ExitStatus.success
        }
        lock = again
        continue
      }
      if rang { continue }  // look again at once: more may be due
      // Due but nothing could be taken (a state folder that cannot be written): try again in a
      // second rather than spin.
      let due = !plan.ring.isEmpty || !plan.alarms.isEmpty
      _ = wait.sleep(until: due ? now.addingTimeInterval(1) : plan.wake)
    }
  }

  /// Rings the alarms that are still owed (checked again under the alarms' lock) and marks
  /// each rung, so it rings once. Whether any rang.
  func ringAlarms(_ ids: [Int], now: Date) -> Bool {
    let rung = (try? alarms.update(now: now) { list -> [(StoredAlarm, Date)] in
      var rung: [(StoredAlarm, Date)] = []
      for index in list.indices where ids.contains(list[index].id) {
        guard let owed = list[index].owed, owed <= now else { continue }
        list[index].lastRing = now.timeIntervalSince1970
        if let snooze = list[index].snoozedUntil, snooze <= now.timeIntervalSince1970 { list[index].snoozedUntil = nil }
        rung.append((list[index], owed))
      }
      return rung
    }) ?? []
    for (alarm, owed) in rung {
      AlarmAlert.ring(alarm, owed: owed, now: now)
    }
    return !rung.isEmpty
  }

  func isShown(_ name: String) -> Bool { StateLock.isHeld(store.viewLock(name)) }
}
