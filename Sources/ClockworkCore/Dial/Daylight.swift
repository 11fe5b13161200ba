import FoundationEssentials
import RealModule

/// Day and night where a zone's clocks are: from where the sun is over the zone's own city (the
/// tz database names one for each zone), as GNOME Clocks shows its world clocks. A zone with no
/// city (UTC, a bare offset) has day from 6:00 to 18:00.
///
/// ```swift
/// let london = Zone(identifier: "Europe/London")!
/// Daylight.isNight(in: london, at: Date())
/// Daylight.sunElevation(latitude: 51.5, longitude: -0.12, at: Date())   // degrees
/// ```
public enum Daylight {
  /// The sun is down once its centre is this far below the horizon: its radius and the air's
  /// refraction (sunset as almanacs give it).
  public static let sunsetElevation = -0.833

  /// Whether it is night in `zone` at `date`: the sun down over its city, else the hour there.
  public static func isNight(in zone: Zone, at date: Date) -> Bool {
    guard let city = zone.location else { return zone.civilTime(at: date).isNight }
    return sunElevation(latitude: city.latitude, longitude: city.longitude, at: date)
      < sunsetElevation
  }

  /// The sun's elevation above the horizon in degrees, seen from a latitude and longitude
  /// (degrees, north and east positive) at `date`; good to a few hundredths of a degree.
  public static func sunElevation(latitude: Double, longitude: Double, at date: Date) -> Double {
    let radian = Double.pi / 180
    // Days since J2000.0 (2000-01-01 12:00 UTC).
    let days = date.timeIntervalSince1970 / 86_400 - 10_957.5
    let meanLongitude = 280.460 + 0.985_647_4 * days
    let anomaly = (357.528 + 0.985_600_3 * days) * radian
    let eclipticLongitude =
      (meanLongitude + 1.915 * Double.sin(anomaly) + 0.020 * Double.sin(2 * anomaly)) * radian
    let obliquity = (23.439 - 0.000_000_4 * days) * radian
    let rightAscension = Double.atan2(
      y: Double.cos(obliquity) * Double.sin(eclipticLongitude), x: Double.cos(eclipticLongitude))
    let declination = Double.asin(Double.sin(obliquity) * Double.sin(eclipticLongitude))
    let siderealTime = (280.460_618_37 + 360.985_647_366_29 * days + longitude) * radian
    let hourAngle = siderealTime - rightAscension
    let phi = latitude * radian
    let sine =
      Double.sin(phi) * Double.sin(declination)
      + Double.cos(phi) * Double.cos(declination) * Double.cos(hourAngle)
    return Double.asin(min(1, max(-1, sine))) / radian
  }
}
