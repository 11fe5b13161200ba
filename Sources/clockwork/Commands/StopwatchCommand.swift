import ArgumentParser
import ClockworkCore
import ClockworkTerminal
import Foundation

struct StopwatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stopwatch",
    abstract: "Run a stopwatch with laps.",
    discussion: """
      In a terminal: the elapsed time large (MM:SS.cc); Space starts and stops, l or Enter takes
      a lap, r resets when stopped, q quits. Laps are listed newest first, the best and worst
      marked once there are three; on quitting they are printed as a table, and --export writes
      them to a CSV or JSON file too.

      Plain mode (--plain, or output not a terminal) prints the elapsed time once a second; each line on standard input (Enter)
      records a lap and prints it. End of input (Ctrl-D) or Ctrl-C prints the laps as a table,
      newest first, with the best and worst marked once there are three.

        $ clockwork stopwatch --plain
        00:00.00
        00:01.00
                           <- Enter
        lap 1  00:01.43  total 00:01.43
      """
  )

  @OptionGroup var live: LiveOptions

  @Option(help: ArgumentHelp("Frames per second while running (1 to 100).", valueName: "n"))
  var fps: Double = 30

  @Option(help: ArgumentHelp("Also write the laps to this file when quitting (.csv or .json).", valueName: "file"))
  var export: String?

  func validate() throws {
    guard fps.isFinite, (1...100).contains(fps) else { throw ValidationError("--fps must be from 1 to 100, got \(fps)") }
    if let export { _ = try LapExport.Format(path: export) }
  }

  func run() async throws {
    guard live.wantsLiveView else {
      throw ExitCode(await PlainStopwatch(export: export).run())
    }
    let session = try TerminalSession()
    let mode = LiveStopwatch(fps: fps, glyphs: live.graphics)
    let status = await LiveLoop(session: session, colorMode: live.colorMode).run(mode)
    // The terminal is back: the laps stay in the scrollback.
    let total = mode.watch.elapsed(at: mode.clock.now)
    Output.line(LapTable.render(mode.watch.laps, total: total))
    if let export { try LapExport.write(mode.watch.laps, total: total, to: export) }
    throw ExitCode(status)
  }
}
