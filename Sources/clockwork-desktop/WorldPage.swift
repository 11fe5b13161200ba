import CAdwaita
import CDesktop
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkScene
import ClockworkSystem
import FoundationEssentials

/// The time here on the clock face of the settings' theme and oscillator, in digits and read
/// aloud; the day; and each of the settings' other zones with its time, offset from here, and
/// whether it is day or night there; a zone added by its city or name, or removed, is kept in
/// the settings file, where `clock` reads it too.
@MainActor final class WorldPage {
  let root: Widget
  let face: SceneView
  let time: Widget
  let day = label("", classes: ["title-4"])
  /// Whether the system clock is right, as the kernel says (adjtimex).
  let sync = label("", classes: ["dim-label"], wraps: true)
  let zones = boxedList(named: tr("World clocks"))
  let adding = field(
    tr("Add a world clock"), placeholder: tr("a city or zone: Tokyo, Europe/Paris"))
  let problem = label("", classes: ["error"], wraps: true)
  /// The day, the zones and adding one.
  let details: Widget
  /// A compact window leaves the details out; it keeps the face and the time.
  var compact = false { didSet { gtk_widget_set_visible(details, compact ? 0 : 1) } }
  /// The settings' zones other than this one, by name, in their order.
  var names: [String]
  let hours: HourCycle
  /// The calendar the date is read in (the `calendar` setting).
  let calendar: DateCalendar
  var zoneRows: [(zone: Zone, text: Widget, up: Widget, down: Widget)] = []

  init(settings: Settings, look: DesktopLook) {
    hours = settings.hours ?? Settings.localeHours()
    calendar = settings.calendar ?? .gregorian
    names = (settings.zones ?? []).filter { $0 != .local }.map(\.description)
    time = inscription(
      chars: ClockText.time(Date(timeIntervalSince1970: 86399), in: .utc, hours: hours).count + 1,
      classes: ["title-1", "numeric"])
    let control = ClockControl(
      zones: [.local], theme: settings.theme ?? .classic,
      oscillator: settings.oscillator ?? .quartz, digital: false, hours: hours)
    let clock = ClockWindow(control: control)
    // The face on the page's own colour, light or dark.
    face = SceneView(named: tr("Clock face")) { canvas, moment in
      var planned = clock.frame(at: moment, on: canvas)
      planned.frame.background = .clear
      return planned
    }
    // High contrast: the theme's shapes in two colours; large text: a larger face.
    look.follow { [face] in
      control.draw(in: look.highContrast ? control.theme.highContrast(dark: look.dark) : nil)
      let side = Int32(220 * look.textScale)
      gtk_widget_set_size_request(face.area, side, side)
      face.redraw()
    }
    details = box(vertical: true, [day, sync, zones])
    let content = box(vertical: true, [face.area, time, details])
    root = scrolled(content)
    let add = button(tr("Add")) { [unowned self] in addZone() }
    cw_accessible_label(add, tr("Add world clock"))
    gtk_widget_set_valign(add, GTK_ALIGN_END)
    on(adding.entry, "activate") { [unowned self] in addZone() }
    gtk_widget_set_hexpand(adding.box, 1)
    for child in [box(vertical: false, [adding.box, add]), problem] {
      gtk_box_append(cast(details), child)
    }
    pad(content, 24)
    showZones()
    refresh(now: Date())
  }

  /// A row for each zone, with Move up, Move down and Remove.
  func showZones() {
    removeChildren(of: zones) { gtk_list_box_remove(opaque(zones), $0) }
    zoneRows = names.enumerated().compactMap { index, name in
      guard let zone = Zone(identifier: name) else { return nil }
      let text = label("", classes: ["numeric"], wraps: true)
      gtk_label_set_xalign(opaque(text), 0)
      gtk_widget_set_hexpand(text, 1)
      let remove = button(tr("Remove")) { [unowned self] in
        names.removeAll { $0 == name }
        save()
      }
      cw_accessible_label(remove, translate("Remove {city}", filling: ["city": zone.city]))
      let up = iconButton(
        "go-up-symbolic", named: translate("Move {city} up", filling: ["city": zone.city])
      ) { [unowned self] in
        move(index, by: -1)
      }
      let down = iconButton(
        "go-down-symbolic", named: translate("Move {city} down", filling: ["city": zone.city])
      ) {
        [unowned self] in move(index, by: 1)
      }
      gtk_widget_set_sensitive(up, index > 0 ? 1 : 0)
      gtk_widget_set_sensitive(down, index < names.count - 1 ? 1 : 0)
      for control in [up, down, remove] { gtk_widget_set_valign(control, GTK_ALIGN_CENTER) }
      let row = box(vertical: false, [text, up, down, remove])
      pad(row, 8)
      gtk_list_box_append(opaque(zones), row)
      return (zone, text, up, down)
    }
    gtk_widget_set_visible(zones, zoneRows.isEmpty ? 0 : 1)
  }

