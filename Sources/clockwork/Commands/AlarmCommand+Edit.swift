import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork alarm edit`: an alarm changed, what is not given kept.
extension AlarmCommand {
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Change an alarm: `alarm edit 2 --time 7:30 --days weekdays --label run`.",
      discussion: """
        What is not given stays. A new time, days or zone rings from its next occurrence (what \
        it would have rung before is not owed) and ends a snooze. --label "" removes the label; \
        --zone local follows the local zone.
        """)
    @Argument(help: "The alarm's number (see `alarm list`).") var id: Int

    @Option(help: ArgumentHelp("The time of day: 7:00, 07:30, 6:30pm, 18:30.", valueName: "time"))
    var time: String?

    @Option(
      help: ArgumentHelp(
        "The days it rings: mon-fri, sat,sun, weekdays, weekends, daily.", valueName: "days"),
      completion: Completions.days)
    var days: String?

    @Option(help: ArgumentHelp("What the notification says (\"\" for none).", valueName: "text"))
    var label: String?

    @Option(
      help: ArgumentHelp("The time zone of the time, or local.", valueName: "zone"),
      completion: Completions.zone)
    var zone: String?

    @OptionGroup var sound: SoundOptions

    func validate() throws {
      if let label, label.count > 200 {
        throw ValidationError("--label must be up to 200 characters")
      }
      if let days {
        do { _ = try Weekday.parseDays(days) } catch {
          throw ValidationError("--days \(days): \(error)")
        }
      }
      _ = try givenZone()
      if let time { _ = try AlarmCommand.timeOfDay(time, zone: try givenZone() ?? nil) }
      guard time != nil || days != nil || label != nil || zone != nil || sound.given else {
        throw ValidationError("give what changes: --time, --days, --label, --zone or a sound")
      }
    }

    /// `--zone`: `.some(nil)` for local.
    func givenZone() throws -> Zone?? {
      guard let zone else { return nil }
      if zone == "local" { return .some(nil) }
      return .some(try ZoneArgument.parse(zone))
    }

    func run() throws {
      let now = Date()
      let (saved, warning) = AlarmCommand.alarms.list(now: now)
      if let warning { StandardOutput.error(warning) }
      guard let current = saved.first(where: { $0.id == id }) else {
        throw RuntimeFailure("no alarm numbered \(id); `clockwork alarm list` shows them")
      }
      var change = Alarms.Edit()
      change.zone = try givenZone()
      if time != nil || days != nil {
        let t = try time.map {
          try AlarmCommand.timeOfDay($0, zone: change.zone ?? current.timeZone)
        }
        let schedule = current.schedule
        change.schedule = AlarmSchedule(
          hour: t?.hour ?? schedule.hour, minute: t?.minute ?? schedule.minute,
          days: try days.map(Weekday.parseDays) ?? schedule.days)
      }
      change.label = label
      if sound.given { change.sound = .some(sound.saved(try SharedSettings.load())) }
      try AlarmCommand.report({ () throws(AlertsError) in
        try AlarmCommand.alarms.edit(id, change, now: now)
      }) { AlarmCommand.line($0, now: now) }
    }
  }
}
