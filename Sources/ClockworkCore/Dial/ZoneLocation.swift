/// Where each zone's clocks are: the city the tz database places it at.
extension Zone {
  /// A place on Earth, in degrees: north and east positive.
  public struct Location: Hashable, Sendable {
    /// Degrees north (south negative).
    public var latitude: Double
    /// Degrees east (west negative).
    public var longitude: Double

    /// A location `latitude` degrees north (−90 to 90) and `longitude` degrees east (−180 to
    /// 180).
    public init(latitude: Double, longitude: Double) {
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// The zone's city as the tz database places it (`zone1970.tab`, else `zone.tab`; an alias is
  /// followed to its zone): `nil` for UTC, a bare offset, or a zone the tables do not list.
  public var location: Location? {
    let name = identifier ?? description
    return Self.locations[name] ?? Self.aliases[name].flatMap { Self.locations[$0] }
  }

  /// Each listed zone's city, read once.
  static let locations: [String: Location] = {
    var found: [String: Location] = [:]
    for table in ["zone.tab", "zone1970.tab"] {  // the newer table's wins
      guard let bytes = try? LibC.readFile("\(databaseDirectory)/\(table)") else { continue }
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      where !line.hasPrefix("#") {
        let fields = line.split(separator: "\t")
        guard fields.count >= 3, let location = parseCoordinates(fields[1]) else { continue }
        found[String(fields[2])] = location
      }
    }
    return found
  }()

  /// Each alias's zone, from the database's index (`L target alias`).
  static let aliases: [String: String] = {
    var found: [String: String] = [:]
    for fields in databaseIndex() where fields.count > 2 && fields[0] == "L" {
      found[String(fields[2])] = String(fields[1])
    }
    return found
  }()

  /// ISO 6709 as the tables write it: `±DDMM±DDDMM` or `±DDMMSS±DDDMMSS`.
  static func parseCoordinates(_ text: Substring) -> Location? {
    guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) else {
      return nil
    }
    func degrees(_ part: Substring, degreeDigits: Int) -> Double? {
      guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
      let digits = part.dropFirst()
      guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
        digits.allSatisfy(\.isNumber)
      else { return nil }
      let numbers = Array(digits)
      func number(_ range: Range<Int>) -> Double { Double(String(numbers[range])) ?? 0 }
      var value = number(0..<degreeDigits) + number(degreeDigits..<degreeDigits + 2) / 60
      if digits.count == degreeDigits + 4 {
        value += number(degreeDigits + 2..<degreeDigits + 4) / 3600
      }
      return sign == "-" ? -value : value
    }
    guard let latitude = degrees(text[..<split], degreeDigits: 2),
      let longitude = degrees(text[split...], degreeDigits: 3)
    else { return nil }
    return Location(latitude: latitude, longitude: longitude)
  }
}
