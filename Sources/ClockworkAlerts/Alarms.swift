import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// Alarms: each change, and who rings them after it (the user's systemd manager where one
/// runs, else the watcher). The one place their rules live; a command parses, then calls one
/// of these.
///
/// ```swift
/// let alarms = Alarms()
/// let (alarm, warnings) = try alarms.add(AlarmSchedule(hour: 7, minute: 0, days: [.monday]), label: "standup")
/// ```
public struct Alarms: Sendable {
  /// Where the alarms are kept.
  public let store: AlarmStore

  /// The alarms of `store`.
  public init(store: AlarmStore = AlarmStore()) { self.store = store }

  /// The alarms (a warning when their file had to be set aside).
  public func list(now: Date = Date()) -> (alarms: [StoredAlarm], warning: String?) {
    store.load(now: now)
  }

  /// Adds an alarm with the next free number; returns it and what went wrong scheduling it.
  public func add(
    _ schedule: AlarmSchedule, label: String? = nil, zone: Zone? = nil, sound: String? = nil,
    now: Date = Date()
  ) throws(AlertsError) -> (alarm: StoredAlarm, warnings: [String]) {
    try append(sound: sound) { id in
      StoredAlarm(id: id, schedule: schedule, label: label, zone: zone?.identifier, created: now)
    }
  }

  /// Adds a chime (`strikes`: the hour's strokes on the hour) and has it scheduled, as an alarm
  /// is; warnings say what could not be.
  public func addChime(
    _ chime: ChimeSchedule, strikes: Bool, zone: Zone? = nil, sound: String? = nil,
    now: Date = Date()
  ) throws(AlertsError) -> (alarm: StoredAlarm, warnings: [String]) {
    try append(sound: sound) { id in
      StoredAlarm(id: id, chime: chime, strikes: strikes, zone: zone?.identifier, created: now)
    }
  }

  /// Saves the alarm `made` with the next free number and `sound`, and has it scheduled.
  private func append(sound: String?, _ made: (_ id: Int) -> StoredAlarm) throws(AlertsError)
    -> (alarm: StoredAlarm, warnings: [String])
  {
    let alarm = try change { alarms in
      var alarm = made(Self.freeID(among: alarms.map(\.id)))
      alarm.sound = sound
      alarms.append(alarm)
      return alarm
    }
    return (alarm, scheduleRingers())
  }

  /// What an edit changes: each field given (`nil`: kept).
  public struct Edit: Sendable {
    /// Its time and days.
    public var schedule: AlarmSchedule?
    /// What its notification says; "" removes it.
    public var label: String?
    /// Its zone; `.some(nil)`: the local zone, whatever it is when it rings.
    public var zone: Zone??
    /// As ``StoredAlarm/sound``; `.some(nil)`: the sound theme's.
    public var sound: String??

    /// Nothing changed.
    public init() {}
  }

  /// Changes alarm `id` as `edit` says. A new time or zone rings from its next occurrence
  /// (what it would have rung before is not owed), and ends a snooze.
  /// - Parameters:
  ///   - id: the alarm's number.
  ///   - edit: what changes.
  ///   - now: the wall time of the change.
  /// - Returns: the alarm as saved, and what went wrong scheduling it.
  public func edit(_ id: Int, _ edit: Edit, now: Date = Date()) throws(AlertsError) -> (
    alarm: StoredAlarm, warnings: [String]
  ) {
    let alarm = try change { alarms in
      let index = try Self.index(of: id, in: alarms)
      var alarm = alarms[index]
      if let schedule = edit.schedule {
        // A chime keeps its hours: only its days are taken.
        if alarm.isChime, (schedule.hour, schedule.minute) != (alarm.hour, alarm.minute) {
          throw AlertsError.chimeHasNoTime(id)
        }
        (alarm.hour, alarm.minute) = (schedule.hour, schedule.minute)
        alarm.days = schedule.days.map(\.rawValue).sorted()
      }
      if let label = edit.label { alarm.label = label.isEmpty ? nil : label }
      if let zone = edit.zone { alarm.zone = zone?.identifier }
      if let sound = edit.sound { alarm.sound = sound }
      if alarm.schedule != alarms[index].schedule || alarm.zone != alarms[index].zone {
        (alarm.armed, alarm.snoozedUntil) = (now.timeIntervalSince1970, nil)
      }
      alarms[index] = alarm
      return alarm
    }
    return (alarm, scheduleRingers())
  }

  /// One more than the largest number, or the smallest free one when that would overflow: no
  /// stored number can crash an `add`.
  static func freeID(among ids: [Int]) -> Int {
    let largest = ids.max() ?? 0
    if largest < Int.max { return max(largest, 0) + 1 }
    let taken = Set(ids)
    return (1...).first { !taken.contains($0) } ?? 1
  }

  /// Removes the alarm numbered `id`, and schedules the rest again where systemd rings them.
  public func remove(_ id: Int) throws(AlertsError) -> (alarm: StoredAlarm, warnings: [String]) {
    let removed = try change { alarms in alarms.remove(at: try Self.index(of: id, in: alarms)) }
    return (removed, rescheduleIfManaged())
  }

