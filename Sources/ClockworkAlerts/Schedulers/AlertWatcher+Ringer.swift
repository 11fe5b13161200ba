import ClockworkCore
import ClockworkLive
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// The ringer's part: what a process started just before something is due does.
extension AlertWatcher {
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
}
