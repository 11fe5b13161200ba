import FoundationEssentials

/// A time zone from the system's tz database, the source `date` and every other program on the
/// machine read: the local zone through the C library (`localtime_r`), a named one from its
/// database file (`ZoneRules`). Foundation's `TimeZone` and `Calendar` answer from ICU
/// instead, whose code and data would be most of a terminal clock's memory, and without it
/// know no zone but UTC.
///
/// ```swift
/// let here = Zone.local.civilTime(at: .now)               // year … second, offset
/// let nepal = Zone(identifier: "Asia/Kathmandu")!.civilTime(at: .now).utcOffset   // 20_700
/// ```
public struct Zone: Hashable, Sendable, CustomStringConvertible {
  enum Rules: Sendable {
    case local
    case database(ZoneRules)
    case offset(Int)
  }
  let rules: Rules
  /// The IANA name, or `nil` for the machine's local zone (`TZ`, else `/etc/localtime`) and for
  /// a bare offset.
  public let identifier: String?

  /// The zone the machine is set to.
  public static let local = Zone(rules: .local, identifier: nil)
  /// Coordinated Universal Time, offset 0 all year.
  public static let utc = Zone(rules: .offset(0), identifier: "UTC")

  init(rules: Rules, identifier: String?) {
    self.rules = rules
    self.identifier = identifier
  }

  /// A zone of the tz database by its IANA name (`Europe/London`, `UTC`), or `nil` when the
  /// database has no such zone.
  public init?(identifier: String) {
    if Self.fixedUTC.contains(identifier) {
      self.init(rules: .offset(0), identifier: identifier)
    } else if let rules = Self.databaseRules(identifier) {
      self.init(rules: .database(rules), identifier: identifier)
    } else {
      return nil
    }
  }

  /// A fixed offset east of UTC, as in `2026-11-22T17:30+01:00`.
  public init(secondsFromGMT seconds: Int) { self.init(rules: .offset(seconds), identifier: nil) }

