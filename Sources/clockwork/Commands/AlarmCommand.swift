import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkModes
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork alarm`: alarms that ring at a wall-clock time on chosen days, with no window open.
struct AlarmCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "alarm",
    abstract: "Alarms: a time of day on chosen days, rung as a desktop notification with no window open.",
    discussion: """
      Alarms are kept in $XDG_STATE_HOME/clockwork/alarms.json. Where a systemd user manager \
      runs, each is a timer unit of its own in $XDG_CONFIG_HOME/systemd/user (written again on \
      every change; Persistent=true rings one missed while the machine was off at boot); \
      elsewhere the same detached watcher as timers left running rings them. 7:00 stays 7:00 across DST changes; a time a change skips \
      rings at the change; a time shown twice rings once. An alarm missed while the machine was \
      off or asleep rings once, late, and says so.

      Examples:
        $ clockwork alarm add 7:00 --days mon-fri --label standup
        $ clockwork alarm add 6:30pm --days sat,sun --zone Europe/Berlin
        $ clockwork alarm list
        $ clockwork alarm snooze 5m
        $ clockwork alarm disable 2
      """,
    subcommands: [Add.self, List.self, Remove.self, Enable.self, Disable.self, Snooze.self, Stop.self, Units.self],
    defaultSubcommand: List.self
  )

  static var store: AlarmStore { AlarmStore() }

  /// "next Tue 2026-11-24 07:00:00 (in 10 h)".
  static func describeNext(_ alarm: StoredAlarm, now: Date) -> String {
    guard let next = alarm.owed else { return "off" }
    let wall = alarm.timeZone.civilTime(at: next)
    let wait = next.timeIntervalSince(now)
    let words = wait <= 0 ? "due now" : "in \(StoredStopwatch.describe(wait))"
    return "next \(Weekday(of: wall).shortName) \(ClockText.day(wall)) \(ClockText.time(wall)) (\(words))"
  }

  static func line(_ alarm: StoredAlarm, now: Date) -> String {
    let label = alarm.label.map { " '\($0)'" } ?? ""
    return "alarm \(alarm.id): \(alarm.summary)\(label), \(alarm.enabled || alarm.snoozedUntil != nil ? describeNext(alarm, now: now) : "off")"
  }

  /// Changes the alarms; a state folder that cannot be written is a runtime failure.
  static func change<T>(_ body: (inout [StoredAlarm]) throws -> T) throws -> T {
    do { return try store.update(body) } catch let error as StateError {
      throw RuntimeFailure("cannot save alarms: \(error)")
    }
  }

  /// After a change: where the user's systemd manager runs (or has our units), the alarms go
  /// to it as timer units; otherwise, or if that fails, the watcher rings them.
  static func scheduled() {
    let alarms = store.load().alarms
    if SystemdUnits.installed() || SystemdUnits.userManagerRuns() {
      let files = SystemdUnits.files(for: alarms, now: Date(), wakeSystem: SystemdUnits.wakesSystem())
      do {
        let (written, removed) = try SystemdUnits.write(files, to: SystemdUnits.userFolder())
        guard let problem = SystemdUnits.apply(written: written, removed: removed) else { return }
        StandardOutput.error("warning: \(problem); the alarms ring through clockwork's own watcher instead")
      } catch {
        StandardOutput.error("warning: cannot write the alarms' systemd units (\(error)); clockwork's own watcher rings them")
      }
    }
    AlertWatcher.ensureRunning(store: TimerStore())
  }

  /// After a change that rings less: only systemd's units need writing again (a watcher finds
  /// out by itself).
  static func unscheduled() {
    if SystemdUnits.installed() { scheduled() }
  }

  static func index(of id: Int, in alarms: [StoredAlarm]) throws -> Int {
    guard let index = alarms.firstIndex(where: { $0.id == id }) else {
      throw RuntimeFailure("no alarm \(id); `clockwork alarm list` shows them")
    }
    return index
  }

  struct Units: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the alarms as systemd user units (a timer unit each, and the service that rings).",
      discussion: """
        Where a user manager runs, `alarm add` and the rest keep the units in \
        $XDG_CONFIG_HOME/systemd/user up to date by themselves; this writes them anywhere, e.g. \
        to look at them, or to install by hand:
          $ clockwork alarm units --folder ~/.config/systemd/user --wake-system
          $ systemctl --user daemon-reload && systemctl --user enable --now 'clockwork-alarm-*.timer'
        """)

    @Option(help: ArgumentHelp("Where to write them (default: $XDG_CONFIG_HOME/systemd/user, and the manager is told).", valueName: "folder"), completion: .directory)
    var folder: String?

    @Flag(help: "Wake the machine from suspend for each alarm (WakeSystem=true).")
    var wakeSystem = false

    func run() throws {
      let target = folder.map { URL(fileURLWithPath: $0) } ?? SystemdUnits.userFolder()
      let files = SystemdUnits.files(
        for: AlarmCommand.store.load().alarms, now: Date(), wakeSystem: wakeSystem)
      let (written, removed): ([String], [String])
      do { (written, removed) = try SystemdUnits.write(files, to: target) } catch { throw RuntimeFailure("cannot write the units in \(target.path): \(error)") }
      StandardOutput.line("wrote \(SystemdUnits.service) and \(written.count) timer unit\(written.count == 1 ? "" : "s") in \(target.path)")
      guard folder == nil else { return }
      if SystemdUnits.userManagerRuns(), let problem = SystemdUnits.apply(written: written, removed: removed) {
        throw RuntimeFailure(problem)
      }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add an alarm, e.g. `alarm add 7:00 --days mon-fri --label standup`.")

    @Argument(help: ArgumentHelp("The time of day: 7:00, 07:30, 6:30pm, 18:30.", valueName: "time"))
    var time: String

    @Option(help: ArgumentHelp("The days it rings: mon-fri, sat,sun, weekdays, weekends, daily (default: daily).", valueName: "days"), completion: Completions.days)
    var days: String = "daily"

    @Option(help: ArgumentHelp("What the notification says.", valueName: "text"))
    var label: String?

    @Option(help: "The time zone of the time (default: local, whatever it is when it rings).", completion: Completions.zone, transform: ZoneArgument.parse)
    var zone: Zone?

    @OptionGroup var sound: SoundOptions

    func validate() throws {
      _ = try parsedTime()
      do { _ = try Weekday.parseDays(days) } catch { throw ValidationError("--days \(days): \(error)") }
      if let label, label.isEmpty || label.count > 200 { throw ValidationError("--label must be 1 to 200 characters") }
    }

    func parsedTime() throws -> TargetTimeParser.TimeOfDay {
      let parsed: TargetTimeParser.Target
      do { parsed = try TargetTimeParser.parse(time, zone: zone ?? .local) } catch { throw ValidationError(error.description) }
      guard case .timeOfDay(let t) = parsed, t.second == 0 else {
        throw ValidationError("'\(time)' is not a time of day in minutes: give one such as 7:00 or 6:30pm")
      }
      return t
    }

    func run() throws {
      let t = try parsedTime()
      let schedule = AlarmSchedule(hour: t.hour, minute: t.minute, days: try Weekday.parseDays(days))
      let now = Date()
      let saved = sound.saved(try Settings.load())
      let alarm = try AlarmCommand.change { alarms in
        var alarm = StoredAlarm(id: (alarms.map(\.id).max() ?? 0) + 1, schedule: schedule, label: label, zone: zone?.identifier, created: now)
        alarm.sound = saved
        alarms.append(alarm)
        return alarm
      }
      AlarmCommand.scheduled()
      StandardOutput.line(AlarmCommand.line(alarm, now: now))
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the alarms, each with its next ring.")

    func run() throws {
      let now = Date()
      let (alarms, warning) = AlarmCommand.store.load(now: now)
      if let warning { StandardOutput.error(warning) }
      guard !alarms.isEmpty else { return StandardOutput.line("no alarms; add one with `clockwork alarm add 7:00`") }
      for alarm in alarms { StandardOutput.line(AlarmCommand.line(alarm, now: now)) }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove an alarm.")
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    func run() throws {
      let removed = try AlarmCommand.change { alarms in alarms.remove(at: try AlarmCommand.index(of: id, in: alarms)) }
      AlarmCommand.unscheduled()
      StandardOutput.line("removed alarm \(removed.id) (\(removed.summary))")
    }
  }

  struct Enable: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Turn an alarm on again: it rings from its next time.")
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    func run() throws {
      let now = Date()
      let alarm = try AlarmCommand.change { alarms in
        let index = try AlarmCommand.index(of: id, in: alarms)
        if !alarms[index].enabled {
          alarms[index].enabled = true
          alarms[index].lastRing = now.timeIntervalSince1970  // what it missed while off is not owed
        }
        return alarms[index]
      }
      AlarmCommand.scheduled()
      StandardOutput.line(AlarmCommand.line(alarm, now: now))
    }
  }

  struct Disable: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Turn an alarm off, keeping it.")
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    func run() throws {
      let alarm = try AlarmCommand.change { alarms in
        let index = try AlarmCommand.index(of: id, in: alarms)
        alarms[index].enabled = false
        alarms[index].snoozedUntil = nil
        return alarms[index]
      }
      AlarmCommand.unscheduled()
      StandardOutput.line(AlarmCommand.line(alarm, now: Date()))
    }
  }

  struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Ring the alarm that rang last again after a while (default 10m).")
    @Argument(help: ArgumentHelp("How long: 5m, 10m, 1h.", valueName: "duration")) var duration: String = "10m"

    func validate() throws {
      do { _ = try DurationParser.parse(duration) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
      let wait = try DurationParser.parse(duration) / .seconds(1)
      let now = Date()
      let alarm = try AlarmCommand.change { alarms in
        guard let index = alarms.indices.filter({ alarms[$0].lastRing != nil }).max(by: { alarms[$0].lastRing! < alarms[$1].lastRing! }) else {
          throw RuntimeFailure("no alarm has rung yet")
        }
        alarms[index].snoozedUntil = now.timeIntervalSince1970 + wait
        return alarms[index]
      }
      AlarmCommand.scheduled()
      let until = Date(timeIntervalSince1970: alarm.snoozedUntil!)
      StandardOutput.line("alarm \(alarm.id) snoozed until \(ClockText.time(until, in: alarm.timeZone))")
    }
  }

  struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Silence the alarms sounding now and end every snooze: nothing rings again until an alarm's next time.")

    func run() throws {
      let now = Date().timeIntervalSince1970
      let stopped = try AlarmCommand.change { alarms in
        let ringing = alarms.indices.filter {
          alarms[$0].snoozedUntil != nil || alarms[$0].lastRing.map { now - $0 < AlarmAlert.soundsFor } == true
        }
        for index in ringing {
          alarms[index].snoozedUntil = nil
          alarms[index].stoppedAt = now
        }
        return ringing.count
      }
      AlarmCommand.unscheduled()
      StandardOutput.line(stopped == 0 ? "no alarm is sounding or snoozed" : "stopped \(stopped) alarm\(stopped == 1 ? "" : "s")")
    }
  }
}