  /// Turns an alarm on: it rings from its next time (what it missed while off is not owed).
  public func enable(_ id: Int, now: Date = Date()) throws(AlertsError) -> (
    alarm: StoredAlarm, warnings: [String]
  ) {
    let alarm = try change { alarms in
      let index = try Self.index(of: id, in: alarms)
      if !alarms[index].enabled {
        alarms[index].enabled = true
        alarms[index].armed = now.timeIntervalSince1970
      }
      return alarms[index]
    }
    return (alarm, scheduleRingers())
  }

  /// Turns an alarm off, keeping it (and ends its snooze).
  public func disable(_ id: Int) throws(AlertsError) -> (alarm: StoredAlarm, warnings: [String]) {
    let alarm = try change { alarms in
      let index = try Self.index(of: id, in: alarms)
      alarms[index].enabled = false
      alarms[index].snoozedUntil = nil
      return alarms[index]
    }
    return (alarm, rescheduleIfManaged())
  }

  /// Rings the alarm that rang last again `seconds` from `now`.
  public func snooze(for seconds: Double, now: Date = Date()) throws(AlertsError) -> (
    alarm: StoredAlarm, until: Date, warnings: [String]
  ) {
    let until = now.addingTimeInterval(seconds)
    let alarm = try change { alarms in
      // An alarm: a chime has nothing to snooze.
      let rung = alarms.indices.filter { !alarms[$0].isChime }.compactMap { index in
        alarms[index].lastRing.map { (index, $0) }
      }
      guard let index = rung.max(by: { $0.1 < $1.1 })?.0 else { throw AlertsError.noAlarmHasRung }
      alarms[index].snoozedUntil = until.timeIntervalSince1970
      return alarms[index]
    }
    return (alarm, until, scheduleRingers())
  }

  /// Silences the alarms sounding now and ends every snooze; how many it stopped.
  public func stop(now: Date = Date()) throws(AlertsError) -> (stopped: Int, warnings: [String]) {
    let seconds = now.timeIntervalSince1970
    let stopped = try change { alarms in
      let ringing = alarms.indices.filter {
        !alarms[$0].isChime
          && (alarms[$0].snoozedUntil != nil
            || alarms[$0].lastRing.map { seconds - $0 < AlarmAlert.soundsFor } == true)
      }
      for index in ringing {
        alarms[index].snoozedUntil = nil
        alarms[index].stoppedAt = seconds
      }
      return ringing.count
    }
    return (stopped, rescheduleIfManaged())
  }

  /// Writes the alarms as systemd user units in `folder` (the user's own when `nil`, and the
  /// manager is told); returns the folder and how many timer units were written.
  public func writeUnits(to folder: URL?, wakeSystem: Bool, now: Date = Date()) throws(AlertsError)
    -> (folder: URL, timers: Int)
  {
    let target = folder ?? SystemdUnits.userFolder()
    let files = SystemdUnits.files(
      for: store.load(now: now).alarms, now: now, wakeSystem: wakeSystem)
    let written: [String]
    let removed: [String]
    do { (written, removed) = try SystemdUnits.write(files, to: target) } catch {
      throw .cannotWriteUnits(folder: target.path, reason: "\(error)")
    }
    if folder == nil, SystemdUnits.userManagerRuns(),
      let problem = SystemdUnits.apply(written: written, removed: removed)
    {
      throw .managerRefused(problem)
    }
    return (target, written.count)
  }

  /// After a change: where the user's systemd manager runs (or has our units), the alarms go to
  /// it as timer units; otherwise, or if that fails, the watcher rings them. What went wrong.
  public func scheduleRingers() -> [String] {
    var warnings: [String] = []
    if SystemdUnits.installed() || SystemdUnits.userManagerRuns() {
      let files = SystemdUnits.files(
        for: store.load().alarms, now: Date(), wakeSystem: MachineWake.managerWakes)
      do {
        let (written, removed) = try SystemdUnits.write(files, to: SystemdUnits.userFolder())
        guard let problem = SystemdUnits.apply(written: written, removed: removed) else {
          return [MachineWake.problemOnce(directory: store.directory, managerRuns: true)]
            .compactMap { $0 }
        }
        warnings.append("\(problem); the alarms ring through clockwork's own watcher instead")
      } catch {
        warnings.append(
          "cannot write the alarms' systemd units (\(error)); clockwork's own watcher rings them")
      }
    }
    if let problem = AlertWatcher.ensureRunning(store: TimerStore(directory: store.directory)) {
      warnings.append("\(problem)")
    }
    if let problem = MachineWake.problemOnce(directory: store.directory, managerRuns: false) {
      warnings.append(problem)
    }
    return warnings
  }

  /// After a change that rings less: only systemd's units need writing again (a watcher finds
  /// out by itself).
  func rescheduleIfManaged() -> [String] { SystemdUnits.installed() ? scheduleRingers() : [] }

  func change<T>(_ body: (inout [StoredAlarm]) throws -> T) throws(AlertsError) -> T {
    do {
      return try store.update { alarms in try body(&alarms) }
    } catch let error as AlertsError {
      throw error
    } catch {
      throw .cannotSave("\(error)")
    }
  }

  static func index(of id: Int, in alarms: [StoredAlarm]) throws(AlertsError) -> Int {
    guard let index = alarms.firstIndex(where: { $0.id == id }) else { throw .noSuchAlarm(id) }
    return index
  }
}
