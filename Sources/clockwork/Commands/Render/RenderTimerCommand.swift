import ArgumentParser
import ClockworkCore
import ClockworkScene
import ClockworkWidgets
import FoundationEssentials

struct RenderTimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Stamp a countdown ring.",
    discussion: "Durations: \(DurationParser.acceptedForms)."
  )

  @Option(help: ArgumentHelp("Time left, e.g. 42s or 4:30.", valueName: "duration"), transform: DurationArgument.parse)
  var remaining: Duration

  @Option(help: ArgumentHelp("The countdown's full length (at least --remaining).", valueName: "duration"), transform: DurationArgument.parse)
  var total: Duration

  @Option(help: ArgumentHelp("Show the pulse at this point of its 1 s beat, 0 to 1.", valueName: "phase"))
  var pulsePhase: Double?

  @Flag(help: "Draw the cycling gradient backdrop behind the ring.")
  var backdrop = false

  @OptionGroup var output: OutputOptions

  func validate() throws {
    guard remaining <= total else {
      throw ValidationError("--remaining (\(CountdownFormat.string(remaining))) is longer than --total (\(CountdownFormat.string(total)))")
    }
    if let pulsePhase, !(0...1).contains(pulsePhase) {
      throw ValidationError("--pulse-phase must be from 0 to 1, got \(pulsePhase)")
    }
  }

  func run() throws {
    let size = Double(output.size)
    let ring = CountdownRing(size: size)
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: size, height: size)
    let backdropLayer = backdrop ? GradientBackdrop(size: Size(width: size, height: size)) : nil
    if let backdropLayer { root.addSublayer(backdropLayer.layer) }
    root.addSublayer(ring.layer)
    try output.write { index in
      let elapsed = Double(index) / output.fps
      let left = max(.zero, remaining - .milliseconds(Int64((elapsed * 1000).rounded())))
      ring.show(remaining: left, progress: 1 - (left / .seconds(1)) / (total / .seconds(1)))
      if let pulsePhase, left > .zero {
        ring.showPulse(phase: (pulsePhase + elapsed).truncatingRemainder(dividingBy: 1))
      }
      let cycle = GradientBackdrop.stepDuration * 3
      backdropLayer?.show(phase: (elapsed / cycle).truncatingRemainder(dividingBy: 1))
      return root
    }
  }
}
