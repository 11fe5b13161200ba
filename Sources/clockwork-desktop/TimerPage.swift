import CAdwaita
import CDesktop
import ClockworkAlerts
import ClockworkCore
import FoundationEssentials

/// Timers: the countdown ring of the first that runs; each timer with Pause (Resume), +1 min,
/// Restart and Cancel; lengths and the user's presets to start with one click; a field named
/// "Duration" that takes the command line's forms. A timer started here is saved as `clockwork
/// timer` saves one and rung by the watcher or the user's systemd manager, so it rings with
/// the app closed.
@MainActor final class TimerPage {
  let content = box(vertical: true, [])
  lazy var root = scrolled(content)
  let face = TimerFace()
  let duration = field(tr("Duration"), placeholder: tr("5m, 1h 30m, 1:30"))
  let name = field(tr("Name"), placeholder: tr("timer"))
  let problem = label("", classes: ["error"], wraps: true)
  let list = boxedList(named: tr("Timers"))
  let timers = Timers()
  /// The timers' rows and the lengths offered, hidden in a compact window.
  let details = box(vertical: true, [])
  /// The Duration and Name fields and Start.
  let starting = box(vertical: true, [])
  /// A compact window shows the ring while a timer runs, else Duration and Start.
  var compact = false {
    didSet {
      gtk_widget_set_visible(details, compact ? 0 : 1)
      gtk_widget_set_visible(name.box, compact ? 0 : 1)
      refresh(now: Date())
    }
  }
  /// The lengths offered, as GNOME Clocks offers its own.
  static let lengths: [(text: String, minutes: Int)] =
    [1, 3, 5, 10, 15, 25, 45].map { (translate("{count} min", filling: ["count": "\($0)"]), $0) }
    + [(translate("{count} h", filling: ["count": "1"]), 60)]

  /// `clockwork pomodoro`'s phases: 25 min work and 5 min break, 4 rounds, a 15 min long break.
  /// "“5 min” is not a length: …": said of a duration that cannot be read.
  nonisolated static func notALength(_ typed: String) -> String {
    translate("“{typed}” is not a length: try 90s, 5m, 1h 30m or 1:30.", filling: ["typed": typed])
  }

  static let pomodoro = PhaseSequence.pomodoro(
    work: .seconds(25 * 60), rest: .seconds(5 * 60), longBreak: .seconds(15 * 60), rounds: 4)

  init(look: DesktopLook) {
    look.follow { [face] in
      face.highContrastPage = look.highContrast ? (look.dark ? .black : .white) : nil
      gtk_widget_set_size_request(face.view.area, 200, Int32(260 * look.textScale))
    }
    gtk_widget_set_vexpand(face.view.area, 0)
    // Its corners rounded as a card's, by the view: GTK's card (its shadow, its clip) would be
    // drawn again with every frame of the pulse.
    face.view.cornerRadius = 12
    let start = button(tr("Start"), classes: ["pill", "start-action"]) { [unowned self] in
      startTimer()
    }
    gtk_widget_set_halign(start, GTK_ALIGN_CENTER)
    on(duration.entry, "activate") { [unowned self] in startTimer() }
    let fields = box(vertical: false, [duration.box, name.box])
    gtk_box_set_homogeneous(cast(fields), 1)
    for child in [list, presets()] { gtk_box_append(cast(details), child) }
    for child in [fields, start, problem] { gtk_box_append(cast(starting), child) }
    for child in [face.view.area, details, starting] { gtk_box_append(cast(content), child) }
    pad(content, 24)
    refresh(now: Date())
  }

