import ClockworkCore
import ClockworkState
import FoundationEssentials

/// An alarm as saved: a schedule, whether it is on, and what it has rung. A chime is one too
/// (`every` set): its hours from `hour` to `until`, a short sound at each, nothing to stop.
public struct StoredAlarm: Codable, Hashable, Sendable {
  /// Its number in `alarm list`.
  public var id: Int
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int
  /// Days of the week (Sunday 0); empty: every day.
  public var days: [Int]
  /// What the notification says.
  public var label: String?
  /// A tz database name; `nil`: the local zone, whatever it is when it rings.
  public var zone: String?
  /// Whether it rings.
  public var enabled: Bool
  /// Wall time (seconds since 1970) it was added: no ring before it is owed.
  public var created: Double
  /// Wall time of the ring it last rang (its due time): each is rung once.
  public var lastRing: Double?
  /// Wall time a snooze ends, while snoozed.
  public var snoozedUntil: Double?
  /// Wall time `alarm stop` silenced it: a ring before it stops sounding.
  public var stoppedAt: Double?
  /// `--sound FILE` (a path) or `--no-sound` (""); `nil`: the sound theme's.
  public var sound: String?
  /// Wall time it was last turned on or its time changed: no ring before it is owed.
  public var armed: Double?
  /// A chime's minutes between sounds (60, 30, 20 or 15); `nil` for an alarm.
  public var every: Int?
  /// A chime's last hour (its first is `hour`).
  public var until: Int?
  /// Whether a chime strikes the hour (as many strokes as the hour on a 12-hour dial).
  public var strikes: Bool?

  /// An alarm as given.
  public init(id: Int, schedule: AlarmSchedule, label: String?, zone: String?, created: Date) {
    self.id = id
    hour = schedule.hour
    minute = schedule.minute
    days = schedule.days.map(\.rawValue).sorted()
    self.label = label
    self.zone = zone
    enabled = true
    self.created = created.timeIntervalSince1970
  }

  /// A chime as given.
  public init(id: Int, chime: ChimeSchedule, strikes: Bool, zone: String?, created: Date) {
    self.init(
      id: id, schedule: AlarmSchedule(hour: chime.from, minute: 0, days: chime.days), label: nil,
      zone: zone, created: created)
    (every, until, self.strikes) = (chime.every, chime.to, strikes ? true : nil)
  }

  /// Whether it is a chime (a bell at its times, nothing to snooze or stop) rather than an alarm.
  public var isChime: Bool { every != nil }

  /// When a chime sounds; `nil` for an alarm.
  public var chime: ChimeSchedule? {
    guard let every else { return nil }
    return try? ChimeSchedule(every: every, from: hour, to: until ?? hour, days: schedule.days)
  }

  /// When it rings, as a schedule.
  public var schedule: AlarmSchedule {
    AlarmSchedule(hour: hour, minute: minute, days: Set(days.compactMap(Weekday.init(rawValue:))))
  }

  /// Its zone, or the local one (whatever it is when it rings).
  public var timeZone: Zone { zone.flatMap(Zone.init(identifier:)) ?? .local }

  /// The next ring it owes: a snooze's end, or the schedule's first ring after the last rung (or
  /// after it was added). At or before now: due (late if the machine was off or asleep).
  public var owed: Date? {
    let since = Date(timeIntervalSince1970: max(lastRing ?? created, armed ?? created))
    let scheduled =
      !enabled
      ? nil
      : chime.map { $0.next(after: since, in: timeZone) }
        ?? schedule.nextRing(after: since, in: timeZone)
    let snooze = snoozedUntil.map { Date(timeIntervalSince1970: $0) }
    return [scheduled, snooze].compactMap { $0 }.min()
  }

  /// Whether its last ring sounds at `now`: on, not snoozed nor stopped since, and rung less
  /// than ``AlarmAlert/soundsFor`` ago (the watcher's sound, the app's Snooze and Stop).
  public func isSounding(at now: Date) -> Bool {
    guard enabled, !isChime, snoozedUntil == nil, let rang = lastRing else { return false }
    return (stoppedAt ?? 0) < rang && now.timeIntervalSince1970 - rang < AlarmAlert.soundsFor
  }

