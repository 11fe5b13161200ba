import CAdwaita
import CDesktop
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkState
import FoundationEssentials

/// The stopwatch design: the time, Start (green) and Stop (red), Lap and Reset, the laps newest
/// first, exported to CSV or JSON as `stopwatch --export` writes them. The same stopwatch as
/// `clockwork stopwatch`: its state file, its lock, its rules (``StopwatchControl``, the keys
/// of the terminal's screen).
@MainActor final class StopwatchPage {
  let root: Widget
  /// The total, and under it the running lap (its number and time): inscriptions, as both
  /// change ten times a second.
  let time = inscription(chars: StopwatchPage.longest.count + 1, classes: ["title-1", "numeric"])
  let lapNow = inscription(
    chars: StopwatchPage.lapText(number: 99, time: StopwatchPage.longest).count + 1,
    classes: ["title-4", "numeric"])
  /// The widest time the page makes room for: 99:59:59.99.
  static let longest = StopwatchFormat.string(.seconds(100 * 3600) - .milliseconds(10))
  let note = label("", wraps: true)  // not dimmed: a dim label is some 3.2:1 on the page
  let laps = boxedList(named: tr("Laps"))
  lazy var lapsShown = scrolled(laps)
  let startStop = button(tr("Start"), classes: ["pill", "start-action"])
  let lap = button(tr("Lap"), classes: ["pill"])
  let reset = button(tr("Reset"), classes: ["pill"])
  let export = button(tr("Export laps…"))
  /// The note, the laps and their export.
  let details = box(vertical: true, [])
  /// A compact window leaves the details out; it keeps the time and the buttons.
  var compact = false { didSet { gtk_widget_set_visible(details, compact ? 0 : 1) } }
  /// What the last export did: where it wrote, or why it could not.
  var exported: String?
  let store = StopwatchStore()
  var control: StopwatchControl

  init() {
    _ = store.claim(take: false)
    let (watch, notes) = store.resume(at: .now)
    control = StopwatchControl(
      watch: watch, store: store, notes: notes,
      readOnlyHint: tr("another clockwork shows it; close that one to use it here"))
    root = box(vertical: true, [])
    on(startStop, "clicked") { [unowned self] in press(.space) }
    on(lap, "clicked") { [unowned self] in press(.enter) }
    on(reset, "clicked") { [unowned self] in press(.character("r")) }
    on(export, "clicked") { [unowned self] in chooseExport() }
    gtk_widget_set_halign(export, GTK_ALIGN_END)
    let buttons = box(vertical: false, [startStop, lap, reset])
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
    for child in [note, lapsShown, export] { gtk_box_append(cast(details), child) }
    for child in [time, lapNow, buttons, details] { gtk_box_append(cast(root), child) }
    gtk_widget_set_visible(lapsShown, 0)
    gtk_widget_set_visible(export, 0)  // until there are laps
    pad(root, 24)
    refresh(at: .now)
  }

  func press(_ key: Key) {
    _ = control.handle(key, at: Moment(instant: .now, wall: Date()))
    refresh(at: .now)
  }

  /// Shows the stopwatch as it is at `now` (a read-only one as its owner saved it); while it
  /// runs, its time goes on by itself (``animate()``).
  func refresh(at now: ContinuousClock.Instant) {
    _ = control.tick(at: Moment(instant: now, wall: Date()))
    let watch = control.watch
    let elapsed = watch.elapsed(at: now)
    showTimes(at: now)
    // Read out once a second (here), not at each tenth the text shows.
    cw_accessible_label(
      time,
      translate(
        "Stopwatch, {time}",
        filling: ["time": spoken(seconds: (elapsed / .seconds(1)).rounded(.down))]))
    let lapSeconds = (elapsed - (watch.laps.last?.total ?? .zero)) / .seconds(1)
    cw_accessible_label(
      lapNow,
      translate(
        "Lap {number}, {time}",
        filling: [
          "number": "\(watch.laps.count + 1)", "time": spoken(seconds: lapSeconds.rounded(.down)),
        ]))
    let running = watch.phase == .running
    gtk_button_set_label(cast(startStop), running ? tr("Stop") : tr("Start"))
    gtk_widget_remove_css_class(startStop, running ? "start-action" : "destructive-action")
    gtk_widget_add_css_class(startStop, running ? "destructive-action" : "start-action")
    let readOnly = store.readOnly
    // Each set once: turned off and on again, a button is styled and the window laid out anew.
    gtk_widget_set_sensitive(startStop, readOnly ? 0 : 1)
    gtk_widget_set_sensitive(lap, running && !readOnly ? 1 : 0)
    gtk_widget_set_sensitive(reset, !running && watch.phase != .idle && !readOnly ? 1 : 0)
    setText(note, control.message ?? control.warning ?? exported ?? "")
    showLaps(watch)
    if running && !animating { animate() }
  }

