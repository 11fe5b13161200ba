import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork chime`: a bell on the hour (or every half hour, 20 or 15 minutes), between two
/// hours, on chosen days; kept and rung as alarms are, with no window open.
struct ChimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chime",
    abstract: "Chimes: a bell every hour or part of one, between two hours, on chosen days.",
    discussion: """
      A chime is kept with the alarms (numbered among them: `alarm list` shows it, `alarm \
      remove N` removes it) and rung the same way, by a systemd user manager's timer unit or \
      the watcher, with no window open. It sounds the sound theme's bell (or --sound), or with \
      --strike the hour's strokes on the hour (three at 15:00), no notification. It follows the \
      wall clock of its zone: across a DST change each hour the clock shows chimes once, an \
      hour the change skips does not, an hour shown twice chimes once. A chime more than a \
      minute late (the machine was asleep) marks a time gone by and is not sounded.

      Examples:
        $ clockwork chime --every 1h --between 09-18 --days mon-fri
        $ clockwork chime --every 30m --between 8-22 --strike
        $ clockwork chime list
        $ clockwork alarm remove 3
      """,
    subcommands: [Add.self, List.self],
    defaultSubcommand: Add.self
  )

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a chime (the default: `clockwork chime --every 1h`).")

    @Option(
      help: ArgumentHelp("How often: 1h, 30m, 20m or 15m, on the hour.", valueName: "interval"),
      transform: DurationArgument.parse)
    var every: Duration = .seconds(3600)

    @Option(
      help: ArgumentHelp(
        "The first and last hours, 0 to 23: 09-18 chimes from 09:00 to 18:00.", valueName: "hours"))
    var between: String = "0-23"

    @Option(
      help: ArgumentHelp(
        "The days it chimes: mon-fri, sat,sun, weekdays, weekends, daily.", valueName: "days"),
      completion: Completions.days)
    var days: String = "daily"

    @Option(
      help: "The time zone of its hours (default: local, whatever it is when it chimes).",
      completion: Completions.zone, transform: ZoneArgument.parse)
    var zone: Zone?

    @Flag(help: "On the hour, strike it: as many strokes as the hour on a 12-hour dial.")
    var strike = false

    @OptionGroup var sound: SoundOptions

    func schedule() throws -> ChimeSchedule {
      let seconds = every / .seconds(1)
      guard seconds.rounded() == seconds, Int(seconds) % 60 == 0 else {
        throw ValidationError("--every: a chime sounds every 1h, 30m, 20m or 15m")
      }
      do {
        let hours = try ChimeSchedule.parseHours(between)
        return try ChimeSchedule(
          every: Int(seconds) / 60, from: hours.from, to: hours.to,
          days: try Weekday.parseDays(days))
      } catch {
        throw ValidationError("\(error)")
      }
    }

    func validate() throws { _ = try schedule() }

    func run() throws {
      let chime = try schedule()
      let now = Date()
      let sound = sound.saved(try SharedSettings.load())
      try AlarmCommand.report({ () throws(AlertsError) in
        try AlarmCommand.alarms.addChime(chime, strikes: strike, zone: zone, sound: sound, now: now)
      }) { AlarmCommand.line($0, now: now) }
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the chimes, each with when it next sounds.")

    func run() throws {
      let now = Date()
      let (alarms, warning) = AlarmCommand.alarms.list(now: now)
      if let warning { StandardOutput.error(warning) }
      let chimes = alarms.filter(\.isChime)
      guard !chimes.isEmpty else {
        return StandardOutput.line(
          "no chimes; add one with `clockwork chime --every 1h --between 09-18`")
      }
      for chime in chimes { StandardOutput.line(AlarmCommand.line(chime, now: now)) }
    }
  }
}