  /// Zones are equal when they have the same name and the same rules.
  public static func == (a: Zone, b: Zone) -> Bool {
    a.description == b.description && a.identity == b.identity
  }
  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(description) }
  /// Tells a named zone from a fixed offset that prints the same.
  var identity: Int {
    switch rules {
    case .local: 0
    case .database: 1
    case .offset(let seconds): 2 + seconds
    }
  }

  /// The name to show: the IANA name, the local zone's as the system names it, or the offset.
  public var description: String {
    switch rules {
    case .local: Self.localName
    case .database: identifier ?? ""
    case .offset(let seconds): identifier ?? "UTC\(ClockText.offset(seconds: seconds))"
    }
  }

  /// The wall-clock fields and offset from UTC at `date`, truncated to the second.
  public func civilTime(at date: Date) -> CivilTime {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let offset: Int
    switch rules {
    case .local: return LibC.localTime(seconds)
    case .database(let rules): offset = rules.offset(at: Int64(seconds))
    case .offset(let fixed): offset = fixed
    }
    var time = LibC.utcTime(seconds + offset)
    time.utcOffset = offset
    return time
  }

  /// Seconds east of UTC at `date`.
  public func secondsFromGMT(at date: Date) -> Int { civilTime(at: date).utcOffset }

  /// Where a wall time falls in this zone.
  public enum Instant: Hashable, Sendable {
    /// The instant it names; where clocks going back show it twice, the first.
    case at(Date)
    /// A clock change skips it; the change happens at this instant (the first wall time after
    /// the gap).
    case skipped(changeAt: Date)
  }

  /// The instant `wall` (a valid date; its offset is ignored) names in this zone.
  public func instant(of wall: CivilTime) -> Instant {
    let asUTC = wall.secondsAsIfUTC
    // The offsets in force a day either side; a wall time is one of them away from UTC.
    let offsets = [asUTC - 86_400, asUTC + 86_400].map {
      secondsFromGMT(at: Date(timeIntervalSince1970: Double($0)))
    }
    let matches = offsets.map { asUTC - $0 }.filter {
      civilTime(at: Date(timeIntervalSince1970: Double($0))).sameWallTime(as: wall)
    }
    if let first = matches.min() { return .at(Date(timeIntervalSince1970: Double(first))) }
    // In a gap: find where the offset changes between the two readings.
    var low = min(asUTC - offsets[0], asUTC - offsets[1])
    var high = max(asUTC - offsets[0], asUTC - offsets[1])
    let after = secondsFromGMT(at: Date(timeIntervalSince1970: Double(high)))
    while high - low > 1 {
      let middle = (low + high) / 2
      if secondsFromGMT(at: Date(timeIntervalSince1970: Double(middle))) == after {
        high = middle
      } else {
        low = middle
      }
    }
    return .skipped(changeAt: Date(timeIntervalSince1970: Double(high)))
  }

  // MARK: - The tz database

  static let fixedUTC: Set = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z"]
  static var databaseDirectory: String { LibC.environment("TZDIR") ?? "/usr/share/zoneinfo" }

  /// "New York" for America/New_York: the last part of a zone's name, `_` a space.
  public static func city(ofIdentifier name: String) -> String {
    name.split(separator: "/").last.map { String($0.map { $0 == "_" ? " " : $0 }) } ?? name
  }

  /// The city of this zone's name ("New York" for America/New_York).
  public var city: String { Self.city(ofIdentifier: description) }

  /// The names in `names` a person typing `text` means: the name itself, or else the zones
  /// whose city ("New York" for America/New_York) is `text`, or else those whose city or name
  /// begins with it; letters of any case, `_` or a space alike.
  /// - Parameter text: a city or zone name, or the start of one.
  /// - Parameter names: the zones to look among (``knownIdentifiers()``).
  public static func identifiers(matching text: String, among names: [String]) -> [String] {
    func folded(_ s: some StringProtocol) -> String {
      String(s.lowercased().map { $0 == "_" ? " " : $0 })
    }
    let wanted = folded(String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
    guard !wanted.isEmpty else { return [] }
    if let exact = names.first(where: { folded($0) == wanted }) { return [exact] }
    let cities = names.map { ($0, folded(city(ofIdentifier: $0))) }
    let same = cities.filter { $0.1 == wanted }.map(\.0)
    if !same.isEmpty { return same }
    return cities.filter { $0.1.hasPrefix(wanted) || folded($0.0).hasPrefix(wanted) }.map(\.0)
  }

  /// The tz database's zone names, read once (every `--zone` and the settings' zones ask).
  static let known = knownIdentifiers()

  /// A zone of the tz database by its name; a name in other letter case is taken as the one it
  /// folds to (`europe/london`). Files of the database that name no zone (`posixrules`) are not.
  /// - Throws: what is wrong, with the nearest name.
  public static func named(_ text: String) throws(NameError) -> Zone {
    let name =
      known.contains(text) || known.isEmpty
      ? text : known.first { $0.lowercased() == text.lowercased() } ?? text
    guard known.isEmpty || known.contains(name) || name == "UTC", let zone = Zone(identifier: name)
    else {
      let hint = NearestWord.to(text.lowercased(), among: known.map { $0.lowercased() }, limit: 3)
        .flatMap { folded in known.first { $0.lowercased() == folded } }.map {
          "; did you mean '\($0)'?"
        }
      throw NameError(
        description:
          "unknown time zone '\(text)' (use an IANA name such as Europe/London, America/New_York or UTC)\(hint ?? "")"
      )
    }
    return zone
  }

  /// A name no zone has, said with the nearest one.
  public struct NameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
  }

  /// Every zone and alias the system's database names (its `tzdata.zi`), sorted; empty if
  /// the database has no such index.
  public static func knownIdentifiers() -> [String] {
    let names = databaseIndex().compactMap { fields -> String? in
      switch fields.first {
      case "Z" where fields.count > 1: return String(fields[1])  // Z name offset …
      case "L" where fields.count > 2: return String(fields[2])  // L target alias
      default: return nil
      }
    }
    return names.sorted()
  }

  /// The database's index (`tzdata.zi`), a line's fields at a time; empty without one.
  static func databaseIndex() -> [[Substring]] {
    guard let bytes = try? LibC.readFile("\(databaseDirectory)/tzdata.zi") else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      $0.split(separator: " ")
    }
  }

  /// The rules of the database's zone by that name.
  static func databaseRules(_ name: String) -> ZoneRules? {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
      return nil
    }
    return ZoneRules(path: "\(databaseDirectory)/\(name)")
  }

  /// `TZ` without its leading colon, else what `/etc/localtime` links to under `zoneinfo/`,
  /// else `/etc/timezone`, else UTC (what the C library then uses).
  static let localName: String = {
    if let tz = LibC.environment("TZ"), !tz.isEmpty {
      return tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    }
    // (Path components, not a substring search: that is _StringProcessing's, whose code a
    // clock's start would otherwise map for this one call.)
    if let target = LibC.linkTarget("/etc/localtime") {
      let parts = target.split(separator: "/", omittingEmptySubsequences: false)
      if let folder = parts.firstIndex(of: "zoneinfo"), folder + 1 < parts.endIndex {
        return parts[(folder + 1)...].joined(separator: "/")
      }
    }
    if let bytes = try? LibC.readFile("/etc/timezone") {
      let name = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).filter {
        !$0.isWhitespace
      }
      if !name.isEmpty { return name }
    }
    return "UTC"
  }()
}

/// Wall-clock fields of one instant in one zone.
public struct CivilTime: Hashable, Sendable {
  /// The year, e.g. 2026.
  public var year: Int
  /// 1…12.
  public var month: Int
  /// 1…31.
  public var day: Int
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int
  /// 0…60 (a leap second reads 60 where the database has leap seconds).
  public var second: Int
  /// Seconds east of UTC.
  public var utcOffset: Int

  /// Fields as given.
  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffset: Int)
  {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.utcOffset = utcOffset
  }

  /// Whether year, month and day name a real date (not February 30th).
  public var isValidDate: Bool {
    LibC.utcTime(secondsAsIfUTC).sameWallTime(
      as: CivilTime(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffset: 0
      ))
  }

  /// The same wall time `days` calendar days later (or earlier).
  public func addingDays(_ days: Int) -> CivilTime {
    var result = LibC.utcTime(secondsAsIfUTC + days * 86_400)
    result.utcOffset = utcOffset
    return result
  }

  func sameWallTime(as other: CivilTime) -> Bool {
    (year, month, day, hour, minute, second) == (
      other.year, other.month, other.day, other.hour, other.minute, other.second
    )
  }

  /// Seconds since 1970 of these fields read as UTC (the C library's `timegm`, which also rolls
  /// an out-of-range day over).
  var secondsAsIfUTC: Int { LibC.secondsAsIfUTC(self) }
}

extension CivilTime {
  /// Whether it is night at this wall time by the hour alone: from 18:00 to 6:00. ``Daylight``
  /// tells it from the sun, where a zone has a city.
  public var isNight: Bool { hour < 6 || hour >= 18 }
}
