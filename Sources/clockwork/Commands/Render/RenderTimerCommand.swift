import ArgumentParser
import ClockworkCore
import ClockworkModes
import ClockworkWidgets

struct RenderTimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Stamp a countdown ring.",
    discussion: "Durations: \(DurationParser.acceptedForms)."
  )

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Time left, e.g. 42s or 4:30.", valueName: "duration"),
    transform: DurationArgument.parse)
  var remaining: Duration

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The countdown's full length (at least --remaining).", valueName: "duration"),
    transform: DurationArgument.parse)
  var total: Duration

  @Option(
    help: ArgumentHelp("Show the pulse at this point of its 1 s beat, 0 to 1.", valueName: "phase"))
  var pulsePhase: Double?

  @Flag(help: "Draw the cycling gradient backdrop behind the ring.")
  var backdrop = false

  @Option(
    help: ArgumentHelp(
      "The ring's look from a JSON file (track, gradient, pulse, lineWidth, radius, label).",
      valueName: "file"), completion: .file(extensions: ["json"]),
    transform: RingThemeArgument.parse)
  var theme: CountdownRing.Style?

  @Flag(
    help: ArgumentHelp(
      "With -o FILE.svg: one SVG that counts down by itself (SMIL): the arc filling, the pulse from --pulse-phase (default 0), the backdrop cycling, the time left (whole seconds before the last minute; at most 1 hour left)."
    ))
  var animated = false

  @OptionGroup var output: OutputOptions

  static let longestAnimated = Duration.seconds(3600)

  func validate() throws {
    if animated, try output.resolvedFormat() != .svg || output.frames != 1 {
      throw ValidationError(
        "--animated writes one SVG: -o FILE.svg, without --frames (for GIF or WebP: --frames N -o FILE.gif)"
      )
    }
    // A text for each second it shows: an hour is some 4,000 of them, 700 KB.
    if animated, remaining > Self.longestAnimated {
      throw ValidationError(
        "--animated counts down at most \(CountdownFormat.string(Self.longestAnimated)) (a text a second), got \(CountdownFormat.string(remaining)); for longer, --frames N -o FILE.webp"
      )
    }
    guard remaining <= total else {
      throw ValidationError(
        "--remaining (\(CountdownFormat.string(remaining))) is longer than --total (\(CountdownFormat.string(total)))"
      )
    }
    if let pulsePhase, !(0...1).contains(pulsePhase) {
      throw ValidationError("--pulse-phase must be from 0 to 1, got \(pulsePhase)")
    }
  }

  func run() throws {
    let stamp = TimerStamp(
      size: Double(output.size), remaining: remaining, total: total,
      pulsePhase: animated ? pulsePhase ?? 0 : pulsePhase, backdrop: backdrop,
      style: theme ?? .init())
    if animated { return try output.writeText { CountdownRingSVG.document(stamp) } }
    try output.write { index in stamp.frame(at: Double(index) / output.fps) }
  }
}
