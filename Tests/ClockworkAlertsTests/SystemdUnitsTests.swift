import ClockworkCore
import ClockworkState
import ClockworkTestSupport
import Foundation
import Testing

@testable import ClockworkAlerts

/// The systemd path, checked by systemd's own tools: the units pass `systemd-analyze verify`,
/// and their `OnCalendar=` events, as `systemd-analyze calendar` reads them, ring exactly when
/// our schedule does across both DST changes of the year in Berlin and New York.
@Suite struct SystemdUnitsTests {
  /// Runs `systemd-analyze` in UTC; its standard output and error.
  func analyze(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
    process.arguments = arguments
    process.environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin"]
    let (output, errors) = (Pipe(), Pipe())
    (process.standardOutput, process.standardError) = (output, errors)
    try process.run()
    let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, out, err)
  }

  /// The next `count` rings systemd computes for all of `events` after `base`.
  func systemdRings(_ events: [String], after base: Date, count: Int) throws -> [Date] {
    var rings: Set<Date> = []
    for event in events {
      let result = try analyze([
        "calendar", "--iterations=\(count)", "--base-time=@\(Int(base.timeIntervalSince1970))",
        event,
      ])
      #expect(result.status == 0 && result.errors.isEmpty, "\(event): \(result.errors)")
      let stamps = try #require(
        try? Regex(#"\w{3} (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) UTC"#))
      for match in result.output.matches(of: stamps) {
        let n = (1...6).map { String(match.output[$0].substring!) }
        rings.insert(
          try Date("\(n[0])-\(n[1])-\(n[2])T\(n[3]):\(n[4]):\(n[5])Z", strategy: .iso8601))
      }
    }
    return Array(rings.sorted().prefix(count))
  }

  func ourRings(_ schedule: AlarmSchedule, in zone: Zone, after base: Date, count: Int) -> [Date] {
    var rings: [Date] = []
    var last = base
    while rings.count < count {
      last = schedule.nextRing(after: last, in: zone)
      rings.append(last)
    }
    return rings
  }

  static let cases: [(String, Int, Int, Set<Weekday>, String)] = [
    // zone, hour, minute, days, a moment a few days before a DST change
    (
      "Europe/Berlin", 7, 0, [.monday, .tuesday, .wednesday, .thursday, .friday],
      "2026-03-25T12:00:00Z"
    ),
    (
      "Europe/Berlin", 7, 0, [.monday, .tuesday, .wednesday, .thursday, .friday],
      "2026-10-21T12:00:00Z"
    ),
    (
      "America/New_York", 7, 0, [.monday, .tuesday, .wednesday, .thursday, .friday],
      "2026-03-04T12:00:00Z"
    ),
    (
      "America/New_York", 7, 0, [.monday, .tuesday, .wednesday, .thursday, .friday],
      "2026-10-28T12:00:00Z"
    ),
    // Times that a change skips (rung at the change) and that clocks show twice (rung once).
    ("Europe/Berlin", 2, 30, [], "2026-03-25T12:00:00Z"),
    ("Europe/Berlin", 2, 30, [], "2026-10-21T12:00:00Z"),
    ("America/New_York", 2, 30, [.sunday], "2026-03-01T12:00:00Z"),
    ("America/New_York", 1, 30, [], "2026-10-28T12:00:00Z"),
  ]

  @Test(arguments: cases)
  func calendarEventsRingWhenTheScheduleDoes(
    zoneName: String, hour: Int, minute: Int, days: Set<Weekday>, baseText: String
  ) throws {
    let zone = try #require(Zone(identifier: zoneName))
    let base = try Date(baseText, strategy: .iso8601)
    let schedule = AlarmSchedule(hour: hour, minute: minute, days: days)
    let events = schedule.calendarEvents(in: zone, from: base)
    let count = days.count == 1 ? 4 : 10
    #expect(
      try systemdRings(events, after: base, count: count)
        == ourRings(schedule, in: zone, after: base, count: count), "\(events)")
  }

  /// A chime's events, as systemd reads them, sound when the chime does, across the spring and
  /// autumn changes in Berlin: every hour the clock shows, once; none in a skipped hour.
  @Test(arguments: ["2027-03-26T00:00:00Z", "2026-10-23T00:00:00Z"])
  func aChimesEventsSoundWhenTheChimeDoes(baseText: String) throws {
    let berlin = try #require(Zone(identifier: "Europe/Berlin"))
    let base = try Date(baseText, strategy: .iso8601)
    for chime in [
      try ChimeSchedule(every: 60, from: 9, to: 18, days: [.monday, .friday, .sunday]),
      try ChimeSchedule(every: 30, from: 0, to: 4),
    ] {
      let events = chime.calendarEvents(in: berlin)
      let ours = Array(
        chime.chimes(after: base, through: base.addingTimeInterval(4 * 86_400), in: berlin)
          .prefix(30))
      #expect(try systemdRings(events, after: base, count: ours.count) == ours, "\(events)")
    }
  }

  @Test func theUnitsPassSystemdAnalyzeVerify() throws {
    let folder = try TemporaryDirectory()
    var standup = StoredAlarm(
      id: 1, schedule: AlarmSchedule(hour: 7, minute: 0, days: [.monday, .friday]),
      label: "standup", zone: "Europe/Berlin", created: Date())
    standup.snoozedUntil = Date().timeIntervalSince1970 + 600
    var off = StoredAlarm(
      id: 2, schedule: AlarmSchedule(hour: 2, minute: 30), label: nil, zone: "America/New_York",
      created: Date())
    off.enabled = false
    let files = SystemdUnits.files(
      for: [standup, off], program: "/bin/true", now: Date(), wakeSystem: true)
    #expect(
      files.keys.sorted() == ["clockwork-alarm-1.timer", "clockwork-alerts.service"],
      "an alarm that is off has no timer")
    let timer = try #require(files["clockwork-alarm-1.timer"])
    #expect(
      timer.contains("OnCalendar=Mon,Fri *-*-* 07:00:00 Europe/Berlin\n")
        && timer.contains("Persistent=true") && timer.contains("WakeSystem=true"))
    #expect(
      timer.components(separatedBy: "OnCalendar=").count == 3, "the schedule and the snooze's end")
    // A timer unit left from an alarm since removed goes.
    try Data("[Timer]\n".utf8).write(to: folder.file("clockwork-alarm-7.timer"))
    let (written, removed) = try SystemdUnits.write(files, to: folder.url)
    #expect(written == ["clockwork-alarm-1.timer"] && removed == ["clockwork-alarm-7.timer"])
    let result = try analyze(["verify"] + (try folder.contents()).map { folder.file($0).path })
    #expect(
      result.status == 0 && result.errors.isEmpty && result.output.isEmpty,
      "\(result.errors)\(result.output)")
    // And verify does see a bad one.
    try Data(timer.replacingOccurrences(of: "Mon,Fri", with: "Mond").utf8).write(
      to: folder.file("clockwork-alarm-1.timer"))
    #expect(
      try analyze([
        "verify", folder.file("clockwork-alarm-1.timer").path,
        folder.file("clockwork-alerts.service").path,
      ]).errors.contains("Failed to parse calendar"))
  }

  /// A timer left running: `systemd-run` is asked for a unit named for the timer at a time, to
  /// the microsecond in UTC (as systemd reads it back), starting the ringer with our folders
  /// and session in its environment.
  @Test func aTimersTransientUnitEndsWhenTheTimerDoes() throws {
    // 2026-03-29 01:30:00.25 UTC, in the hour Berlin skips
    let start = Date(timeIntervalSince1970: 1_774_747_800.25)
    let arguments = TimerUnits.runArguments(
      unit: TimerUnits.unit(for: "tea"), start: start, program: "/usr/bin/clockwork-alerts",
      wakes: true,
      environment: [
        "XDG_STATE_HOME": "/tmp/state dir",
        "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "SECRET": "x",
      ])
    #expect(
      arguments.contains("--unit=\(TimerUnits.unit(for: "tea"))") && arguments.contains("--user"))
    #expect(
      arguments.contains("--setenv=XDG_STATE_HOME=/tmp/state dir")
        && arguments.contains("--setenv=DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus"))
    #expect(!arguments.contains { $0.contains("SECRET") }, "only what the ringer needs")
    #expect(Array(arguments.suffix(3)) == ["--", "/usr/bin/clockwork-alerts", "--once"])
    #expect(arguments.contains("--timer-property=WakeSystem=yes"))
    let asleep = TimerUnits.runArguments(
      unit: TimerUnits.unit(for: "tea"), start: start, wakes: false, environment: [:])
    #expect(asleep.contains("--timer-property=WakeSystem=no"))
    let calendar = try #require(
      arguments.first { $0.hasPrefix("--on-calendar=") }?.dropFirst("--on-calendar=".count))
    #expect(calendar == "2026-03-29 01:30:00.250000 UTC")
    let read = try analyze(["calendar", "--base-time=@1774747000", String(calendar)])
    #expect(
      read.status == 0 && read.output.contains("Normalized form: 2026-03-29 01:30:00.250000 UTC"),
      "\(read)")
    #expect(read.output.contains("Next elapse: Sun 2026-03-29 01:30:00 UTC"), "\(read.output)")
  }

  @Test func eachTimerNameHasAUnitOfItsOwn() {
    let names = ["tea", "Tea", "eggs 3m", "ünïcode ☕", String(repeating: "x", count: 500), ""]
    let units = names.map(TimerUnits.unit(for:))
    #expect(Set(units).count == names.count)
    #expect(units.allSatisfy { $0.wholeMatch(of: /clockwork-timer-[0-9a-f]{16}/) != nil })
    #expect(
      TimerUnits.unit(for: "tea") == TimerUnits.unit(for: "tea"),
      "the same unit each time: a new end replaces it")
  }

  @Test func aPathWithSpacesOrPercentIsQuotedForSystemd() {
    #expect(SystemdUnits.quoted("/usr/bin/clockwork") == "/usr/bin/clockwork")
    #expect(SystemdUnits.quoted("/opt/my apps/clock\"work") == #""/opt/my apps/clock\"work""#)
    #expect(SystemdUnits.quoted("/opt/100%/clockwork") == "/opt/100%%/clockwork")
  }
}
