import ClockworkTestSupport
import Foundation
import Testing

/// Runs the built `clockwork` binary in its plain modes and checks output and exit codes.
@Suite(.timeLimit(.minutes(1))) struct PlainModeTests {
  @Test func clockPrintsOneLinePerSecondInEachZone() throws {
    let result = try BinaryRunner.run(
      "clockwork",
      ["clock", "--plain", "--count", "2", "--zone", "Asia/Kathmandu", "--zone", "UTC"])
    #expect(result.status == 0)
    #expect(result.lines.count == 2)
    let pattern =
      /^(\d{4}-\d\d-\d\d) (\d\d):(\d\d):(\d\d) \+05:45  (\d{4}-\d\d-\d\d) (\d\d):(\d\d):(\d\d) \+00:00$/
    let seconds = try result.lines.map { line in
      let match = try #require(line.wholeMatch(of: pattern), "\(line)")
      // Kathmandu is 5:45 ahead of UTC: the same instant in both columns.
      let kathmandu: Int = Int(match.2)! * 60 + Int(match.3)!
      let utc: Int = Int(match.6)! * 60 + Int(match.7)!
      #expect((kathmandu - 345 + 1440) % 1440 == utc)
      #expect(match.4 == match.8)
      return Int(match.8)!
    }
    #expect((seconds[1] - seconds[0] + 60) % 60 == 1)
  }

  @Test func noArgumentsRunsTheClock() throws {
    let result = try BinaryRunner.run("clockwork", [], signal: SIGINT, signalAfter: 0.3)
    #expect(result.status == 130)
    #expect(
      result.lines.first?.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d/) != nil)
  }

  @Test func timerCountsDownRingsAndExitsZero() throws {
    let state = try TemporaryDirectory()
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state.url.path
    // no notification service
    environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(state.url.path)/no-bus"
    // Whether this machine may be woken for it is said where it may not: not asked here.
    try FileManager.default.createDirectory(
      at: state.file("config/clockwork"), withIntermediateDirectories: true)
    try Data(#"{"wakeSystem": false}"#.utf8).write(to: state.file("config/clockwork/config.json"))
    environment["XDG_CONFIG_HOME"] = state.file("config").path
    let result = try BinaryRunner.run(
      "clockwork", ["timer", "2s", "--plain"], environment: environment)
    #expect(result.status == 0)
    #expect(result.stdout == "0:02\n0:01\n0:00\n")
    // stdout is a pipe, so the bell goes to stderr, and with it why there was no notification.
    #expect(result.stderr.hasPrefix("\u{07}clockwork: no desktop notification ("))
    #expect(result.stderr.hasSuffix("); the terminal's bell instead\n"))
  }

  /// A script that stops a plain timer is done with it: the next one starts, where it had been
  /// refused as "already running" (exit 64, then 1).
  @Test func anInterruptedPlainTimerDoesNotBlockTheNext() throws {
    let dir = try TemporaryDirectory()
    let environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": dir.url.path])
    { $1 }
    let first = try BinaryRunner.run(
      "clockwork", ["timer", "1m", "--plain"], environment: environment, signal: SIGINT,
      signalAfter: 0.3)
    #expect(first.status == 130)
    let second = try BinaryRunner.run(
      "clockwork", ["timer", "2m", "--plain"], environment: environment, signal: SIGINT,
      signalAfter: 0.3)
    #expect(second.status == 130)
    #expect(second.stdout == "2:00\n")
    #expect(second.stderr.isEmpty)
  }

  /// A plain stopwatch whose input ends stops there, saved: it does not count on unseen.
  @Test func aPlainStopwatchStopsWhenItsInputEnds() throws {
    let dir = try TemporaryDirectory()
    let environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": dir.url.path])
    { $1 }
    let result = try BinaryRunner.run(
      "clockwork", ["stopwatch", "--plain"], input: "\n", environment: environment)
    #expect(result.status == 0)
    let saved = try Data(contentsOf: dir.url.appendingPathComponent("clockwork/stopwatch.json"))
    let value =
      (try JSONSerialization.jsonObject(with: saved) as? [String: Any])?["value"] as? [String: Any]
    #expect(value?["phase"] as? String == "paused")
  }

  @Test func aDurationInSeveralWordsAddsUpUnquoted() throws {
    let result = try BinaryRunner.run(
      "clockwork", ["timer", "1h", "30m", "--plain"], signal: SIGINT, signalAfter: 0.3)
    #expect(result.status == 130)
    #expect(result.stdout == "1:30:00\n")
  }

  /// A usage problem found while running names the subcommand's usage, not the root's.
  @Test func aTimerWithNothingToReturnToShowsTheTimersUsage() throws {
    let result = try BinaryRunner.run("clockwork", ["timer"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Usage: clockwork timer "), "\(result.stderr)")
    let past = try BinaryRunner.run("clockwork", ["timer", "--until", "2020-01-01T00:00Z"])
    #expect(past.status == 64)
    #expect(past.stderr.contains("counts up from it)\nUsage: clockwork timer "), "\(past.stderr)")
  }

  @Test(arguments: [["timer"], ["alarm", "add"], ["preset"]])
  func helpAsASubcommandIsTheSubcommandsHelp(path: [String]) throws {
    let asked = try BinaryRunner.run("clockwork", ["help"] + path)
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.stdout == (try BinaryRunner.run("clockwork", path + ["--help"])).stdout)
    #expect(asked.stdout.contains("USAGE: clockwork \(path.joined(separator: " "))"))
  }

  @Test func aZoneInOtherLetterCaseIsTheZoneItFoldsTo() throws {
    let folded = try BinaryRunner.run(
      "clockwork", ["clock", "--plain", "--count", "1", "--zone", "asia/KATHMANDU"])
    #expect(folded.status == 0, "\(folded.stderr)")
    #expect(folded.stdout.hasSuffix(" +05:45\n"), "\(folded.stdout)")
  }

  @Test func anInstalledThemeIsFoundFromTheBuildFolderToo() throws {
    let dir = try TemporaryDirectory()
    let result = try BinaryRunner.run(
      "clockwork",
      ["render", "clock", "--theme", "wall", "--size", "64", "-o", dir.file("wall.png").path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func alarmAddHelpSaysTheDaysDefaultOnce() throws {
    let help = try BinaryRunner.run("clockwork", ["alarm", "add", "--help"]).stdout
    #expect(help.components(separatedBy: "(default: daily)").count == 2, "\(help)")
  }

  @Test func timerHelpSaysTheNamesDefaultOnce() throws {
    let help = try BinaryRunner.run("clockwork", ["timer", "--help"]).stdout
    #expect(help.components(separatedBy: "(default: timer)").count == 2, "\(help)")
  }

  /// The exit codes as `--help` lists them.
  @Test(arguments: [(SIGINT, 130), (SIGHUP, 129), (SIGTERM, 143)] as [(Int32, Int32)])
  func aSignalEndsAPlainModeWith128PlusItsNumber(signal: Int32, status: Int32) throws {
    let result = try BinaryRunner.run(
      "clockwork", ["clock", "--plain"], signal: signal, signalAfter: 0.3)
    #expect(result.status == status)
    let help = try BinaryRunner.run("clockwork", ["--help"]).stdout.split(
      whereSeparator: \.isWhitespace
    ).joined(separator: " ")
    #expect(
      help.contains(
        "130 interrupted (Ctrl-C, or q before a timer's end); 128 + N ended by signal N (129 SIGHUP, 143 SIGTERM)"
      ))
  }

  @Test func timerInterruptedExits130() throws {
    let result = try BinaryRunner.run(
      "clockwork", ["timer", "1m", "--plain"], signal: SIGINT, signalAfter: 0.3)
    #expect(result.status == 130)
    #expect(result.stdout == "1:00\n")
  }

  @Test func stopwatchLapsFromInputAndPrintsATable() throws {
    let result = try BinaryRunner.run("clockwork", ["stopwatch", "--plain"], input: "\n\n\n")
    #expect(result.status == 0)
    let lines = result.lines
    #expect(lines.first == "00:00.00")
    #expect(lines.filter { $0.hasPrefix("lap ") && $0.contains("total 0") }.count == 3)
    #expect(lines.contains("lap  split     total"))
    #expect(lines.last?.hasPrefix("total 00:00.") == true)
    let rows = lines.filter {
      $0.wholeMatch(of: /\s+\d+  \d\d:\d\d\.\d\d  \d\d:\d\d\.\d\d.*/) != nil
    }
    #expect(rows.map { $0.trimmingCharacters(in: .whitespaces).prefix(1) } == ["3", "2", "1"])
  }

  @Test func stopwatchExportsItsLapsOnQuitting() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clockwork-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["laps.csv", "laps.json"] {
      let path = folder.appendingPathComponent(name).path
      let result = try BinaryRunner.run(
        "clockwork", ["stopwatch", "--plain", "--new", "--export", path], input: "\n\n\n")
      #expect(result.status == 0, "\(result.stderr)")
      let text = try String(contentsOfFile: path, encoding: .utf8)
      if name.hasSuffix(".csv") {
        let lines = text.split(separator: "\n")
        #expect(lines.first == "lap,split_seconds,total_seconds,split,total,mark")
        #expect(lines.dropFirst().map { $0.prefix(2) } == ["1,", "2,", "3,"])
        #expect(
          lines.filter { $0.hasSuffix(",best") }.count == 1
            && lines.filter { $0.hasSuffix(",worst") }.count == 1)
      } else {
        let json = try #require(
          try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let laps = try #require(json["laps"] as? [[String: Any]])
        #expect(laps.map { $0["lap"] as? Int } == [1, 2, 3])
        let lastLap = try #require(laps.last?["total_seconds"] as? Double)
        #expect(try #require(json["total_seconds"] as? Double) >= lastLap)
      }
    }
  }

  @Test func stopwatchWithoutInputPrintsNoLaps() throws {
    let result = try BinaryRunner.run("clockwork", ["stopwatch", "--plain"])
    #expect(result.status == 0)
    #expect(result.lines.first == "00:00.00")
    #expect(result.lines.dropFirst().first == "no laps")
  }

  @Test func stopwatchInterruptedPrintsTheTableAndExits130() throws {
    let process = try BinaryRunner.run(
      "clockwork", ["stopwatch", "--plain"], signal: SIGINT, signalAfter: 0.3)
    // stdin was still open when the signal came (input is written after it).
    #expect(process.status == 130)
    #expect(process.stdout.contains("no laps\ntotal 00:00."))
  }
}