  /// "07:00 Mon–Fri (Europe/Berlin)"; "chime every hour, 09:00–18:00, Mon–Fri".
  public var summary: String {
    if let chime {
      return "chime \(chime.summary)\(strikes == true ? ", striking the hours" : "")"
        + (zone.map { " (\($0))" } ?? "")
    }
    let time = "\(ClockText.pad(hour)):\(ClockText.pad(minute))"
    return
      "\(time) \(Weekday.describe(schedule.days.isEmpty ? Set(Weekday.allCases) : schedule.days))"
      + (zone.map { " (\($0))" } ?? "")
  }
}

/// All alarms, in one file.
public struct StoredAlarms: StoredState, Hashable {
  /// The alarms, by number.
  public var alarms: [StoredAlarm]

  /// The alarms as given.
  public init(alarms: [StoredAlarm] = []) { self.alarms = alarms }

  /// What makes no sense in them (a time out of range, an unknown zone), or nil.
  public func problem() -> String? {
    guard Set(alarms.map(\.id)).count == alarms.count else { return "two alarms have the same id" }
    for alarm in alarms {
      guard (0...23).contains(alarm.hour), (0...59).contains(alarm.minute) else {
        return "alarm \(alarm.id) has no such time"
      }
      guard alarm.days.allSatisfy((0...6).contains) else {
        return "alarm \(alarm.id) has no such day"
      }
      if alarm.isChime, alarm.chime == nil {
        return
          "alarm \(alarm.id) is no chime: every 60, 30, 20 or 15 minutes, from an hour to a later one"
      }
      if let zone = alarm.zone, Zone(identifier: zone) == nil {
        return "alarm \(alarm.id) has an unknown zone"
      }
      for (value, field) in [
        (alarm.created, "created"), (alarm.lastRing, "lastRing"), (alarm.armed, "armed"),
        (alarm.snoozedUntil, "snoozedUntil"),
      ] {
        if let value, let problem = StoredNumbers.wallTimeProblem(value, field) {
          return "alarm \(alarm.id): \(problem)"
        }
      }
    }
    return nil
  }
}

/// The alarms on disk (`alarms.json`); each change is made under `alarms.lock`, so the CLI and
/// the watcher never lose each other's changes.
public struct AlarmStore: Sendable {
  /// The state folder.
  public let directory: StateDirectory

  /// The alarms of `directory`.
  public init(directory: StateDirectory) { self.directory = directory }

  /// The alarms in the user's state folder.
  public init(environment: [String: String] = ProcessEnvironment.current) {
    self.init(directory: StateDirectory(environment: environment))
  }

  /// `alarms.json`.
  public var file: StateFile<StoredAlarms> { StateFile(path: directory.filePath("alarms.json")) }

  /// The alarms (a warning when the file had to be moved aside).
  public func load(now: Date = Date()) -> (alarms: [StoredAlarm], warning: String?) {
    let (value, warning) = file.load(now: now)
    return (value?.alarms ?? [], warning)
  }

  /// Reads, changes and saves the alarms as one step.
  public func update<T>(now: Date = Date(), _ change: (inout [StoredAlarm]) throws -> T) throws -> T
  {
    let lock: StateLock
    switch StateLock.acquire(directory.file("alarms.lock"), waiting: true) {
    case .acquired(let taken): lock = taken
    case .heldBy:
      throw StateError(path: directory.file("alarms.lock").path, problem: "cannot be locked")
    case .failed(let error): throw error
    }
    var alarms = file.load(now: now).value?.alarms ?? []
    let result = try change(&alarms)
    // No file when there are no alarms: the app starts a watcher when it finds one.
    if alarms.isEmpty { try file.remove() } else { try file.save(StoredAlarms(alarms: alarms)) }
    withExtendedLifetime(lock) {}
    return result
  }
}
