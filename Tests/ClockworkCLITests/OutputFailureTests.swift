import ClockworkTestSupport
import Foundation
import Testing

/// Standard output that cannot be written (`/dev/full`: every write fails with ENOSPC) is a
/// runtime failure in every command: a message on standard error and exit 1, never a silent 0
/// and never a run that goes on printing into nothing.
@Suite struct OutputFailureTests {
  @Test(arguments: [
    ["timer", "1s", "--plain"],
    ["clock", "--plain"],
    ["stopwatch", "--plain"],
    ["stopwatch", "--history"],
    ["timer", "--list"],
    ["--help"],
    ["stopwatch", "--help"],
    ["--version"],
    ["render", "clock", "--size", "16", "--format", "png", "-o", "-"],
  ])
  func aFullStandardOutputFailsWithExit1(arguments: [String]) throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try BinaryRunner.run("clockwork", arguments, standardOutput: full)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
  }

  @Test func aClosedStandardOutputFailsWithExit1() throws {
    let shell = try BinaryRunner.run(
      "/bin/sh",
      [
        "-c", "\"$0\" clock --plain --count 2 >&-",
        BinaryRunner.productsDirectory.appendingPathComponent("clockwork").path,
      ])
    #expect(shell.status == 1)
    #expect(shell.stderr == "clockwork: cannot write to standard output: Bad file descriptor\n")
  }
}
