import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork alarm`: alarms that ring at a wall-clock time on chosen days, with no window open.
struct AlarmCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "alarm",
    abstract:
      "Alarms: a time of day on chosen days, rung as a desktop notification with no window open.",
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
    subcommands: [
      Add.self, Edit.self, List.self, Remove.self, Enable.self, Disable.self, Snooze.self,
      Stop.self, Units.self,
    ],
    defaultSubcommand: List.self
  )

  static var alarms: Alarms { Alarms() }

  /// An alarm's time: a time of day in minutes (dates are not offered as forms).
  static func timeOfDay(_ time: String, zone: Zone?) throws -> TargetTimeParser.TimeOfDay {
    let parsed: TargetTimeParser.Target
    do { parsed = try TargetTimeParser.parse(time, zone: zone ?? .local) } catch {
      throw ValidationError(
        "cannot read time '\(time)': \(error.problem) (an alarm's time is a time of day: 7:00, 07:30, 6:30pm, 18:30)"
      )
    }
    guard case .timeOfDay(let t) = parsed, t.second == 0 else {
      throw ValidationError(
        "'\(time)' is not a time of day in minutes (an alarm's time is a time of day: 7:00, 07:30, 6:30pm, 18:30)"
      )
    }
    return t
  }

  /// Says what the library could not do, with this command's words.
  static func failure(_ error: AlertsError) -> RuntimeFailure {
    switch error {
    case .noSuchAlarm(let id): RuntimeFailure("no alarm \(id); `clockwork alarm list` shows them")
    case .noAlarmHasRung: RuntimeFailure("no alarm has rung yet")
    case .cannotSave(let problem): RuntimeFailure("cannot save alarms: \(problem)")
    case .cannotWriteUnits(let folder, let reason):
      RuntimeFailure("cannot write the units in \(folder): \(reason)")
    case .managerRefused(let problem): RuntimeFailure(problem)
    case .chimeHasNoTime(let id):
      RuntimeFailure(
        "alarm \(id) is a chime: its hours stay (remove it and add another with `clockwork chime --between`); --days, --zone and --sound change it"
      )
    default: RuntimeFailure("\(error)")
    }
  }

  /// Runs a change, words its failure, says its warnings and prints its line.
  static func report<T>(_ change: () throws(AlertsError) -> (T, [String]), line: (T) -> String)
    throws
  {
    let (value, warnings): (T, [String])
    do { (value, warnings) = try change() } catch { throw failure(error) }
    for warning in warnings { StandardOutput.error("warning: \(warning)") }
    StandardOutput.line(line(value))
  }

  struct Units: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "units",
      abstract:
        "Write the alarms as systemd user units (a timer unit each, and the service that rings).",
      discussion: """
        Where a user manager runs, `alarm add` and the rest keep the units in \
        $XDG_CONFIG_HOME/systemd/user up to date by themselves; this writes them anywhere, e.g. \
        to look at them, or to install by hand:
          $ clockwork alarm units --folder ~/.config/systemd/user
          $ systemctl --user daemon-reload && systemctl --user enable --now 'clockwork-alarm-*.timer'
        Each timer unit wakes the machine from suspend (WakeSystem=true) where the manager may \
        (it holds CAP_WAKE_ALARM; one that does not fails a unit that asks), unless \
        --no-wake-system or the setting "wakeSystem": false says not to; where it may not, \
        that is said, with how to allow it.
        """)

    @Option(
      help: ArgumentHelp(
        "Where to write them (default: $XDG_CONFIG_HOME/systemd/user, and the manager is told).",
        valueName: "folder"), completion: .directory)
    var folder: String?

    @Flag(
      inversion: .prefixedNo,
      help:
        "Wake the machine from suspend for each alarm (WakeSystem=true; default: where the manager may, unless the wakeSystem setting is false)."
    )
    var wakeSystem: Bool?

    func run() throws {
      let written: (folder: URL, timers: Int)
      do {
        written = try AlarmCommand.alarms.writeUnits(
          to: folder.map { URL(fileURLWithPath: $0) },
          wakeSystem: wakeSystem ?? MachineWake.managerWakes)
      } catch {
        throw AlarmCommand.failure(error)
      }
      StandardOutput.line(
        "wrote \(SystemdUnits.service) and \(written.timers) timer unit\(written.timers == 1 ? "" : "s") in \(written.folder.path)"
      )
      if wakeSystem ?? MachineWake.wanted, !MachineWake.managerWakes,
        let problem = MachineWake.problem(managerRuns: true)
      {
        StandardOutput.error("warning: \(problem)")
      }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add an alarm, e.g. `alarm add 7:00 --days mon-fri --label standup`.")

    @Argument(help: ArgumentHelp("The time of day: 7:00, 07:30, 6:30pm, 18:30.", valueName: "time"))
    var time: String

    @Option(
      help: ArgumentHelp(
        "The days it rings: mon-fri, sat,sun, weekdays, weekends, daily.", valueName: "days"),
      completion: Completions.days)
    var days: String = "daily"

    @Option(help: ArgumentHelp("What the notification says.", valueName: "text"))
    var label: String?

    @Option(
      help: "The time zone of the time (default: local, whatever it is when it rings).",
      completion: Completions.zone, transform: ZoneArgument.parse)
    var zone: Zone?

    @OptionGroup var sound: SoundOptions

    func validate() throws {
      _ = try parsedTime()
      do { _ = try Weekday.parseDays(days) } catch {
        throw ValidationError("--days \(days): \(error)")
      }
      if let label, label.isEmpty || label.count > 200 {
        throw ValidationError("--label must be 1 to 200 characters")
      }
    }

    func parsedTime() throws -> TargetTimeParser.TimeOfDay {
      try AlarmCommand.timeOfDay(time, zone: zone)
    }

    func run() throws {
      let t = try parsedTime()
      let schedule = AlarmSchedule(
        hour: t.hour, minute: t.minute, days: try Weekday.parseDays(days))
      let now = Date()
      let sound = sound.saved(try SharedSettings.load())
      try AlarmCommand.report({ () throws(AlertsError) in
        try AlarmCommand.alarms.add(schedule, label: label, zone: zone, sound: sound, now: now)
      }) {
        AlarmCommand.line($0, now: now) + AlarmCommand.skippedDayNote($0, now: now)
      }
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List the alarms, each with its next ring.")

    func run() throws {
      let now = Date()
      let (alarms, warning) = AlarmCommand.alarms.list(now: now)
      if let warning { StandardOutput.error(warning) }
      guard !alarms.isEmpty else {
        return StandardOutput.line("no alarms; add one with `clockwork alarm add 7:00`")
      }
      for alarm in alarms { StandardOutput.line(AlarmCommand.line(alarm, now: now)) }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "Remove an alarm.")
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    func run() throws {
      try AlarmCommand.report({ () throws(AlertsError) in try AlarmCommand.alarms.remove(id) }) {
        "removed alarm \($0.id) (\($0.summary))"
      }
    }
  }

  struct Enable: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "enable",
      abstract: "Turn an alarm on again: it rings from its next time.")
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    func run() throws {
      let now = Date()
      try AlarmCommand.report({ () throws(AlertsError) in
        try AlarmCommand.alarms.enable(id, now: now)
      }) { AlarmCommand.line($0, now: now) }
    }
  }

  struct Disable: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "disable", abstract: "Turn an alarm off, keeping it.")
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    func run() throws {
      try AlarmCommand.report({ () throws(AlertsError) in try AlarmCommand.alarms.disable(id) }) {
        AlarmCommand.line($0, now: Date())
      }
    }
  }

  struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "snooze",
      abstract: "Ring the alarm that rang last again after a while (default 10m).")
    @Argument(help: ArgumentHelp("How long: 5m, 10m, 1h.", valueName: "duration")) var duration:
      String = "10m"

    func validate() throws {
      do { _ = try DurationParser.parse(duration) } catch {
        throw ValidationError(error.description)
      }
    }

    func run() throws {
      let wait = try DurationParser.parse(duration) / .seconds(1)
      try AlarmCommand.report({ () throws(AlertsError) in
        let (alarm, until, warnings) = try AlarmCommand.alarms.snooze(for: wait)
        return ((alarm, until), warnings)
      }) { "alarm \($0.0.id) snoozed until \(ClockText.time($0.1, in: $0.0.timeZone))" }
    }
  }

  struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stop",
      abstract:
        "Silence the alarms sounding now and end every snooze: nothing rings again until an alarm's next time."
    )

    func run() throws {
      try AlarmCommand.report({ () throws(AlertsError) in try AlarmCommand.alarms.stop() }) {
        $0 == 0 ? "no alarm is sounding or snoozed" : "stopped \($0) alarm\($0 == 1 ? "" : "s")"
      }
    }
  }
}
