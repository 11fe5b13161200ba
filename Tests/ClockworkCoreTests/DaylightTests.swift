import ClockworkCore
import Foundation
import Testing

/// Day and night from the sun over each zone's city, against almanac times; a zone with no
/// city goes by the hour.
@Suite struct DaylightTests {
  func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  /// (zone, instant, night?): each one the hour alone gets wrong, or a polar day or night.
  @Test(arguments: [
    // London, midsummer: sunset 21:21 BST (20:21 UTC); at 21:00 BST it is still day.
    ("Europe/London", "2026-06-21T20:00:00Z", false),
    ("Europe/London", "2026-06-21T20:40:00Z", true),
    // Tokyo, December: sunset about 16:30 JST; at 17:00 it is night.
    ("Asia/Tokyo", "2026-12-15T08:00:00Z", true),
    ("Asia/Tokyo", "2026-12-15T06:00:00Z", false),
    // Sydney, its midsummer: sunrise about 05:40 AEDT; at 05:55 it is day.
    ("Australia/Sydney", "2026-12-21T18:55:00Z", false),
    // Longyearbyen, Svalbard: polar night at noon in December, the midnight sun in June.
    ("Arctic/Longyearbyen", "2026-12-21T11:00:00Z", true),
    ("Arctic/Longyearbyen", "2026-06-21T23:00:00Z", false),
  ])
  func theSunDecides(zone name: String, at instant: String, night: Bool) throws {
    let zone = try #require(Zone(identifier: name))
    #expect(zone.location != nil)
    #expect(Daylight.isNight(in: zone, at: utc(instant)) == night)
  }

  /// The elevation itself: the sun at noon on the equator at an equinox is near the zenith.
  @Test func theElevationAtAnEquinoxNoonOnTheEquatorIsNearlyOverhead() {
    let elevation = Daylight.sunElevation(
      latitude: 0, longitude: 0, at: utc("2026-03-20T12:07:00Z"))
    #expect(elevation > 88, "\(elevation)")
  }

  @Test func aZoneWithNoCityGoesByTheHour() throws {
    #expect(Zone.utc.location == nil)
    #expect(Daylight.isNight(in: .utc, at: utc("2026-06-21T19:00:00Z")))
    #expect(!Daylight.isNight(in: .utc, at: utc("2026-06-21T07:00:00Z")))
  }

  /// An alias is followed to its zone's city.
  @Test func anAliasHasItsZonesCity() throws {
    let alias = try #require(Zone(identifier: "Asia/Calcutta"))
    #expect(alias.location == Zone(identifier: "Asia/Kolkata")?.location)
    #expect(alias.location != nil)
  }
}
