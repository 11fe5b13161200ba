import ArgumentParser
import ClockworkAlerts
import ClockworkCore

/// What a launch asks of the app: a page, a timer to start. A second launch hands them to the
/// app already running.
struct DesktopOptions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clockwork-desktop",
    abstract: "Clockwork's desktop app: World, Alarms, Stopwatch and Timer.",
    discussion: """
      One app runs at a time: a second launch shows the first one's window, on the page it \
      names, and starts there the timer it gives. Timers and alarms are the command line's \
      (`clockwork timer --list`, `clockwork alarm list`) and ring with the app closed.

      Examples:
        clockwork-desktop --page stopwatch
        clockwork-desktop --timer 4m --name tea
      """)

  /// The app's pages, in the order they are shown.
  enum Page: String, CaseIterable, ExpressibleByArgument {
    case world, alarms, stopwatch, timer
  }

  @Option(help: "The page to show: world, alarms, stopwatch or timer.")
  var page: Page?

  @Option(
    help: ArgumentHelp(
      "Starts a timer this long (90s, 5m, 1h 30m, 1:30) and shows the Timer page.",
      valueName: "duration"))
  var timer: String?

  @Option(help: "The timer's name (letters, digits, - _ and .; default: timer).")
  var name: String?

  @Flag(help: "Starts a pomodoro (4 rounds of 25 min work and 5 min break) and shows it.")
  var pomodoro = false

  /// The timer's length, once ``validate()`` has passed.
  var length: Duration? { timer.flatMap { try? DurationParser.parse($0) } }

  func validate() throws {
    if let timer {
      guard let length = try? DurationParser.parse(timer), length > .zero else {
        throw ValidationError(TimerPage.notALength(timer))
      }
    }
    if pomodoro && timer != nil {
      throw ValidationError("--pomodoro and --timer each start a timer: give one.")
    }
    if let name {
      guard timer != nil else { throw ValidationError("--name names a timer: give --timer too.") }
      guard TimerStore.validName(name) else {
        throw ValidationError(
          "“\(name)” cannot name a timer: letters, digits, - _ and . (at most 64).")
      }
    }
  }
}
