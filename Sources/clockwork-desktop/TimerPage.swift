import CAdwaita
import CDesktop
import ClockworkAlerts
import ClockworkCore
import FoundationEssentials

/// Timers: a field named "Duration" that takes the command line's forms, a name, Start; the
/// timers that run, each with Cancel. A timer started here is saved as `clockwork timer` saves
/// one and rung by the watcher or the user's systemd manager, so it rings with the app closed.
@MainActor final class TimerPage {
  let root: Widget
  let duration = field("Duration", placeholder: "5m, 1h 30m, 1:30")
  let name = field("Name", placeholder: "timer")
  let problem = label("", classes: ["error"], wraps: true)
  let list = boxedList(named: "Timers")
  let timers = Timers()

  init() {
    root = box(vertical: true, [])
    let start = button("Start", classes: ["pill", "suggested-action"]) { [unowned self] in
      startTimer()
    }
    gtk_widget_set_halign(start, GTK_ALIGN_CENTER)
    on(duration.entry, "activate") { [unowned self] in startTimer() }
    for child in [duration.box, name.box, start, problem, list] {
      gtk_box_append(cast(root), child)
    }
    pad(root, 24)
    refresh(now: Date())
  }

  func startTimer() {
    let name = text(of: name.entry).isEmpty ? "timer" : text(of: name.entry)
    let given = text(of: duration.entry)
    guard TimerStore.validName(name) else {
      return setText(problem, "A name is letters, digits, - _ and . (at most 64).")
    }
    guard let length = try? DurationParser.parse(given), length > .zero else {
      return setText(problem, "“\(given)” is not a length: try 90s, 5m, 1h 30m or 1:30.")
    }
    do {
      try timers.startUnshown(name, length: length)
      setText(problem, "")
      gtk_editable_set_text(OpaquePointer(duration.entry), "")
    } catch .timerRunning(let name, let left, let paused) {
      let time = CountdownFormat.string(.milliseconds(Int64(left * 1000)))
      setText(
        problem,
        "A timer named \(name) is \(paused ? "paused" : "running") (\(time) left): give this one another name."
      )
    } catch {
      setText(problem, "The timer could not be saved: \(error).")
    }
    refresh(now: Date())
  }

  var shown: [String] = []

  /// The timers as they are at `now`; how soon the list changes.
  @discardableResult
  func refresh(now: Date) -> Duration? {
    let running = timers.list(now: now).timers.filter { !$0.isFinished(atWall: now) }
    let rows = running.map { timer in
      let left = CountdownFormat.string(.milliseconds(Int64(timer.remaining(atWall: now) * 1000)))
      return "\(timer.name), \(left) left" + (timer.endsAt == nil ? " (paused)" : "")
    }
    if rows != shown {
      shown = rows
      removeChildren(of: list) { gtk_list_box_remove(opaque(list), $0) }
      for (timer, text) in zip(running, rows) {
        let cancel = button("Cancel") { [unowned self] in
          _ = try? timers.cancel(timer.name)
          refresh(now: Date())
        }
        cw_accessible_label(cancel, "Cancel timer \(timer.name)")
        let shownText = label(text, classes: ["numeric"])
        gtk_widget_set_hexpand(shownText, 1)
        gtk_label_set_xalign(opaque(shownText), 0)
        let row = box(vertical: false, [shownText, cancel])
        pad(row, 8)
        gtk_list_box_append(opaque(list), row)
      }
    }
    return running.contains { $0.endsAt != nil } ? .seconds(1) : nil
  }
}