  /// A button for each common length, the pomodoro, and each of the user's presets.
  func presets() -> Widget {
    let grid = made(gtk_flow_box_new())
    gtk_flow_box_set_selection_mode(opaque(grid), GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(opaque(grid), 8)
    gtk_flow_box_set_homogeneous(opaque(grid), 1)
    cw_accessible_label(grid, tr("Start a timer of"))
    func offer(
      _ text: String, _ spoken: String,
      _ request: @escaping @MainActor () -> (String, Timers.Request)
    ) {
      let offered = button(text) { [unowned self] in
        let (name, request) = request()
        start(named: name, request)
      }
      cw_accessible_label(offered, spoken)
      gtk_flow_box_append(opaque(grid), offered)
    }
    for (text, minutes) in Self.lengths {
      offer(text, translate("Start a {length} timer", filling: ["length": text])) {
        [unowned self] in
        (chosenName, .start(.seconds(minutes * 60)))
      }
    }
    offer(tr("Pomodoro"), tr("Start a pomodoro: 4 rounds of 25 min work and 5 min break")) {
      ("pomodoro", .sequence(Self.pomodoro))
    }
    for preset in Presets()?.load().presets ?? [] {
      offer(
        preset.name,
        translate(
          "Start preset {name}, {summary}",
          filling: ["name": preset.name, "summary": preset.summary])
      ) {
        (preset.name, .preset(preset))
      }
    }
    return grid
  }

  /// The name typed, or "timer".
  var chosenName: String {
    let typed = text(of: name.entry)
    return typed.isEmpty ? "timer" : typed
  }

  /// Starts the timer the fields give.
  func startTimer() {
    let given = text(of: duration.entry)
    guard let length = try? DurationParser.parse(given), length > .zero else {
      return setText(problem, Self.notALength(given))
    }
    if start(named: chosenName, .start(length)) {
      gtk_editable_set_text(OpaquePointer(duration.entry), "")
    }
  }

  /// Starts timer `name`, or says why not; whether it started.
  @discardableResult
  func start(named name: String, _ request: Timers.Request) -> Bool {
    guard TimerStore.validName(name) else {
      setText(problem, tr("A name is letters, digits, - _ and . (at most 64)."))
      return false
    }
    defer { refresh(now: Date()) }
    do {
      // Said once: whether anything may wake the machine for it.
      setText(problem, try timers.startUnshown(name, request) ?? "")
      gtk_editable_set_text(OpaquePointer(self.name.entry), "")  // the next is another timer
      return true
    } catch {
      say(error, name: name)
      return false
    }
  }

  /// Changes timer `name` as its row's button asks.
  func change(_ name: String, _ change: Timers.Change) {
    do {
      try timers.change(name, change)
      setText(problem, "")
    } catch {
      say(error, name: name)
    }
    refresh(now: Date())
  }

  func say(_ error: AlertsError, name: String) {
    switch error {
    case .timerRunning(_, let left, let paused):
      let time = CountdownFormat.string(.milliseconds(Int64(left * 1000)))
      setText(
        problem,
        paused
          ? translate(
            "A timer named {name} is paused ({time} left): give this one another name.",
            filling: ["name": name, "time": time])
          : translate(
            "A timer named {name} is running ({time} left): give this one another name.",
            filling: ["name": name, "time": time])
      )
    case .timerFinished:
      setText(
        problem,
        translate("Timer {name} has finished: Restart starts it again.", filling: ["name": name]))
    case .tooLittleLeft:
      setText(
        problem,
        translate("Timer {name} has too little left to take that away.", filling: ["name": name]))
    case .noSuchTimer:
      setText(
        problem, translate("Timer {name} is gone (cancelled elsewhere).", filling: ["name": name]))
    default:
      setText(
        problem,
        translate(
          "Timer {name} could not be changed: {problem}.",
          filling: ["name": name, "problem": "\(error)"]))
    }
  }

  /// A timer's row as shown: its text and its Pause button change in place, so that the
  /// button a keyboard or screen reader is on stays while the time counts down.
  struct Row {
    var name: String
    var text: Widget
    var pause: Widget
    /// +1 min.
    var more: Widget
  }
  var rows: [Row] = []

  /// The timers as they are at `now`; the ring shows the first. Returns when a running
  /// timer's shown second next changes.
  @discardableResult
  func refresh(now: Date) -> Duration? {
    // Running, paused, or counting on past the end (overtime).
    let running = timers.list(now: now).timers.filter {
      !$0.isFinished(atWall: now) || $0.overtime(atWall: now) != nil
    }
    if running.map(\.name) != rows.map(\.name) {
      removeChildren(of: list) { gtk_list_box_remove(opaque(list), $0) }
      rows = running.map(row)
    }
    gtk_widget_set_visible(list, rows.isEmpty ? 0 : 1)
    gtk_widget_set_visible(face.view.area, rows.isEmpty ? 0 : 1)
    gtk_widget_set_visible(starting, compact && !rows.isEmpty ? 0 : 1)
    face.show(running.first, now: now)
    for (timer, row) in zip(running, rows) {
      if let over = timer.overtime(atWall: now) {
        let shown = CountdownFormat.over(.seconds(over))
        inscribe(
          row.text,
          translate("{name}, {time} since its end", filling: ["name": timer.name, "time": shown]),
          naming: true)
        for control in [row.pause, row.more] { gtk_widget_set_sensitive(control, 0) }
        if timer.name == running.first?.name {
          cw_accessible_description(
            face.view.area,
            translate(
              "{name}, {time} past its end",
              filling: ["name": timer.name, "time": spoken(seconds: over)]))
        }
        continue
      }
      for control in [row.pause, row.more] { gtk_widget_set_sensitive(control, 1) }
      let left = timer.remaining(atWall: now)
      let paused = timer.endsAt == nil
      let phase = timer.phaseLabel.map { " (\($0))" } ?? ""
      let shown: KeyValuePairs = [
        "name": timer.name + phase,
        "time": CountdownFormat.string(.milliseconds(Int64(left * 1000))),
      ]
      inscribe(
        row.text,
        paused
          ? translate("{name}, {time} left, paused", filling: shown)
          : translate("{name}, {time} left", filling: shown),
        naming: true)
      gtk_button_set_label(cast(row.pause), paused ? tr("Resume") : tr("Pause"))
      cw_accessible_label(
        row.pause,
        paused
          ? translate("Resume timer {name}", filling: ["name": timer.name])
          : translate("Pause timer {name}", filling: ["name": timer.name]))
      if timer.name == running.first?.name {
        let spokenLeft: KeyValuePairs = ["name": timer.name, "time": spoken(seconds: left)]
        cw_accessible_description(
          face.view.area,
          paused
            ? translate("{name}, {time} left, paused", filling: spokenLeft)
            : translate("{name}, {time} left", filling: spokenLeft))
      }
    }
    let fractions = running.filter { $0.endsAt != nil }.map {
      let over = $0.overtime(atWall: now).map { 1 - $0.truncatingRemainder(dividingBy: 1) }
      return over ?? $0.remaining(atWall: now).truncatingRemainder(dividingBy: 1)
    }
    return fractions.min().map { .milliseconds(Int64($0 * 1000) + 1) }
  }

  /// A row for `timer`: its time, and its buttons.
  func row(_ timer: StoredTimer) -> Row {
    let name = timer.name
    // Its time changes each second: an inscription, named as it reads.
    let text = inscription(chars: 12, natural: 30, lines: 2, centred: false, classes: ["numeric"])
    gtk_widget_set_hexpand(text, 1)
    let pause = button(tr("Pause")) { [unowned self] in change(name, .toggle) }
    let more = button(tr("+1 min")) { [unowned self] in change(name, .add(.seconds(60))) }
    cw_accessible_label(more, translate("Add a minute to timer {name}", filling: ["name": name]))
    let restart = button(tr("Restart")) { [unowned self] in change(name, .restart) }
    cw_accessible_label(restart, translate("Restart timer {name}", filling: ["name": name]))
    let cancel = button(tr("Cancel")) { [unowned self] in
      _ = try? timers.cancel(name)
      refresh(now: Date())
    }
    cw_accessible_label(cancel, translate("Cancel timer {name}", filling: ["name": name]))
    let row = box(vertical: false, spacing: 6, [text, pause, more, restart, cancel])
    pad(row, 8)
    gtk_list_box_append(opaque(list), row)
    return Row(name: name, text: text, pause: pause, more: more)
  }
}