  /// Adds the zone typed, found by its city or name, or says why not.
  func addZone() {
    let typed = text(of: adding.entry)
    let found = Zone.identifiers(matching: typed, among: Zone.knownIdentifiers())
    guard found.count == 1, let name = found.first else {
      let some = found.prefix(5).joined(separator: ", ")
      return setText(
        problem,
        found.isEmpty
          ? Self.unknownZone(typed)
          : translate(
            "“{typed}” could be {zones}: type one of them.",
            filling: [
              "typed": typed,
              "zones": some
                + (found.count > 5
                  ? " " + tr("and {count} more", "and {count} more", count: found.count - 5) : "")
                ,
            ])
      )
    }
    guard !names.contains(name) else { return setText(problem, "\(name) is shown already.") }
    names.append(name)
    gtk_editable_set_text(OpaquePointer(adding.entry), "")
    save()
  }

  /// Moves the zone at `index` one place up (-1) or down (1), kept so.
  func move(_ index: Int, by step: Int) {
    guard names.indices.contains(index), names.indices.contains(index + step) else { return }
    names.swapAt(index, index + step)
    save()
    // The keyboard stays on the zone moved: on the same button, or the other at an end.
    guard zoneRows.indices.contains(index + step) else { return }
    let moved = zoneRows[index + step]
    let same = step < 0 ? moved.up : moved.down
    gtk_widget_grab_focus(
      gtk_widget_get_sensitive(same) != 0 ? same : step < 0 ? moved.down : moved.up)
  }

  /// Keeps the zones in the settings file and shows them.
  func save() {
    do {
      try Settings.save(zones: names)
      setText(problem, "")
    } catch {
      setText(
        problem,
        translate("The world clocks could not be kept: {problem}", filling: ["problem": "\(error)"])
      )
    }
    showZones()
    refresh(now: Date())
  }

  /// Shows `now` in digits (the face draws itself); the time to the next second.
  @discardableResult
  func refresh(now: Date) -> Duration {
    let shown = ClockText.time(now, in: .local, hours: hours)
    inscribe(time, shown, naming: true)
    cw_accessible_description(face.area, shown)
    let today = Zone.local.civilTime(at: now)
    setText(day, LocalDates.dayAndDate(today, calendar: calendar))
    setText(sync, Self.syncLine(ClockSync.read()))
    for row in zoneRows { setText(row.text, Self.line(for: row.zone, at: now, hours: hours)) }
    let fraction = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
    return .milliseconds(Int64((1 - fraction) * 1000) + 1)
  }

  /// What the page says of the system clock: synchronised and how close, or that it is not
  /// (the time shown may then be off by more than its seconds).
  /// "No time zone is called “Atlantis”: …": said when nothing matches what was typed.
  static func unknownZone(_ typed: String) -> String {
    translate(
      "No time zone is called “{typed}”: try a city (Tokyo) or a zone (Europe/Paris).",
      filling: ["typed": typed])
  }

  static func syncLine(_ sync: ClockSync?) -> String {
    guard let sync else { return "" }
    return sync.synchronized
      ? translate("System clock {state}", filling: ["state": sync.translatedSummary])
      : tr("The system clock is not synchronised: the time shown may be off")
  }

  /// "Tokyo  23:08 · +8 h · tomorrow · night": a zone's city and time, its offset from here,
  /// its day where that is not today here, and day or night from the sun over its city. In
  /// minutes, as the seconds are the same everywhere: the rows change once a minute, and the
  /// window is not laid out again each second.
  static func line(for zone: Zone, at now: Date, hours: HourCycle) -> String {
    let there = zone.civilTime(at: now)
    let offset = ClockControl.offset(of: zone, from: .local, at: now)
    let day = ClockControl.day(of: zone, against: .local, at: now)
    let light = Daylight.isNight(in: zone, at: now) ? tr("night") : tr("day")
    return "\(zone.city)  \(ClockText.minutes(there, hours: hours)) · \(offset)\(day) · \(light)"
  }
}
