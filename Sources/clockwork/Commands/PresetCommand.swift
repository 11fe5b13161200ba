import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkSystem
import FoundationEssentials

/// `clockwork preset`: timers kept under a name, started with `clockwork timer NAME`.
struct PresetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preset",
    abstract: "Timers kept under a name: `clockwork timer tea` starts the preset 'tea'.",
    discussion: """
      Presets are kept in $XDG_CONFIG_HOME/clockwork/presets.json (~/.config/clockwork), a JSON \
      object a person may edit: each name holds "duration" (e.g. "4m") or "sequence" (e.g. \
      "work 50m, break 10m") with "rounds", and optionally "sound" (false, or a file) and \
      "exec". A bad entry is named with its line; the others still work.

      Examples:
        $ clockwork preset add tea 4m
        $ clockwork preset add eggs 7m --no-sound --exec 'notify-send eggs'
        $ clockwork preset add focus --sequence "work 50m, break 10m" --repeat 3
        $ clockwork timer tea
        $ clockwork preset list
        $ clockwork preset remove tea
      """,
    subcommands: [Add.self, List.self, Remove.self],
    defaultSubcommand: List.self
  )

  static func presets() throws -> Presets {
    guard let presets = Presets() else {
      throw RuntimeFailure("no home folder: set HOME or XDG_CONFIG_HOME")
    }
    return presets
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a preset, or change one: `preset add tea 4m`.")

    @Argument(help: "Its name: what `clockwork timer NAME` starts.") var name: String

    @Argument(
      help: ArgumentHelp("How long, e.g. 4m, 1h 30m (or --sequence).", valueName: "duration"))
    var durationWords: [String] = []

    @OptionGroup var phases: SequenceOptions
    @OptionGroup var sound: SoundOptions

    @Option(
      name: .customLong("exec"),
      help: ArgumentHelp("A shell command to run once when the timer ends.", valueName: "command"))
    var command: String?

    func validate() throws {
      if let problem = Presets.problem(naming: name) { throw ValidationError(problem) }
      if phases.manual {
        throw ValidationError("--manual is chosen when the timer starts, not kept in a preset")
      }
      switch (durationWords.isEmpty, phases.sequence) {
      case (true, nil): throw ValidationError("give a duration or --sequence")
      case (false, .some): throw ValidationError("give a duration or --sequence, not both")
      case (false, nil): _ = try DurationArgument.parse(durationWords.joined(separator: " "))
      case (true, .some): break
      }
    }

    func run() throws {
      let sequence = try phases.resolved()
      let duration =
        durationWords.isEmpty
        ? nil : try DurationArgument.parse(durationWords.joined(separator: " "))
      let preset = Preset(
        name: name, duration: duration, sequence: sequence,
        sound: sound.given ? sound.saved(.init()) : nil, exec: command)
      do { try PresetCommand.presets().save(preset) } catch let error as PresetError {
        throw RuntimeFailure(error.description)
      }
      StandardOutput.line("preset \(name): \(preset.summary); `clockwork timer \(name)` starts it")
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the presets.")

    func run() throws {
      let (presets, problems) = try PresetCommand.presets().load()
      for problem in problems { StandardOutput.error("warning: \(problem)") }
      guard !presets.isEmpty else {
        return StandardOutput.line("no presets; add one with `clockwork preset add tea 4m`")
      }
      let width = presets.map(\.name.count).max() ?? 0
      for preset in presets {
        StandardOutput.line(preset.name.padded(to: width) + "  " + preset.summary)
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "Remove a preset.")
    @Argument(help: "The preset's name.", completion: Completions.preset) var name: String

    func run() throws {
      let removed: Bool
      do { removed = try PresetCommand.presets().remove(name) } catch let error as PresetError {
        throw RuntimeFailure(error.description)
      }
      guard removed else {
        throw RuntimeFailure("no preset named '\(name)'; `clockwork preset list` shows them")
      }
      StandardOutput.line("removed preset \(name)")
    }
  }
}
