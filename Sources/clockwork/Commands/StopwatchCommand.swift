import ArgumentParser
import ClockworkCore
import Foundation

struct StopwatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stopwatch",
    abstract: "Run a stopwatch with laps.",
    discussion: """
      Plain mode prints the elapsed time once a second; each line on standard input (Enter)
      records a lap and prints it. End of input (Ctrl-D) or Ctrl-C prints the laps as a table,
      newest first, with the best and worst marked once there are three.

        $ clockwork stopwatch --plain
        00:00.00
        00:01.00
                           <- Enter
        lap 1  00:01.43  total 00:01.43
      """
  )

  @Flag(help: "Print plain text lines instead of drawing (the only mode so far).")
  var plain = false

  func run() async throws {
    let status = await PlainStopwatch().run()
    throw ExitCode(status)
  }
}
