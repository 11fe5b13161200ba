import ClockworkTestSupport
import Foundation
import Testing

/// The settings file (`$XDG_CONFIG_HOME/clockwork/config.json`): its defaults apply, options
/// win, and a bad file names its line and key and exits 64.
@Suite(.timeLimit(.minutes(1))) struct SettingsFileTests {
  /// Runs `clockwork` with `config` as the settings file.
  func run(_ arguments: [String], config: String) throws -> BinaryRunner.Result {
    let home = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("clockwork"), withIntermediateDirectories: true)
    try Data(config.utf8).write(to: home.url.appendingPathComponent("clockwork/config.json"))
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = home.url.path
    environment["XDG_STATE_HOME"] = home.url.appendingPathComponent("state").path
    return try BinaryRunner.run("clockwork", arguments, environment: environment)
  }

  @Test func zonesComeFromTheFileUnlessGiven() throws {
    let config = #"{ "zones": ["Asia/Kathmandu", "America/St_Johns"] }"#
    let fromFile = try run(["clock", "--plain", "--count", "1"], config: config)
    #expect(fromFile.status == 0)
    #expect(
      fromFile.stdout.wholeMatch(of: /\S+ \S+ \+05:45  \S+ \S+ -0[23]:30\n/) != nil,
      "\(fromFile.stdout)")
    let given = try run(["clock", "--plain", "--count", "1", "--zone", "UTC"], config: config)
    #expect(given.stdout.wholeMatch(of: /\S+ \S+ \+00:00\n/) != nil, "\(given.stdout)")
  }

  @Test func aMistypedThemeNameIsNamedWithTheNearestOne() throws {
    let result = try run(
      ["clock", "--plain", "--count", "1"], config: "{\n  \"theme\": \"nite\"\n}\n")
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("line 2: 'theme': unknown theme 'nite' (did you mean 'night'?"),
      "\(result.stderr)")
  }

  @Test func anUnknownKeyIsNamedWithItsLine() throws {
    let result = try run(
      ["clock", "--plain", "--count", "1"],
      config: "{\n  \"zones\": [\"UTC\"],\n  \"colour\": \"none\"\n}\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains("config.json line 3: unknown setting 'colour'"), "\(result.stderr)")
    #expect(result.stderr.contains("did you mean 'color'?"))
  }

  @Test func aBadValueIsNamedWithItsLine() throws {
    let cases: [(String, String)] = [
      (
        "{\n\"hours\": 12,\n\"zones\": [\"Mars/Olympus\"]\n}",
        "line 3: 'zones': unknown time zone 'Mars/Olympus'"
      ),
      ("{\"hours\": 13}", "line 1: 'hours' must be 12 or 24"),
      (
        "{\n\n  \"oscillator\": \"pendulum\"}",
        "line 3: 'oscillator': unknown oscillator 'pendulum'"
      ),
      ("{\"theme\": \"missing.json\"}", "clockwork/missing.json: cannot read the file"),
      ("{\"zones\": 5}", "'zones' must be a list of time zone names"),
      ("[\"UTC\"]", "config.json: not a JSON object of settings"),
      ("{\"sound\": 3}", "'sound' must be true, false or the path of a sound file"),
      ("{\"sound\": \"nowhere.oga\"}", "clockwork/nowhere.oga: no such file, or it cannot be read"),
    ]
    for (config, message) in cases {
      let result = try run(["clock", "--plain", "--count", "1"], config: config)
      #expect(result.status == 64, "\(config)")
      #expect(result.stderr.contains(message), "\(config): \(result.stderr)")
    }
  }

  /// `sound` is the default for timers and alarms; `--sound` and `--no-sound` win.
  @Test func theSoundSettingIsKeptWithAnAlarmUnlessAnOptionSaysOtherwise() throws {
    let home = try TemporaryDirectory()
    let folder = home.url.appendingPathComponent("clockwork")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("bell".utf8).write(to: folder.appendingPathComponent("bell.oga"))
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = home.url.path
    environment["XDG_STATE_HOME"] = home.url.appendingPathComponent("state").path
    defer {  // an alarm keeps its watcher: it goes with the test
      let lock = home.url.appendingPathComponent("state/clockwork/watcher.lock")
      if let pid = (try? String(contentsOf: lock, encoding: .utf8)).flatMap({
        Int32($0.filter(\.isNumber))
      }) {
        kill(pid, SIGTERM)
      }
    }
    func sounds(config: String, _ options: [String]) throws -> [String?] {
      try Data(config.utf8).write(to: folder.appendingPathComponent("config.json"))
      let added = try BinaryRunner.run(
        "clockwork", ["alarm", "add", "7:00"] + options, environment: environment)
      #expect(added.status == 0, "\(added.stderr)")
      let file = home.url.appendingPathComponent("state/clockwork/alarms.json")
      let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      let alarms = (saved?["value"] as? [String: Any])?["alarms"] as? [[String: Any]] ?? []
      return alarms.map { $0["sound"] as? String }
    }
    #expect(try sounds(config: #"{ "sound": false }"#, []) == [""])
    #expect(
      try sounds(config: #"{ "sound": "bell.oga" }"#, []).last
        == folder.appendingPathComponent("bell.oga").path)
    #expect(
      try sounds(config: #"{ "sound": false }"#, ["--sound", "/dev/null"]).last == "/dev/null")
    #expect(try sounds(config: #"{ "sound": true }"#, []).last == .some(nil))
  }

  @Test func theFrameRateIsCheckedForTheModeThatUsesIt() throws {
    let config = "{\n  \"fps\": 90\n}"
    let timer = try run(["timer", "1s", "--plain"], config: config)
    #expect(timer.status == 64)
    #expect(
      timer.stderr.contains("line 2: 'fps' must be from 1 to 60 for the timer, got 90"),
      "\(timer.stderr)")
    // The stopwatch takes up to 100: its plain lines run until input ends.
    let stopwatch = try run(["stopwatch", "--plain"], config: config)
    #expect(stopwatch.status == 0, "\(stopwatch.stderr)")
  }
}
