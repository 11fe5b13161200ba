import CAdwaita
import CDesktop
import ClockworkAlerts
import ClockworkCore
import FoundationEssentials

/// Alarms: each with a switch that turns it on and off, Edit (a dialog: time, days, label, zone,
/// sound) and Delete; a time, days and a label to add one; while one sounds or is snoozed, Snooze and Stop at the top, beside its
/// notification's. The same alarms as `clockwork alarm`, rung with the app closed.
@MainActor final class AlarmsPage {
  let root: Widget
  let time = field(tr("Alarm time"), placeholder: tr("7:00, 6:30pm"))
  let days = field(tr("Days"), placeholder: tr("every day; or mon-fri, sat,sun"))
  let name = field(tr("Label"), placeholder: tr("standup"))
  let problem = label("", classes: ["error"], wraps: true)
  let list = boxedList(named: tr("Alarms"))
  let alarms = Alarms()
  /// What sounds or is snoozed now, with Snooze and Stop; hidden otherwise.
  let ringing = label("", classes: ["title-4"], wraps: true)
  lazy var ringingBar: Widget = {
    let snooze = button(AlarmAlert.snoozeButton, classes: ["pill"]) {
      [unowned self] in
      do {
        _ = try alarms.snooze(for: Double(AlarmAlert.snoozeMinutes * 60))
        setText(problem, "")
      } catch {
        setText(
          problem,
          translate("The alarm could not be snoozed: {problem}.", filling: ["problem": "\(error)"]))
      }
      refresh(now: Date())
    }
    cw_accessible_label(
      snooze,
      tr(
        "Snooze the alarm {count} minute", "Snooze the alarm {count} minutes",
        count: AlarmAlert.snoozeMinutes))
    let stop = button(tr("Stop"), classes: ["pill", "destructive-action"]) { [unowned self] in
      do {
        let (stopped, _) = try alarms.stop()
        setText(problem, stopped == 0 ? tr("No alarm was sounding.") : "")
      } catch {
        setText(
          problem,
          translate("The alarm could not be stopped: {problem}.", filling: ["problem": "\(error)"]))
      }
      refresh(now: Date())
    }
    cw_accessible_label(stop, tr("Stop the alarm"))
    for control in [snooze, stop] { gtk_widget_set_valign(control, GTK_ALIGN_CENTER) }
    return box(vertical: false, [ringing, snooze, stop])
  }()
  /// Whether an alarm sounded at the app's last look (``refresh(now:noticing:)``).
  var wasSounding = false
  /// The form that adds an alarm.
  let details = box(vertical: true, [])
  /// A compact window leaves the details out; it keeps the list and a ringing alarm's Snooze
  /// and Stop.
  var compact = false { didSet { gtk_widget_set_visible(details, compact ? 0 : 1) } }

  init() {
    root = box(vertical: true, [])
    let add = button(tr("Add alarm"), classes: ["pill", "suggested-action"]) { [unowned self] in
      addAlarm()
    }
    gtk_widget_set_halign(add, GTK_ALIGN_CENTER)
    let form = box(vertical: false, [time.box, days.box, name.box])
    gtk_box_set_homogeneous(cast(form), 1)
    gtk_widget_set_hexpand(ringing, 1)
    gtk_label_set_xalign(opaque(ringing), 0)
    gtk_widget_add_css_class(ringingBar, "card")
    pad(ringing, 12)
    for child in [form, add, problem] { gtk_box_append(cast(details), child) }
    for child in [ringingBar, list, details] { gtk_box_append(cast(root), child) }
    pad(root, 24)
    refresh(now: Date())
  }

  /// A time typed and days typed (none: every day) as a schedule, or what is wrong with them,
  /// as the page says it.
  static func schedule(time: String, days: String, in zone: Zone) throws(Mistake) -> AlarmSchedule {
    guard case .timeOfDay(let t)? = try? TargetTimeParser.parse(time, zone: zone), t.second == 0
    else {
      throw Mistake(
        translate(
          "“{typed}” is not a time of day: try 7:00, 07:30, 6:30pm or 18:30.",
          filling: ["typed": time]))
    }
    do {
      return AlarmSchedule(
        hour: t.hour, minute: t.minute, days: try Weekday.parseDays(days.isEmpty ? "daily" : days))
    } catch { throw Mistake("\(error)") }
  }

