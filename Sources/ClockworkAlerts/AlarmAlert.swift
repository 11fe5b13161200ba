import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// How an alarm rings: a notification with its label and time, saying so when it is late (the
/// machine was off or asleep at its time), and the sound theme's `alarm-clock-elapsed` (or its
/// own sound) again and again until it is stopped or snoozed, five minutes at most.
public enum AlarmAlert {
  /// Later than this after its time, an alarm is said to be missed.
  static let missedAfter: TimeInterval = 60
  /// How long an alarm sounds unless stopped or snoozed.
  public static let soundsFor: TimeInterval = 300

  static func ring(_ alarm: StoredAlarm, owed: Date, now: Date) {
    let summary = alarm.label.map { "Alarm: \($0)" } ?? "Alarm"
    var body = alarm.summary
    if now.timeIntervalSince(owed) > missedAfter {
      let due = alarm.timeZone.civilTime(at: owed)
      body = "missed: it was due at \(ClockText.time(due)) on \(ClockText.day(due)) (\(alarm.summary))"
    }
    _ = TimerAlert.announce(summary: summary, body: body, on: .device(nil))  // the watcher has no one to tell what failed
    guard AlertSound(saved: alarm.sound, theme: "alarm-clock-elapsed") != .none, let rang = alarm.lastRing else { return }
    // Sounded by a process of its own: the watcher goes on to the next alert meanwhile.
    AlertsProgram.spawn(["--sound-alarm", String(alarm.id), "--rang", String(rang)])
  }

  /// Sounds the alarm `id` that rang at `rang` until it is stopped, snoozed, rings again,
  /// is turned off or removed, or ``soundsFor`` has passed.
  public static func sound(id: Int, rang: Double, store: AlarmStore) {
    while true {
      let now = Date().timeIntervalSince1970
      guard let alarm = store.load().alarms.first(where: { $0.id == id }), alarm.enabled, alarm.lastRing == rang,
        alarm.snoozedUntil == nil, (alarm.stoppedAt ?? 0) < rang, now - rang < soundsFor
      else { return }
      let label = alarm.label.map { "Alarm: \($0)" } ?? "Alarm"
      // A sound that cannot be played is not tried again and again.
      if AlertSound(saved: alarm.sound, theme: "alarm-clock-elapsed").play(description: label, limit: 30) != nil { return }
      usleep(500_000)
    }
  }
}
