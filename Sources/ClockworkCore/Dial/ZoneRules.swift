/// A zone's offsets from its tz database file (TZif, RFC 8536): the transitions it lists, then
/// the POSIX rule at its end for the years after them. The C library reads other zones only
/// through the process-wide `TZ`, and `setenv` while other threads call `getenv` (fontconfig,
/// Dispatch, any library) is undefined behaviour in glibc.
struct ZoneRules: Sendable {
  /// Transition instants (UTC seconds), ascending, and the offset that starts at each.
  var transitions: [Int64] = []
  var offsets: [Int] = []
  /// Before the first transition.
  var initialOffset = 0
  /// After the last one.
  var rule: PosixZoneRule?

  /// Reads a TZif file; `nil` when it is not one.
  init?(path: String) {
    guard let bytes = try? LibC.readFile(path) else { return nil }
    self.init(bytes: bytes)
  }

  init?(bytes: [UInt8]) {
    var reader = Reader(bytes: bytes)
    guard let header = reader.header() else { return nil }
    var counts = header.counts
    var timeSize = 4
    if header.version >= 2 {
      // Skip the 32-bit block; the 64-bit one follows with its own header.
      reader.skip(counts.dataSize(timeSize: 4))
      guard let second = reader.header() else { return nil }
      counts = second.counts
      timeSize = 8
    }
    var times: [Int64] = []
    var indices: [UInt8] = []
    for _ in 0..<counts.times {
      guard let time = reader.signed(timeSize) else { return nil }
      times.append(time)
    }
    for _ in 0..<counts.times {
      guard let index = reader.byte() else { return nil }
      indices.append(index)
    }
    var types: [(offset: Int, dst: Bool)] = []
    for _ in 0..<counts.types {
      guard let offset = reader.signed(4), let dst = reader.byte(), reader.byte() != nil else {
        return nil
      }
      types.append((Int(offset), dst != 0))
    }
    guard !types.isEmpty, indices.allSatisfy({ Int($0) < types.count }) else { return nil }
    transitions = times
    offsets = indices.map { types[Int($0)].offset }
    // RFC 8536: before the first transition, the first type (or the first standard-time one).
    initialOffset = (types.first { !$0.dst } ?? types[0]).offset
    if header.version >= 2 {
      reader.skip(
        counts.characters + counts.leapSeconds * (timeSize + 4) + counts.standardFlags
          + counts.utFlags)
      rule = reader.footer().flatMap(PosixZoneRule.init)
    }
  }

  /// Seconds east of UTC at `t` (UTC seconds).
  func offset(at t: Int64) -> Int {
    guard let first = transitions.first, let last = transitions.last, t >= first else {
      return initialOffset
    }
    if t >= last, let rule { return rule.offset(at: t) }
    var low = 0
    var high = transitions.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle] <= t { low = middle } else { high = middle - 1 }
    }
    return offsets[low]
  }

  struct Counts {
    var utFlags = 0, standardFlags = 0, leapSeconds = 0, times = 0, types = 0, characters = 0
    func dataSize(timeSize: Int) -> Int {
      times * (timeSize + 1) + types * 6 + characters + leapSeconds * (timeSize + 4) + standardFlags
        + utFlags
    }
  }

  /// Big-endian fields, read forward; `nil` past the end.
  struct Reader {
    let bytes: [UInt8]
    var position = 0

    mutating func skip(_ count: Int) { position += count }

    mutating func byte() -> UInt8? {
      guard position < bytes.count else { return nil }
      defer { position += 1 }
      return bytes[position]
    }

    mutating func signed(_ size: Int) -> Int64? {
      guard position + size <= bytes.count else { return nil }
      var value: UInt64 = 0
      for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
      position += size
      let shift = UInt64(64 - 8 * size)
      return Int64(bitPattern: value << shift) >> Int64(shift)  // sign-extended
    }

    mutating func header() -> (version: Int, counts: Counts)? {
      guard position + 44 <= bytes.count,
        Array(bytes[position..<position + 4]) == Array("TZif".utf8)
      else { return nil }
      let version = bytes[position + 4] == 0 ? 1 : Int(bytes[position + 4]) - Int(UInt8(ascii: "0"))
      skip(20)
      var fields: [Int] = []
      for _ in 0..<6 {
        guard let field = signed(4), field >= 0 else { return nil }
        fields.append(Int(field))
      }
      return (
        version,
        Counts(
          utFlags: fields[0], standardFlags: fields[1], leapSeconds: fields[2], times: fields[3],
          types: fields[4], characters: fields[5])
      )
    }

    /// The POSIX TZ string between two newlines at the end.
    mutating func footer() -> String? {
      guard byte() == UInt8(ascii: "\n"),
        let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n"))
      else { return nil }
      return String(decoding: bytes[position..<end], as: UTF8.self)
    }
  }
}

/// A POSIX TZ rule such as `EST5EDT,M3.2.0,M11.1.0` or `<+0545>-5:45`: a standard offset, and
/// optionally a daylight offset with the yearly dates it starts and ends. POSIX offsets count
/// west of UTC; these count east.
struct PosixZoneRule: Sendable, Hashable {
  var standard: Int
  var daylight: Daylight?

