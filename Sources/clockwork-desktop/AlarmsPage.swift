import CAdwaita
import CDesktop
import ClockworkAlerts
import ClockworkCore
import FoundationEssentials

/// Alarms: each with a switch that turns it on and off and a Delete button; a time, days and
/// a label to add one. The same alarms as `clockwork alarm`, rung with the app closed.
@MainActor final class AlarmsPage {
  let root: Widget
  let time = field("Alarm time", placeholder: "7:00, 6:30pm")
  let days = field("Days", placeholder: "every day; or mon-fri, sat,sun")
  let name = field("Label", placeholder: "standup")
  let problem = label("", classes: ["error"], wraps: true)
  let list = boxedList(named: "Alarms")
  let alarms = Alarms()

  init() {
    root = box(vertical: true, [])
    let add = button("Add alarm", classes: ["pill", "suggested-action"]) { [unowned self] in
      addAlarm()
    }
    gtk_widget_set_halign(add, GTK_ALIGN_CENTER)
    let form = box(vertical: false, [time.box, days.box, name.box])
    gtk_box_set_homogeneous(cast(form), 1)
    for child in [list, form, add, problem] { gtk_box_append(cast(root), child) }
    pad(root, 24)
    refresh(now: Date())
  }

  func addAlarm() {
    let given = text(of: time.entry)
    guard case .timeOfDay(let t)? = try? TargetTimeParser.parse(given, zone: .local), t.second == 0
    else {
      return setText(problem, "“\(given)” is not a time of day: try 7:00, 07:30, 6:30pm or 18:30.")
    }
    let daysGiven = text(of: days.entry)
    let days: Set<Weekday>
    do { days = try Weekday.parseDays(daysGiven.isEmpty ? "daily" : daysGiven) } catch {
      return setText(problem, "\(error)")
    }
    let label = text(of: name.entry)
    do {
      _ = try alarms.add(
        AlarmSchedule(hour: t.hour, minute: t.minute, days: days),
        label: label.isEmpty ? nil : label)
      setText(problem, "")
      for field in [time.entry, self.days.entry, name.entry] {
        gtk_editable_set_text(OpaquePointer(field), "")
      }
    } catch {
      setText(problem, "The alarm could not be saved: \(error).")
    }
    refresh(now: Date())
  }

  var shown: [StoredAlarm] = []

  /// The alarms as saved.
  func refresh(now: Date) {
    let saved = alarms.list(now: now).alarms
    guard saved != shown else { return }
    shown = saved
    removeChildren(of: list) { gtk_list_box_remove(opaque(list), $0) }
    for alarm in saved {
      let title = [alarm.summary, alarm.label].compactMap { $0 }.joined(separator: ", ")
      let text = label(title, classes: ["numeric"])
      gtk_widget_set_hexpand(text, 1)
      gtk_label_set_xalign(opaque(text), 0)
      let toggle = made(gtk_switch_new())
      gtk_switch_set_active(opaque(toggle), alarm.enabled ? 1 : 0)
      gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
      cw_accessible_label(toggle, "Alarm \(title)")
      on(toggle, "notify::active") { [unowned self] in
        let on = gtk_switch_get_active(opaque(toggle)) != 0
        _ = on ? try? alarms.enable(alarm.id) : try? alarms.disable(alarm.id)
        refresh(now: Date())
      }
      let delete = button("Delete") { [unowned self] in
        _ = try? alarms.remove(alarm.id)
        refresh(now: Date())
      }
      cw_accessible_label(delete, "Delete alarm \(title)")
      let row = box(vertical: false, [text, toggle, delete])
      pad(row, 8)
      gtk_list_box_append(opaque(list), row)
    }
  }
}