  /// Whether the time is being moved on a tenth of a second at a time.
  var animating = false

  /// Moves the time on while the stopwatch runs: the time alone, ten times a second (the
  /// buttons, laps and state folder are looked at once a second, or on a press).
  func animate() {
    animating = control.watch.phase == .running
    guard animating else { return }
    showTimes(at: .now)
    after(milliseconds: 100) { [unowned self] in animate() }
  }

  /// The total, and the running lap once there is one (a lap has been taken).
  func showTimes(at now: ContinuousClock.Instant) {
    let watch = control.watch
    let elapsed = watch.elapsed(at: now)
    inscribe(time, StopwatchFormat.string(elapsed))
    let last = watch.laps.last?.total ?? .zero
    inscribe(
      lapNow,
      watch.laps.isEmpty
        ? ""
        : Self.lapText(number: watch.laps.count + 1, time: StopwatchFormat.string(elapsed - last)))
  }

  /// "Lap 3   0:12.4": the running lap as the page shows it.
  static func lapText(number: Int, time: String) -> String {
    translate("Lap {number}   {time}", filling: ["number": "\(number)", "time": time])
  }

  var shownLaps: [Lap] = []

  func showLaps(_ watch: Stopwatch<ContinuousClock.Instant>) {
    guard watch.laps != shownLaps else { return }
    shownLaps = watch.laps
    gtk_widget_set_visible(lapsShown, shownLaps.isEmpty ? 0 : 1)
    gtk_widget_set_visible(export, shownLaps.isEmpty ? 0 : 1)
    removeChildren(of: laps) { gtk_list_box_remove(opaque(laps), $0) }
    // Marked as the terminal's table and the exports mark them: once there are three.
    let marks = LapTable.marks(for: watch.laps)
    for lap in watch.laps.reversed() {
      let mark = marks[lap.number].map { "  " + LapTable.markName($0) } ?? ""
      let row = label(
        translate(
          "Lap {number}   {split}   {total}{mark}",
          filling: [
            "number": "\(lap.number)", "split": StopwatchFormat.string(lap.split),
            "total": StopwatchFormat.string(lap.total), "mark": mark,
          ]),
        classes: ["numeric"])
      pad(row, 8)
      gtk_list_box_append(opaque(laps), row)
    }
  }

  /// Asks where to write the laps (the name's .csv or .json says how), then writes them and the
  /// total so far, and says where or why not.
  func chooseExport() {
    let window = gtk_widget_get_root(root).map { UnsafeMutableRawPointer($0) }
    cw_choose_save_path(
      window?.assumingMemoryBound(to: GtkWindow.self), tr("Export laps"), tr("Export"), "laps.csv",
      { data, path in
        MainActor.assumeIsolated {
          guard let data, let path else { return }
          let page = Unmanaged<StopwatchPage>.fromOpaque(data).takeUnretainedValue()
          page.export(to: String(cString: path))
        }
      }, Unmanaged.passRetained(self).toOpaque(),
      { data in
        guard let data else { return }
        Unmanaged<StopwatchPage>.fromOpaque(data).release()
      })
  }

  /// Writes the laps and the total so far to `path`, and says where or why not.
  func export(to path: String) {
    let watch = control.watch
    if (try? LapExport.Format(path: path)) == nil {
      exported = tr("Laps are exported to a file whose name ends in .csv or .json")
    } else {
      do {
        try LapExport.write(watch.laps, total: watch.elapsed(at: .now), to: path)
        exported = translate("Laps exported to {file}", filling: ["file": path])
      } catch { exported = error.description }
    }
    refresh(at: .now)
  }
}
