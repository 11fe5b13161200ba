import ClockworkCore
import ClockworkState
import FoundationEssentials

/// How an alarm rings: a notification with its label and time, saying so when it is late (the
/// machine was off or asleep at its time).
enum AlarmAlert {
  /// Later than this after its time, an alarm is said to be missed.
  static let missedAfter: TimeInterval = 60

  static func ring(_ alarm: StoredAlarm, owed: Date, now: Date) {
    let summary = alarm.label.map { "Alarm: \($0)" } ?? "Alarm"
    var body = alarm.summary
    if now.timeIntervalSince(owed) > missedAfter {
      let due = alarm.timeZone.civilTime(at: owed)
      body = "missed: it was due at \(ClockText.time(due)) on \(ClockText.day(due)) (\(alarm.summary))"
    }
    _ = TimerAlert.announce(summary: summary, body: body, on: .device(nil))  // the watcher has no one to tell what failed
  }
}
