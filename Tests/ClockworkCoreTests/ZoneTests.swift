import Foundation
import PropertyBased
import Testing

@testable import ClockworkCore

@Suite struct ZoneTests {
  /// The names offered for completion are the database's own: each one opens.
  @Test func knownIdentifiersAreTheDatabasesAndEachOpens() {
    let names = Zone.knownIdentifiers()
    #expect(names.count > 400)
    for name in ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC"] {
      #expect(names.contains(name), "\(name)")
    }
    #expect(names == names.sorted())
    for name in names where Zone(identifier: name) == nil { Issue.record("\(name) does not open") }
  }

  /// A world clock is added by the city a person knows: the zone's own name first, then the
  /// cities it names, then names that begin with what was typed.
  @Test func aZoneIsFoundByItsCityOrName() {
    let names = ["America/New_York", "America/Newfoundland", "Asia/Tokyo", "Europe/Paris", "UTC"]
    #expect(Zone.identifiers(matching: "tokyo", among: names) == ["Asia/Tokyo"])
    #expect(Zone.identifiers(matching: " new york ", among: names) == ["America/New_York"])
    #expect(Zone.identifiers(matching: "Europe/Paris", among: names) == ["Europe/Paris"])
    #expect(Zone.identifiers(matching: "utc", among: names) == ["UTC"])
    #expect(
      Zone.identifiers(matching: "new", among: names) == [
        "America/New_York", "America/Newfoundland",
      ])
    #expect(Zone.identifiers(matching: "america", among: names).count == 2)
    #expect(Zone.identifiers(matching: "Atlantis", among: names).isEmpty)
    #expect(Zone.identifiers(matching: "  ", among: names).isEmpty)
    #expect(
      Zone.identifiers(matching: "Kolkata", among: Zone.knownIdentifiers()) == ["Asia/Kolkata"])
  }

  @Test func namesTheDatabaseDoesNotHaveAreRefused() {
    #expect(Zone(identifier: "Europe/Lodnon") == nil)
    #expect(Zone(identifier: "") == nil)
    #expect(Zone(identifier: "../../etc/passwd") == nil)
    #expect(Zone(identifier: "/usr/share/zoneinfo/UTC") == nil)
    #expect(Zone(identifier: "Europe/London")?.description == "Europe/London")
    #expect(Zone(identifier: "UTC") == .utc)
  }

  @Test func fieldsAcrossADaylightSavingChange() throws {
    let newYork = try #require(Zone(identifier: "America/New_York"))
    // 2026-03-08 06:59:59 UTC is 01:59:59 EST; a second later it is 03:00:00 EDT.
    let before = newYork.civilTime(at: Date(timeIntervalSince1970: 1_772_953_199))
    let after = newYork.civilTime(at: Date(timeIntervalSince1970: 1_772_953_200))
    #expect(
      before
        == CivilTime(
          year: 2026, month: 3, day: 8, hour: 1, minute: 59, second: 59, utcOffset: -18_000))
    #expect(
      after
        == CivilTime(
          year: 2026, month: 3, day: 8, hour: 3, minute: 0, second: 0, utcOffset: -14_400))
  }

  @Test func wallTimesGoingBackAndForward() throws {
    let newYork = try #require(Zone(identifier: "America/New_York"))
    // 2026-11-01: 01:30 happens twice (EDT, then EST); the first is 05:30 UTC.
    let twice = CivilTime(
      year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0, utcOffset: 0)
    #expect(newYork.instant(of: twice) == .at(Date(timeIntervalSince1970: 1_793_511_000)))
    // 2026-03-08: 02:30 never happens; clocks jump from 02:00 EST to 03:00 EDT at 07:00 UTC.
    let never = CivilTime(
      year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0, utcOffset: 0)
    #expect(
      newYork.instant(of: never) == .skipped(changeAt: Date(timeIntervalSince1970: 1_772_953_200)))
    #expect(
      Zone(secondsFromGMT: 3600).instant(of: never)
        == .at(Date(timeIntervalSince1970: 1_772_933_400)))
  }

  @Test func datesThatDoNotExist() {
    #expect(
      !CivilTime(year: 2026, month: 2, day: 29, hour: 0, minute: 0, second: 0, utcOffset: 0)
        .isValidDate)
    #expect(
      CivilTime(year: 2028, month: 2, day: 29, hour: 0, minute: 0, second: 0, utcOffset: 0)
        .isValidDate)
    #expect(
      CivilTime(year: 2026, month: 12, day: 31, hour: 9, minute: 0, second: 0, utcOffset: 0)
        .addingDays(1).day == 1)
  }

  @Test func fieldsTruncateToTheSecondBeforeTheEpoch() {
    let t = Zone.utc.civilTime(at: Date(timeIntervalSince1970: -0.25))
    #expect(
      t == CivilTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, utcOffset: 0)
    )
  }

  /// Our reading of the database and Foundation's (ICU, its own copy of the rules) agree,
  /// through the listed transitions and far past them, where the file's closing POSIX rule
  /// applies: southern zones, half-hour daylight time, Dublin's negative daylight saving,
  /// changes at 24:00 and at -1:00.
  @Test func agreesWithFoundationOnOffsets() async throws {
    let names = [
      "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
      "Europe/Dublin", "America/Santiago",
      "America/Nuuk", "Australia/Sydney", "Europe/London", "America/St_Johns",
    ]
    await propertyCheck(
      count: 1500, input: Gen.double(in: 0...4e9), Gen.int(in: 0...(names.count - 1))
    ) { seconds, index in
      let date = Date(timeIntervalSince1970: seconds)
      let ours = Zone(identifier: names[index])!.secondsFromGMT(at: date)
      #expect(
        ours == TimeZone(identifier: names[index])!.secondsFromGMT(for: date),
        "\(names[index]) at \(date)")
    }
  }

  @Test func posixRules() {
    let newYork = PosixZoneRule("EST5EDT,M3.2.0,M11.1.0")
    #expect(newYork?.standard == -18_000)
    #expect(newYork?.daylight?.offset == -14_400)
    #expect(newYork?.daylight?.start == .month(3, week: 2, weekday: 0))
    #expect(
      PosixZoneRule("<+0545>-5:45")?.standard == 20_700
        && PosixZoneRule("<+0545>-5:45")?.daylight == nil)
    #expect(PosixZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")?.daylight?.startTime == -3600)
    #expect(PosixZoneRule("IST-1GMT0,M10.5.0,M3.5.0/1")?.daylight?.offset == 0)
    for broken in [
      "", "E5", "EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.2.0,M11.1.0,",
    ] {
      #expect(PosixZoneRule(broken) == nil, "\(broken)")
    }
    // 2100-03-14 is the second Sunday of March 2100.
    #expect(
      PosixZoneRule.Day.month(3, week: 2, weekday: 0).dayNumber(in: 2100)
        == PosixZoneRule.dayNumber(year: 2100, month: 3, day: 14))
    // The last Sunday of October 2026 is the 25th.
    #expect(
      PosixZoneRule.Day.month(10, week: 5, weekday: 0).dayNumber(in: 2026)
        == PosixZoneRule.dayNumber(year: 2026, month: 10, day: 25))
  }

  @Test func filesThatAreNotZonesAreRefused() {
    #expect(ZoneRules(bytes: Array("TZif2 but nothing else".utf8)) == nil)
    #expect(ZoneRules(bytes: []) == nil)
    #expect(ZoneRules(path: "/etc/hostname") == nil)
  }

  @Test func zonesConvertTogetherOnManyThreads() async {
    let now = Date()
    let local = Zone.local.secondsFromGMT(at: now)
    let kathmandu = Zone(identifier: "Asia/Kathmandu")!
    await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          (0..<200).allSatisfy { _ in
            task % 2 == 0
              ? Zone.local.secondsFromGMT(at: now) == local
              : kathmandu.secondsFromGMT(at: now) == 20_700
          }
        }
      }
      for await consistent in group { #expect(consistent) }
    }
  }
}
