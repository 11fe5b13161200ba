import ClockworkCore
import FoundationEssentials

extension AlarmSchedule {
  /// systemd calendar events (systemd.time(7), for a timer unit's `OnCalendar=`) that ring
  /// as this schedule does in `zone`: the time on its days in the zone (systemd keeps 7:00 at
  /// 7:00 across DST changes and rings a repeated time once, the first time, as we do), and for
  /// each day up to `horizon` days after `start` whose time a DST change skips, the change
  /// itself in UTC (systemd skips such a day; we ring at the first valid time after it).
  ///
  /// ```swift
  /// AlarmSchedule(hour: 7, minute: 0, days: [.monday]).calendarEvents(in: Zone(identifier: "Europe/Berlin")!, from: Date())
  /// // ["Mon *-*-* 07:00:00 Europe/Berlin"]
  /// ```
  public func calendarEvents(in zone: Zone, from start: Date, horizon: Int = 400) -> [String] {
    let dayList =
      days.isEmpty || days.count == 7
      ? "" : days.sorted().map(\.shortName).joined(separator: ",") + " "
    // none: the manager's local time, ours too
    let zoneName = zone.identifier.map { " \($0)" } ?? ""
    var events = ["\(dayList)*-*-* \(ClockText.pad(hour)):\(ClockText.pad(minute)):00\(zoneName)"]
    for (_, change) in skippedDays(in: zone, from: start, horizon: horizon) {
      let utc = Zone.utc.civilTime(at: change)
      events.append(
        "\(utc.year)-\(ClockText.pad(utc.month))-\(ClockText.pad(utc.day)) \(ClockText.pad(utc.hour)):\(ClockText.pad(utc.minute)):\(ClockText.pad(utc.second)) UTC"
      )
    }
    return events
  }
}

extension ChimeSchedule {
  /// systemd's `OnCalendar=` events for the chimes in `zone`: every chime of the hours before the
  /// last, and the last hour's :00. A time a DST change skips is skipped by systemd too, as a
  /// chime skips it.
  public func calendarEvents(in zone: Zone) -> [String] {
    let dayList =
      days.isEmpty || days.count == 7
      ? "" : days.sorted().map(\.shortName).joined(separator: ",") + " "
    let zoneName = zone.identifier.map { " \($0)" } ?? ""
    let minutes = stride(from: 0, to: 60, by: every).map { ClockText.pad($0) }
    let before =
      from < to
      ? [
        "\(dayList)*-*-* \(ClockText.pad(from))..\(ClockText.pad(to - 1)):\(minutes.joined(separator: ",")):00\(zoneName)"
      ] : []
    return before + ["\(dayList)*-*-* \(ClockText.pad(to)):00:00\(zoneName)"]
  }
}
