import CAdwaita
import CDesktop
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkScene
import FoundationEssentials

/// The time here on the clock face of the settings' theme and oscillator, in digits and read
/// aloud; the day; and each of the settings' other zones with its time, offset from here, and
/// whether it is day or night there.
@MainActor final class WorldPage {
  let root: Widget
  let face: SceneView
  let time = label("", classes: ["title-1", "numeric"])
  let day = label("", classes: ["title-4"])
  let zones = boxedList(named: "World clocks")
  let others: [Zone]
  let hours: HourCycle
  var zoneRows: [Widget] = []

  init(settings: Settings) {
    hours = settings.hours ?? Settings.localeHours()
    others = (settings.zones ?? []).filter { $0 != .local }
    let clock = ClockWindow(
      control: ClockControl(
        zones: [.local], theme: settings.theme ?? .classic,
        oscillator: settings.oscillator ?? .quartz, digital: false, hours: hours))
    // The face on the page's own colour, light or dark.
    face = SceneView(named: "Clock face") { canvas, moment in
      var planned = clock.frame(at: moment, on: canvas)
      planned.frame.background = .clear
      return planned
    }
    gtk_widget_set_size_request(face.area, 220, 220)
    root = box(vertical: true, [face.area, time, day])
    if !others.isEmpty {
      gtk_box_append(cast(root), zones)
      zoneRows = others.map { _ in
        let row = label("", classes: ["numeric"])
        gtk_label_set_xalign(opaque(row), 0)
        pad(row, 12)
        gtk_list_box_append(opaque(zones), row)
        return row
      }
    }
    pad(root, 24)
    refresh(now: Date())
  }

  /// Shows `now` in digits (the face draws itself); the time to the next second.
  @discardableResult
  func refresh(now: Date) -> Duration {
    let shown = ClockText.time(now, in: .local, hours: hours)
    setText(time, shown)
    cw_accessible_description(face.area, shown)
    let today = Zone.local.civilTime(at: now)
    setText(day, "\(Weekday(of: today).shortName), \(ClockText.day(today))")
    for (zone, row) in zip(others, zoneRows) {
      setText(row, Self.line(for: zone, at: now, hours: hours))
    }
    let fraction = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
    return .milliseconds(Int64((1 - fraction) * 1000) + 1)
  }

  /// "Tokyo  23:08 · +8 h · tomorrow · night": a zone's city and time, its offset from here,
  /// its day where that is not today here, and day or night from the sun over its city.
  static func line(for zone: Zone, at now: Date, hours: HourCycle) -> String {
    let there = zone.civilTime(at: now)
    let here = Zone.local.civilTime(at: now)
    let name = zone.description
    let city =
      name.split(separator: "/").last.map { String($0.map { $0 == "_" ? " " : $0 }) } ?? name
    let minutes = (there.utcOffset - here.utcOffset) / 60
    let offset =
      minutes == 0
      ? "same time"
      : (minutes < 0 ? "−" : "+") + "\(abs(minutes) / 60) h"
        + (abs(minutes) % 60 == 0 ? "" : " \(abs(minutes) % 60) min")
    let (thereDay, hereDay) = (
      (there.year, there.month, there.day), (here.year, here.month, here.day)
    )
    let day = thereDay > hereDay ? " · tomorrow" : thereDay < hereDay ? " · yesterday" : ""
    let light = Daylight.isNight(in: zone, at: now) ? "night" : "day"
    return "\(city)  \(ClockText.time(there, hours: hours)) · \(offset)\(day) · \(light)"
  }
}
