import CAdwaita
import CDesktop
import ClockworkAlerts
import ClockworkCore
import FoundationEssentials

/// Edits an alarm in a window of its own over the app's: its time, days, label, time zone and
/// whether it sounds, each filled in as saved; Save (or Enter in a field) saves them as
/// `clockwork alarm edit` does, Cancel or Escape leaves it as it was.
@MainActor final class AlarmDialog {
  let window: Widget
  let time = field(tr("Alarm time"), placeholder: tr("7:00, 6:30pm"))
  let days = field(tr("Days"), placeholder: tr("every day; or mon-fri, sat,sun"))
  let name = field(tr("Label"), placeholder: tr("none"))
  let zone = field(
    tr("Time zone"), placeholder: tr("local; or a city (Tokyo) or a zone (Europe/Paris)"))
  let sounds = made(gtk_switch_new())
  let problem = label("", classes: ["error"], wraps: true)
  let alarm: StoredAlarm
  let alarms: Alarms
  /// Called once it is saved.
  let saved: @MainActor () -> Void

  /// A dialog for `alarm` over `parent`'s window; `saved` once Save has saved it.
  init(
    editing alarm: StoredAlarm, in alarms: Alarms, over parent: Widget,
    saved: @escaping @MainActor () -> Void
  ) {
    (self.alarm, self.alarms, self.saved) = (alarm, alarms, saved)
    window = made(gtk_window_new())
    let title = translate("Edit alarm {alarm}", filling: ["alarm": alarm.summary])
    gtk_window_set_title(cast(window), title)
    gtk_window_set_modal(cast(window), 1)
    if let root = gtk_widget_get_root(parent) {
      gtk_window_set_transient_for(
        cast(window), UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self))
    }
    gtk_window_set_default_size(cast(window), 420, -1)
    let fill = ClockText.pad(alarm.hour) + ":" + ClockText.pad(alarm.minute)
    gtk_editable_set_text(OpaquePointer(time.entry), fill)
    let allDays = alarm.schedule.days.isEmpty || alarm.schedule.days.count == 7
    // As the field reads it back: "mon,wed,fri".
    let dayList = alarm.schedule.days.sorted { $0.rawValue < $1.rawValue }
      .map { $0.shortName.lowercased() }.joined(separator: ",")
    gtk_editable_set_text(OpaquePointer(days.entry), allDays ? "" : dayList)
    gtk_editable_set_text(OpaquePointer(name.entry), alarm.label ?? "")
    gtk_editable_set_text(OpaquePointer(zone.entry), alarm.zone ?? "")
    gtk_switch_set_active(opaque(sounds), alarm.sound == "" ? 0 : 1)
    cw_accessible_label(sounds, tr("The alarm sounds"))
    let soundTitle = label(tr("Sound"), classes: ["heading"])
    gtk_widget_set_hexpand(soundTitle, 1)
    gtk_label_set_xalign(opaque(soundTitle), 0)
    let soundRow = box(vertical: false, [soundTitle, sounds])
    let cancel = button(tr("Cancel")) { [unowned self] in gtk_window_destroy(cast(window)) }
    cw_accessible_label(cancel, tr("Cancel: leave the alarm as it was"))
    let save = button(tr("Save"), classes: ["suggested-action"]) { [unowned self] in self.save() }
    cw_accessible_label(save, tr("Save the alarm"))
    for entry in [time.entry, days.entry, name.entry, zone.entry] {
      on(entry, "activate") { [unowned self] in self.save() }
    }
    let actions = box(vertical: false, [cancel, save])
    gtk_widget_set_halign(actions, GTK_ALIGN_END)
    let content = box(
      vertical: true, [time.box, days.box, name.box, zone.box, soundRow, problem, actions])
    pad(content, 24)
    setText(problem, "")
    gtk_window_set_child(cast(window), content)
    // Escape closes it, as dialogs do.
    if let keys = gtk_shortcut_controller_new() {
      gtk_shortcut_controller_add_shortcut(
        keys,
        gtk_shortcut_new(
          gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close")))
      gtk_widget_add_controller(window, keys)
    }
  }

  /// Shows it, the time's field focused.
  func present() {
    gtk_window_present(cast(window))
    gtk_widget_grab_focus(time.entry)
  }

  /// Saves what the fields say, or says what is wrong with them.
  func save() {
    var edit = Alarms.Edit()
    let zoneText = text(of: zone.entry).split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    let newZone: Zone?
    if zoneText.isEmpty || zoneText.lowercased() == "local" {
      newZone = nil
    } else {
      let found = Zone.identifiers(matching: zoneText, among: Zone.knownIdentifiers())
      guard found.count == 1, let identifier = found.first, let zone = Zone(identifier: identifier)
      else {
        return setText(
          problem,
          found.isEmpty
            ? WorldPage.unknownZone(zoneText)
            : translate(
              "“{typed}” could be {zones}: type one of them.",
              filling: ["typed": zoneText, "zones": found.prefix(5).joined(separator: ", ")])
        )
      }
      newZone = zone
    }
    edit.zone = .some(newZone)
    do {
      edit.schedule = try AlarmsPage.schedule(
        time: text(of: time.entry), days: text(of: days.entry), in: newZone ?? .local)
    } catch { return setText(problem, error.message) }
    edit.label = text(of: name.entry)
    let soundOn = gtk_switch_get_active(opaque(sounds)) != 0
    // Off is no sound; on keeps its own file, or the sound theme's.
    edit.sound = .some(soundOn ? (alarm.sound == "" ? nil : alarm.sound) : "")
    do { _ = try alarms.edit(alarm.id, edit) } catch {
      return setText(
        problem,
        translate("The alarm could not be saved: {problem}.", filling: ["problem": "\(error)"]))
    }
    saved()
    gtk_window_destroy(cast(window))
  }
}
