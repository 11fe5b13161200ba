import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkRoutines
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork status`: one line of what runs now, for panels and scripts.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract:
      "One line of what runs now: timers (phase, time left), the stopwatch, the next alarm.",
    discussion: """
      Formats: text (the line), json (the line and each item), waybar (its custom module's \
      {"text","tooltip","class","percentage"}; class is timer, stopwatch, alarm, paused, \
      overtime or idle), i3blocks (full and short text). --follow prints a new line each time it changes \
      and sleeps in between (woken by the state folder and the line's next change; with \
      nothing running it does not wake at all).

        waybar:   "custom/clockwork": { "exec": "clockwork status --follow --format waybar", "return-type": "json" }
        polybar:  [module/clockwork] type = custom/script, exec = clockwork status --follow, tail = true
        i3blocks: [clockwork] command=clockwork status --format i3blocks, interval=1
      """)

  @Option(
    help: ArgumentHelp("text, json, waybar or i3blocks.", valueName: "format"),
    completion: .list(Status.Format.allCases.map(\.rawValue)))
  var format: String = "text"

  @Flag(help: "Print a new line each time it changes, until interrupted.")
  var follow = false

  func validate() throws {
    guard Status.Format(rawValue: format) != nil else {
      throw ValidationError(
        "unknown format '\(format)' (use \(Status.Format.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
  }

  func run() throws {
    try Self.show(format: Status.Format(rawValue: format) ?? .text, follow: follow)
  }

  /// The line, once or on each change.
  static func show(format: Status.Format, follow: Bool) throws {
    let state = StateDirectory(environment: ProcessEnvironment.current)
    if format == .json { Translation.writeAsWritten() }
    guard follow else {
      var status = Status.now(in: state, at: Date())
      if format == .json { status.clock = ClockSync.read() }
      return StandardOutput.line(status.render(format))
    }
    do {
      try Status.follow(in: state, format: format, output: StandardOutput.descriptor) { line in
        StandardOutput.line(line)
        return StandardOutput.failure == nil
      }
    } catch { throw RuntimeFailure("cannot follow \(state.url.path): \(error)") }
  }

  /// `status`'s arguments read without ArgumentParser, which costs a panel that runs `status`
  /// every second several times the rest of the run: `--follow` and `--format F`
  /// (or `--format=F`) with a known format, each at most once, in any order. Anything else
  /// (help, a mistake, a repeat) is nil, and ArgumentParser reads it and says what is wrong.
  static func quickRead(_ arguments: ArraySlice<String>) -> (format: Status.Format, follow: Bool)? {
    var format: Status.Format?
    var follow = false
    var rest = arguments
    while let word = rest.popFirst() {
      if word == "--follow", !follow {
        follow = true
      } else if format == nil, word == "--format" || word.hasPrefix("--format=") {
        let value = word == "--format" ? rest.popFirst() : String(word.dropFirst("--format=".count))
        guard let value, let known = Status.Format(rawValue: value) else { return nil }
        format = known
      } else {
        return nil
      }
    }
    return (format ?? .text, follow)
  }
}