  struct Daylight: Sendable, Hashable {
    var offset: Int
    var start: Day
    var startTime: Int
    var end: Day
    var endTime: Int
  }

  enum Day: Sendable, Hashable {
    /// `Jn`: 1…365, February 29th never counted.
    case julianNoLeap(Int)
    /// `n`: 0…365, February 29th counted.
    case julian(Int)
    /// `Mm.w.d`: day `d` (0 Sunday) of week `w` (5 the last) of month `m`.
    case month(Int, week: Int, weekday: Int)
  }

  init?(_ text: String) {
    var scanner = Scanner(characters: Array(text.utf8))
    guard scanner.name(), let standardWest = scanner.offset() else { return nil }
    standard = -standardWest
    guard !scanner.atEnd else { return }
    guard scanner.name() else { return nil }
    let offset = scanner.peekIsOffset ? scanner.offset().map { -$0 } : standard + 3600
    guard let offset, scanner.take(","), let start = scanner.day() else { return nil }
    let startTime = scanner.take("/") ? scanner.offset() : 7200
    guard let startTime, scanner.take(","), let end = scanner.day() else { return nil }
    let endTime = scanner.take("/") ? scanner.offset() : 7200
    guard let endTime, scanner.atEnd else { return nil }
    daylight = Daylight(
      offset: offset, start: start, startTime: startTime, end: end, endTime: endTime)
  }

  func offset(at t: Int64) -> Int {
    guard let daylight else { return standard }
    let year = Self.civilYear(at: t + Int64(standard))
    // Start in standard time, end in daylight time, both as local times of day.
    let start = Int64(daylight.start.dayNumber(in: year) * 86_400 + daylight.startTime - standard)
    let end = Int64(daylight.end.dayNumber(in: year) * 86_400 + daylight.endTime - daylight.offset)
    let inDaylight = start < end ? (t >= start && t < end) : (t < end || t >= start)
    return inDaylight ? daylight.offset : standard
  }

  /// Days since 1970-01-01 of a date (the C library's `timegm`, through ``CivilTime``).
  static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    CivilTime(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, utcOffset: 0)
      .secondsAsIfUTC / 86_400
  }

  /// The year of `seconds` since 1970 read as UTC (the C library's `gmtime_r`).
  static func civilYear(at seconds: Int64) -> Int {
    LibC.utcTime(Int(seconds)).year
  }

  static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  /// Reads the pieces of a rule.
  struct Scanner {
    let characters: [UInt8]
    var position = 0

    var atEnd: Bool { position == characters.count }
    var current: UInt8? { position < characters.count ? characters[position] : nil }
    var peekIsOffset: Bool {
      current.map { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || (48...57).contains($0) }
        ?? false
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard current == UInt8(ascii: character) else { return false }
      position += 1
      return true
    }

    /// `EST` (three or more letters) or `<+0545>`.
    mutating func name() -> Bool {
      if take("<") {
        while let c = current, c != UInt8(ascii: ">") { position += 1 }
        return take(">")
      }
      let start = position
      while let c = current, (65...90).contains(c) || (97...122).contains(c) { position += 1 }
      return position - start >= 3
    }

    mutating func number() -> Int? {
      let start = position
      var value = 0
      while let c = current, (48...57).contains(c) {
        value = value * 10 + Int(c - 48)
        position += 1
      }
      return position > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func offset() -> Int? {
      let sign = take("-") ? -1 : (take("+") ? 1 : 1)
      guard let hours = number() else { return nil }
      var seconds = hours * 3600
      if take(":") {
        guard let minutes = number() else { return nil }
        seconds += minutes * 60
        if take(":") {
          guard let s = number() else { return nil }
          seconds += s
        }
      }
      return sign * seconds
    }

    mutating func day() -> Day? {
      if take("J") { return number().map(Day.julianNoLeap) }
      if take("M") {
        guard let month = number(), take("."), let week = number(), take("."),
          let weekday = number(),
          (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
        else { return nil }
        return .month(month, week: week, weekday: weekday)
      }
      return number().map(Day.julian)
    }
  }
}

extension PosixZoneRule.Day {
  /// Days since 1970-01-01 of this day in `year`.
  func dayNumber(in year: Int) -> Int {
    let january1 = PosixZoneRule.dayNumber(year: year, month: 1, day: 1)
    switch self {
    case .julianNoLeap(let n):
      return january1 + n - 1 + (PosixZoneRule.isLeap(year) && n >= 60 ? 1 : 0)
    case .julian(let n): return january1 + n
    case .month(let month, let week, let weekday):
      let first = PosixZoneRule.dayNumber(year: year, month: month, day: 1)
      let firstWeekday = ((first + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday
      var day = first + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
      let nextMonth =
        month == 12
        ? PosixZoneRule.dayNumber(year: year + 1, month: 1, day: 1)
        : PosixZoneRule.dayNumber(year: year, month: month + 1, day: 1)
      while day >= nextMonth { day -= 7 }
      return day
    }
  }
}
