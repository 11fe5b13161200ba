import ClockworkTestSupport
import Foundation
import Testing

/// Bad input gives a message that names the problem and exit code 64 (EX_USAGE).
@Suite struct UsageErrorTests {
  @Test(arguments: [
    (["timer", "0s"], "duration '0s' is zero"),
    (["timer", "--", "-5m"], "duration '-5m' is negative"),
    (["timer", "5 parsecs"], "unknown unit 'parsecs'"),
    (["timer", "101d"], "longer than the maximum of 100 days"),
    (["timer"], "give a duration (e.g. 25m) or --until TIME"),
    (["timer", "5m", "--until", "17:30"], "give either a duration or --until, not both"),
    (["timer", "--until", "25:00"], "hour 25 is out of range"),
    (["timer", "--until", "2020-01-01T00:00:00Z"], "is in the past"),
    (["clock", "--zone", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'"),
    (["clock", "--count", "0"], "--count must be at least 1"),
    (["stopwatch", "--bogus"], "Unknown option '--bogus'"),
    (["clok"], "unknown subcommand 'clok'; did you mean 'clock'?"),
    (["timr", "5m"], "unknown subcommand 'timr'; did you mean 'timer'?"),
    (
      ["banana"],
      "unknown subcommand 'banana' (clock, stopwatch, timer, pomodoro, preset, alarm, chime, status, render)"
    ),
    (
      ["stopwatch", "--export", "/nonexistent/laps.csv"],
      "cannot write laps to /nonexistent/laps.csv: the folder /nonexistent does not exist"
    ),
    (
      ["render", "clock", "-o", "/nonexistent/a.png"],
      "cannot write /nonexistent/a.png: the folder /nonexistent does not exist"
    ),
    // A negative number is a number that is out of range, not a missing value.
    (
      ["render", "clock", "--size", "-1", "-o", "a.png"],
      "--size must be from 1 to 8192 pixels, got -1"
    ),
    (
      ["render", "clock", "--fps", "-1", "-o", "a.png"], "--fps must be from 0.01 to 240, got -1.0"
    ),
    (
      ["render", "clock", "--frames", "-1", "-o", "a.png"],
      "--frames must be from 1 to 10000, got -1"
    ),
    (["clock", "--plain", "--count", "-1"], "--count must be at least 1, got -1"),
    (
      ["timer", "5m", "--window", "--size", "16384x16384"],
      "--size '16384x16384' must be WIDTHxHEIGHT in points, each 64 to 7680, e.g. 480x480"
    ),
    (
      ["clock", "--window", "--size", "7680x7680"],
      "--size '7680x7680' is larger than an 8K screen: at most 7680x4320 or 4320x7680 points"
    ),
    (
      ["render", "timer", "--remaining", "-5m", "--total", "1m", "-o", "a.png"],
      "duration '-5m' is negative"
    ),
    (["stopwatch", "--fps", "-3"], "--fps must be from 1 to 100, got -3.0"),
    (["timer", "--list", "--cancel"], "--subtract and --restart do not combine: choose one"),
    (["timer", "--pause", "5m"], "a timer's controls take no duration"),
    (["timer", "--repeat", "3", "5m"], "--repeat, --long-break and --manual go with --sequence"),
    (["timer", "--sequence", "work 25m, rest"], "each phase is a name and a duration"),
    (["status", "--format", "xml"], "unknown format 'xml' (use text, json, waybar, i3blocks)"),
    (["pomodoro", "--rounds", "0"], "--rounds must be from 1 to 100"),
    (["pomodoro", "5m"], "a pomodoro's phases are --work, --break, --long-break and --rounds"),
    (["clock", "--zone", "posixrules"], "unknown time zone 'posixrules'"),
    (
      ["timer", "5m", "--count", "1"],
      "Unknown option '--count': it is an option of `clockwork clock`, not of `clockwork timer`"
    ),
    (
      ["timer", "5", "parsecs", "--plain"],
      "cannot read duration '5 parsecs': unknown unit 'parsecs'"
    ),
    (
      ["clock", "--digital", "--no-digital"],
      "'--no-digital' had already been set with flag '--digital'"
    ),
    (
      ["timer", "5m", "--no-pulse", "--pulse"],
      "'--pulse' had already been set with flag '--no-pulse'"
    ),
    (
      ["alarm", "add", "25:00"],
      "hour 25 is out of range 0–23 (an alarm's time is a time of day: 7:00, 07:30, 6:30pm, 18:30)"
    ),
    (
      ["alarm", "add", "7:00", "--days", "xyz"],
      "use mon, tue, wed, thu, fri, sat, sun, ranges (mon-fri), weekdays, weekends or daily"
    ),
    (["clock", "--zone", "Europe/Londn"], "did you mean 'Europe/London'?"),
    (["clock", "--theme", "nite"], "unknown theme 'nite' (did you mean 'night'?"),
    (["timer", "5m\n"], "cannot read duration '5m\n': it holds a line break"),
    (["timer", "--until", "17:30\n"], "it holds a line break"),
    (
      ["clock", "--fps", "30"],
      "Unknown option '--fps': the clock has no frame rate; it draws when a hand has moved"
    ),
    (
      ["clock", "--oscilator", "sweep"],
      "Unknown option '--oscilator'. Did you mean '--oscillator'?"
    ),
    (
      ["alarm", "add", "7:00", "--onTop"],
      "Unknown option '--onTop'; onTop is a setting: put \"onTop\": … in"
    ),
    (["clock", "--thme", "night"], "Unknown option '--thme'. Did you mean '--theme'?"),
  ])
  func badInputExits64(arguments: [String], message: String) throws {
    let result = try BinaryRunner.run("clockwork", arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// A duration that reads but cannot be is said as such: it is no preset's name.
  @Test func aZeroDurationSaysNothingOfPresets() throws {
    let result = try BinaryRunner.run("clockwork", ["timer", "0s"])
    #expect(result.status == 64)
    #expect(!result.stderr.contains("preset"), "\(result.stderr)")
  }

  /// A word near a preset's name is taken for that name, mistyped.
  @Test func aMistypedPresetIsSuggested() throws {
    let dir = try TemporaryDirectory()
    let env = ProcessInfo.processInfo.environment.merging([
      "XDG_CONFIG_HOME": dir.url.path,
      "XDG_STATE_HOME": dir.url.appendingPathComponent("state").path,
    ]) { $1 }
    _ = try BinaryRunner.run("clockwork", ["preset", "add", "tea", "4m"], environment: env)
    let result = try BinaryRunner.run("clockwork", ["timer", "teaa"], environment: env)
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("no preset is named 'teaa'; did you mean 'tea'?"), "\(result.stderr)")
  }

  /// A theme that comes with clockwork, asked of a copy that is neither installed nor in its
  /// build tree, is said to be not installed, with where it was looked for.
  @Test func aShippedThemeNotInstalledSaysWhereItWasLookedFor() throws {
    let dir = try TemporaryDirectory()
    let copy = dir.url.appendingPathComponent("bin/clockwork")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: BinaryRunner.productsDirectory.appendingPathComponent("clockwork"), to: copy)
    let env = ProcessInfo.processInfo.environment.merging([
      "XDG_DATA_HOME": dir.url.appendingPathComponent("data").path, "XDG_DATA_DIRS": "/nonexistent",
      "XDG_STATE_HOME": dir.url.path,
    ]) { $1 }
    let result = try BinaryRunner.run(
      copy.path,
      ["render", "clock", "--theme", "wall", "-o", dir.url.appendingPathComponent("w.png").path],
      environment: env)
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "theme 'wall' comes with clockwork but is not installed where it was looked for (\(dir.url.path)/data/clockwork/themes, /nonexistent/clockwork/themes, \(dir.url.path)/share/clockwork/themes); `make install` installs it"
      ), "\(result.stderr)")
  }