  /// What is wrong with what was typed, as the page says it.
  struct Mistake: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  func addAlarm() {
    let schedule: AlarmSchedule
    do {
      schedule = try Self.schedule(
        time: text(of: time.entry), days: text(of: days.entry), in: .local)
    } catch { return setText(problem, error.message) }
    let label = text(of: name.entry)
    do {
      _ = try alarms.add(schedule, label: label.isEmpty ? nil : label)
      setText(problem, "")
      for field in [time.entry, self.days.entry, name.entry] {
        gtk_editable_set_text(OpaquePointer(field), "")
      }
    } catch {
      setText(
        problem,
        translate("The alarm could not be saved: {problem}.", filling: ["problem": "\(error)"]))
    }
    refresh(now: Date())
  }

  var shown: [StoredAlarm] = []
  /// The alarm being edited, while its dialog is open.
  var dialog: AlarmDialog?

  /// What sounds now ("standup is ringing"), or else is snoozed, or nothing.
  static func ringing(_ alarms: [StoredAlarm], now: Date) -> (text: String, sounding: Bool)? {
    func name(_ alarm: StoredAlarm) -> String { alarm.label ?? alarm.summary }
    if let alarm = alarms.first(where: { $0.isSounding(at: now) }) {
      return (translate("{alarm} is ringing", filling: ["alarm": name(alarm)]), true)
    }
    guard
      let alarm = alarms.first(where: { ($0.snoozedUntil ?? 0) > now.timeIntervalSince1970 }),
      let until = alarm.snoozedUntil
    else { return nil }
    let time = ClockText.time(Date(timeIntervalSince1970: until), in: .local)
    return (
      translate("{alarm} is snoozed until {time}", filling: ["alarm": name(alarm), "time": time]),
      false
    )
  }

  /// The alarms as saved. Noticing (the app's look each second): whether one began to sound
  /// since the last such look, or sounds at the first; the app then shows this page, with its
  /// Snooze and Stop.
  @discardableResult
  func refresh(now: Date, noticing: Bool = false) -> Bool {
    let saved = alarms.list(now: now).alarms
    let ringingNow = Self.ringing(saved, now: now)
    setText(ringing, ringingNow?.text ?? "")
    gtk_widget_set_visible(ringingBar, ringingNow == nil ? 0 : 1)
    let sounding = ringingNow?.sounding == true
    let began = noticing && sounding && !wasSounding
    if noticing { wasSounding = sounding }
    guard saved != shown else { return began }
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
      cw_accessible_label(toggle, translate("Alarm {alarm}", filling: ["alarm": title]))
      on(toggle, "notify::active") { [unowned self] in
        let on = gtk_switch_get_active(opaque(toggle)) != 0
        _ = on ? try? alarms.enable(alarm.id) : try? alarms.disable(alarm.id)
        refresh(now: Date())
      }
      let edit = button(tr("Edit")) { [unowned self] in
        dialog = AlarmDialog(editing: alarm, in: alarms, over: root) { [unowned self] in
          refresh(now: Date())
        }
        if let dialog { on(dialog.window, "destroy") { [unowned self] in self.dialog = nil } }
        dialog?.present()
      }
      cw_accessible_label(edit, translate("Edit alarm {alarm}", filling: ["alarm": title]))
      let delete = button(tr("Delete")) { [unowned self] in
        _ = try? alarms.remove(alarm.id)
        refresh(now: Date())
      }
      cw_accessible_label(delete, translate("Delete alarm {alarm}", filling: ["alarm": title]))
      let row = box(vertical: false, [text, toggle, edit, delete])
      pad(row, 8)
      gtk_list_box_append(opaque(list), row)
    }
    return began
  }
}
