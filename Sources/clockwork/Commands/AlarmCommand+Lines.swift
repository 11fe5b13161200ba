import ClockworkAlerts
import ClockworkCore
import ClockworkState
import FoundationEssentials

/// An alarm as `alarm list`, `add` and `edit` say it: its schedule and when it next rings, in
/// the reader's language.
extension AlarmCommand {
  /// "next Tue 2026-11-24 07:00:00 (in 10 h)".
  static func describeNext(_ alarm: StoredAlarm, now: Date) -> String {
    guard let next = alarm.owed else { return tr("off") }
    let wall = alarm.timeZone.civilTime(at: next)
    let wait = next.timeIntervalSince(now)
    let words =
      wait <= 0
      ? tr("due now") : translate("in {span}", filling: ["span": StoredStopwatch.describe(wait)])
    return translate(
      "next {date} {time} ({wait})",
      filling: ["date": LocalDates.dayAndDate(wall), "time": ClockText.time(wall), "wait": words])
  }

  /// "; 02:30 does not exist on Sun 2027-03-28 (the clocks go forward): it rings at 03:00 that
  /// day", for the next such day within a year.
  static func skippedDayNote(_ alarm: StoredAlarm, now: Date) -> String {
    guard !alarm.isChime,  // a chime skips what the clocks skip
      let (day, ringsAt) = alarm.schedule.skippedDays(in: alarm.timeZone, from: now, horizon: 366)
        .first
    else { return "" }
    let instead = ClockText.time(alarm.timeZone.civilTime(at: ringsAt)).prefix(5)
    return "\n"
      + translate(
        "{time} does not exist on {date} (the clocks go forward): it rings at {instead} that day",
        filling: [
          "time": String(ClockText.time(day).prefix(5)), "date": LocalDates.dayAndDate(day),
          "instead": String(instead),
        ])
  }

  static func line(_ alarm: StoredAlarm, now: Date) -> String {
    let label = alarm.label.map { " '\($0)'" } ?? ""
    let next =
      alarm.enabled || alarm.snoozedUntil != nil ? describeNext(alarm, now: now) : tr("off")
    return translate(
      "alarm {number}: {summary}{label}, {next}",
      filling: ["number": "\(alarm.id)", "summary": alarm.summary, "label": label, "next": next])
  }
}
