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

  /// Starts the timer the fields give.
  func startTimer() {
    let typed = text(of: name.entry)
    let name = typed.isEmpty ? "timer" : typed
    let given = text(of: duration.entry)
    guard TimerStore.validName(name) else {
      return setText(problem, "A name is letters, digits, - _ and . (at most 64).")
    }
    guard let length = try? DurationParser.parse(given), length > .zero else {
      return setText(problem, "“\(given)” is not a length: try 90s, 5m, 1h 30m or 1:30.")
    }
    if start(named: name, length: length) {
      gtk_editable_set_text(OpaquePointer(duration.entry), "")
    }
  }

  /// Starts a timer `name` of `length`, or says why not; whether it started.
  @discardableResult
  func start(named name: String, length: Duration) -> Bool {
    defer { refresh(now: Date()) }
    do {
      try timers.startUnshown(name, length: length)
      setText(problem, "")
      return true
    } catch .timerRunning(let name, let left, let paused) {
      let time = CountdownFormat.string(.milliseconds(Int64(left * 1000)))
      setText(
        problem,
        "A timer named \(name) is \(paused ? "paused" : "running") (\(time) left): give this one another name."
      )
    } catch {
      setText(problem, "The timer could not be saved: \(error).")
    }
    return false
  }

  /// Each timer's row as shown, in the list's order: its text changes in place, so that the
  /// Cancel a keyboard or screen reader is on stays while the time counts down.
  var rows: [(name: String, text: Widget)] = []

  /// The timers as they are at `now`.
  func refresh(now: Date) {
    let running = timers.list(now: now).timers.filter { !$0.isFinished(atWall: now) }
    if running.map(\.name) != rows.map(\.name) {
      removeChildren(of: list) { gtk_list_box_remove(opaque(list), $0) }
      rows = running.map { timer in
        let cancel = button("Cancel") { [unowned self] in
          _ = try? timers.cancel(timer.name)
          refresh(now: Date())
        }
        cw_accessible_label(cancel, "Cancel timer \(timer.name)")
        let text = label("", classes: ["numeric"])
        gtk_widget_set_hexpand(text, 1)
        gtk_label_set_xalign(opaque(text), 0)
        let row = box(vertical: false, [text, cancel])
        pad(row, 8)
        gtk_list_box_append(opaque(list), row)
        return (timer.name, text)
      }
    }
    for (timer, row) in zip(running, rows) {
      let left = CountdownFormat.string(.milliseconds(Int64(timer.remaining(atWall: now) * 1000)))
      setText(row.text, "\(timer.name), \(left) left" + (timer.endsAt == nil ? " (paused)" : ""))
    }
  }
}