  /// `clockwork timer` alone, while only named timers run, names them.
  @Test func returningToNoTimerNamesTheOthersThatRun() throws {
    let dir = try TemporaryDirectory()
    let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": dir.url.path]) { $1 }
    let timers = dir.url.appendingPathComponent("clockwork/timers")
    try FileManager.default.createDirectory(at: timers, withIntermediateDirectories: true)
    try Data(
      #"{"version":1,"value":{"name":"soup","duration":600,"remainingWhenPaused":598}}"#.utf8
    )
    .write(to: timers.appendingPathComponent("soup.json"))
    let result = try BinaryRunner.run("clockwork", ["timer"], environment: env)
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "no timer named 'timer' is running, but soup (paused, 9:58 left) is (`clockwork timer --name soup` returns to it)"
      ), "\(result.stderr)")
  }

  /// ArgumentParser offers its nearest option however far it is; a far one is left unsaid.
  @Test(arguments: ["--abc", "--hz", "--fps"])
  func aFarOptionIsNotSuggested(option: String) throws {
    let result = try BinaryRunner.run("clockwork", ["clock", option])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("Unknown option '\(option)'")
        && !result.stderr.contains("Did you mean"), "\(result.stderr)")
  }

  /// A 10,000-character argument is quoted by its start and its length, never whole.
  @Test(arguments: [
    ["timer"], ["clock", "--zone"], ["render", "clock", "-o", "x.png", "--theme"],
  ])
  func aLongArgumentIsNotEchoedWhole(arguments: [String]) throws {
    let result = try BinaryRunner.run(
      "clockwork", arguments + [String(repeating: "x", count: 10_000)])
    #expect(result.status == 64)
    #expect(result.stderr.count < 1_000, "\(result.stderr.count) characters")
    #expect(result.stderr.contains("… (1000"), "\(result.stderr.prefix(300))")
  }

  @Test(arguments: ["clock", "stopwatch", "timer"])
  func usageShowsOptionalOptionsInBrackets(subcommand: String) throws {
    let result = try BinaryRunner.run("clockwork", [subcommand, "--bogus"])
    // A long usage line folds optional options into [<options>]; a required one stays out.
    #expect(
      result.stderr.contains("[--color <mode>]") || result.stderr.contains("[<options>]"),
      "\(result.stderr)")
    #expect(!result.stderr.contains(" --color <mode>"), "\(result.stderr)")
  }

  @Test func versionIsPrintedAndExitsZero() throws {
    let result = try BinaryRunner.run("clockwork", ["--version"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
  }

  /// The version is the app's, asked of the app: listed in its help only, and refused (not
  /// taken for a run) after a subcommand.
  @Test(arguments: ["clock", "stopwatch", "timer", "alarm", "render"])
  func versionIsNotASubcommandOption(subcommand: String) throws {
    let help = try BinaryRunner.run("clockwork", [subcommand, "--help"])
    #expect(help.status == 0)
    #expect(!help.stdout.contains("--version"), "\(help.stdout)")
    let asked = try BinaryRunner.run("clockwork", [subcommand, "--version", "--plain"])
    #expect(asked.status == 64, "\(asked.stdout.prefix(200))")
    #expect(asked.stderr.contains("clockwork --version"), "\(asked.stderr)")
    let root = try BinaryRunner.run("clockwork", ["--help"])
    #expect(root.stdout.contains("--version"))
  }

  @Test func helpTeachesTheSubcommands() throws {
    let result = try BinaryRunner.run("clockwork", ["--help"])
    #expect(result.status == 0)
    for word in ["clock", "stopwatch", "timer", "Exit codes"] {
      #expect(result.stdout.contains(word))
    }
    let timerHelp = try BinaryRunner.run("clockwork", ["timer", "--help"])
    #expect(timerHelp.stdout.contains("1h 30m"))
    #expect(timerHelp.stdout.contains("--until"))
  }

  /// The discussion is wrapped by the parser to the width: a line broken by hand inside a
  /// paragraph would leave a ragged stub at 80 columns ("Enter takes" alone on a line).
  @Test(arguments: [
    [], ["clock"], ["stopwatch"], ["timer"], ["render"], ["render", "clock"], ["render", "timer"],
  ])
  func helpParagraphsFillTheirLines(command: [String]) throws {
    let result = try BinaryRunner.run(
      "clockwork", command + ["--help"], environment: ["COLUMNS": "80"])
    let discussion = result.stdout.components(separatedBy: "USAGE:")[0].split(
      separator: "\n", omittingEmptySubsequences: false)
    var paragraph: [Substring] = []
    for line in discussion + [""] {
      if line.isEmpty || line.hasPrefix(" ") {
        for stub in paragraph.dropLast() where stub.count < 50 {
          Issue.record("'\(stub)' in \(command) --help")
        }
        paragraph = []
      } else {
        #expect(line.count <= 80, "\(line)")
        paragraph.append(line)
      }
    }
  }
}
