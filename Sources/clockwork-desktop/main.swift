import CAdwaita
import CDesktop
import ClockworkCore
import ClockworkModes
import FoundationEssentials
import Glibc

/// `clockwork-desktop`: the desktop app. World, Alarms, Stopwatch and Timer, on the same state
/// as the command line; one instance (a second launch shows the first's window).
@MainActor final class DesktopApp {
  static let id = "io.github.clockwork.Clockwork"
  let application: UnsafeMutablePointer<AdwApplication>
  var window: Widget?
  var stack: Widget?
  /// "Always on top": a toggle in the header bar.
  var onTop: Widget?
  /// "Compact": a toggle in the header bar.
  var compact: Widget?
  /// A problem the person should know of, above the pages until they close it (made once GTK
  /// is started).
  lazy var problem = label("", classes: ["error"], wraps: true)
  lazy var problemBar: Widget = {
    let close = button(tr("Close")) { [unowned self] in
      gtk_widget_set_visible(problemBar, 0)
    }
    cw_accessible_label(close, tr("Close the message"))
    gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(problem, 1)
    gtk_label_set_xalign(opaque(problem), 0)
    let bar = box(vertical: false, [problem, close])
    pad(bar, 12)
    gtk_widget_set_visible(bar, 0)
    return bar
  }()
  /// The window's size when not compact: its first, or the one it had before it was made compact.
  var fullSize: (width: Int32, height: Int32) = (640, 720)
  /// Light or dark, high contrast, large text: as the desktop asks.
  var look: DesktopLook?
  /// The pages, once the window is made.
  var pages: (world: WorldPage, alarms: AlarmsPage, stopwatch: StopwatchPage, timer: TimerPage)?

  init() {
    // The WM class the desktop entry names (StartupWMClass), and the window's icon.
    g_set_prgname(Self.id)
    g_set_application_name("Clockwork")
    application = adw_application_new(Self.id, G_APPLICATION_HANDLES_COMMAND_LINE)
    on(application, "activate") { [unowned self] in activate() }
    cw_on_command_line(
      UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
      { data, argc, argv in
        MainActor.assumeIsolated {
          let app = Unmanaged<DesktopApp>.fromOpaque(data.unsafelyUnwrapped).takeUnretainedValue()
          let arguments = (1..<Int(argc)).compactMap { argv?[$0].map { String(cString: $0) } }
          return app.launched(with: arguments)
        }
      }, Unmanaged.passUnretained(self).toOpaque())
    Shortcuts.install(in: self)
  }

  /// Shows `page`.
  func show(_ page: DesktopOptions.Page) {
    activate()
    if let stack { adw_view_stack_set_visible_child_name(opaque(stack), page.rawValue) }
  }

  /// The Timer page, its Duration field ready for typing.
  func newTimer() {
    show(.timer)
    if let pages { gtk_widget_grab_focus(pages.timer.duration.entry) }
  }

  /// The Alarms page, its time field ready for typing.
  func newAlarm() {
    show(.alarms)
    if let pages { gtk_widget_grab_focus(pages.alarms.time.entry) }
  }

  /// The window that lists the keyboard shortcuts.
  func showShortcuts() {
    guard let builder = gtk_builder_new_from_string(Shortcuts.interface, -1),
      let shortcuts = gtk_builder_get_object(builder, "shortcuts")
    else { return }
    let list = UnsafeMutableRawPointer(shortcuts).assumingMemoryBound(to: GtkWindow.self)
    if let window { gtk_window_set_transient_for(list, cast(window)) }
    gtk_window_present(list)
    g_object_unref(UnsafeMutableRawPointer(builder))
  }

  /// A launch, this one or a later one's (checked already where it was typed): shows the window
  /// on the page it names, and starts the timer it gives; 1 when that timer could not start.
  func launched(with arguments: [String]) -> Int32 {
    guard let options = try? DesktopOptions.parse(arguments) else { return 64 }
    activate()
    guard let pages else { return 1 }
    // A timer that could not start is said on its page, and to the launch (exit 1).
    var refused = false
    if let length = options.length {
      refused = !pages.timer.start(named: options.name ?? "timer", .start(length))
    }
    if options.pomodoro {
      refused = !pages.timer.start(named: "pomodoro", .sequence(TimerPage.pomodoro))
    }
    let started = options.length != nil || options.pomodoro
    if let page = options.page ?? (started ? .timer : nil) { show(page) }
    return refused ? 1 : 0
  }

  /// The design's Start: green, as Stop is red (white on it at 5.1:1).
  static let css = ".start-action { background: #1a7f37; color: white; }"

  func activate() {
    if let window { return gtk_window_present(cast(window)) }
    gtk_window_set_default_icon_name(Self.id)
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, Self.css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(provider),
      UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    let window = made(
      adw_application_window_new(
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)))
    self.window = window
    gtk_window_set_title(cast(window), "Clockwork")
    gtk_window_set_default_size(cast(window), fullSize.width, fullSize.height)
    var settings = Settings()
    var unread: String?
    do { settings = try Settings.load() } catch { unread = "\(error); using the defaults" }
    let look = DesktopLook()
    self.look = look
    let (world, alarms, stopwatch, timer) = (
      WorldPage(settings: settings, look: look), AlarmsPage(), StopwatchPage(),
      TimerPage(look: look)
    )
    pages = (world, alarms, stopwatch, timer)
    let stack = made(adw_view_stack_new())
    self.stack = stack
    for (page, name, title, icon) in [
      (world.root, DesktopOptions.Page.world, tr("World"), "find-location-symbolic"),
      (alarms.root, .alarms, tr("Alarms"), "alarm-symbolic"),
      (stopwatch.root, .stopwatch, tr("Stopwatch"), "preferences-system-time-symbolic"),
      (timer.root, .timer, tr("Timer"), "appointment-soon-symbolic"),
    ] {
      cw_accessible_label(page, title)
      let added = adw_view_stack_add_titled(opaque(stack), page, name.rawValue, title)
      adw_view_stack_page_set_icon_name(added, icon)
    }
    let switcher = made(adw_view_switcher_title_new())
    adw_view_switcher_title_set_stack(opaque(switcher), opaque(stack))
    adw_view_switcher_title_set_title(opaque(switcher), "Clockwork")
    let header = made(adw_header_bar_new())
    adw_header_bar_set_title_widget(opaque(header), switcher)
    let keys = made(gtk_button_new_from_icon_name("input-keyboard-symbolic"))
    cw_accessible_label(keys, tr("Keyboard shortcuts"))
    gtk_widget_set_tooltip_text(keys, tr("Keyboard shortcuts (Ctrl+?)"))
    gtk_actionable_set_action_name(OpaquePointer(keys), "app.shortcuts")
    adw_header_bar_pack_end(opaque(header), keys)
    let onTop = made(gtk_toggle_button_new())
    self.onTop = onTop
    gtk_button_set_icon_name(cast(onTop), "view-pin-symbolic")
    cw_accessible_label(onTop, tr("Always on top"))
    adw_header_bar_pack_end(opaque(header), onTop)
    let compact = made(gtk_toggle_button_new())
    self.compact = compact
    gtk_button_set_icon_name(cast(compact), "view-restore-symbolic")
    cw_accessible_label(compact, tr("Compact"))
    gtk_widget_set_tooltip_text(compact, tr("Compact: the faces only (Ctrl+M)"))
    adw_header_bar_pack_end(opaque(header), compact)
    // Where the header is too narrow for the page tabs (its buttons, a compact window), they
    // are at the foot of the window instead: shown once the layout that hid them is done (within
    // it, with animations off, GTK allocates the bar a height of -1).
    let foot = made(adw_view_switcher_bar_new())
    adw_view_switcher_bar_set_stack(opaque(foot), opaque(stack))
    let placeTabs: @MainActor () -> Void = {
      after(milliseconds: 0) {
        let hidden = adw_view_switcher_title_get_title_visible(opaque(switcher))
        adw_view_switcher_bar_set_reveal(opaque(foot), hidden)
      }
    }
    on(switcher, "notify::title-visible", placeTabs)
    placeTabs()
    let content = box(vertical: true, spacing: 0, [header, problemBar, stack, foot])
    gtk_widget_set_vexpand(stack, 1)
    adw_application_window_set_content(cast(window), content)
    if settings.compact == true {
      gtk_toggle_button_set_active(cast(compact), 1)
      makeCompact(true, saving: false)
    }
    on(compact, "toggled") { [unowned self] in
      makeCompact(gtk_toggle_button_get_active(cast(compact)) != 0, saving: true)
    }
    gtk_window_present(cast(window))
    if let unread { complain(unread) }
    if cw_on_x11(window) != 0 {
      gtk_widget_set_tooltip_text(onTop, tr("Always on top (Ctrl+T)"))
      if settings.onTop == true {
        gtk_toggle_button_set_active(cast(onTop), 1)
        keepAbove(true, saving: false)
      }
      on(onTop, "toggled") { [unowned self] in
        keepAbove(gtk_toggle_button_get_active(cast(onTop)) != 0, saving: true)
      }
    } else {
      // Wayland lets an app ask for no such thing; the person can, from the window's menu.
      gtk_widget_set_sensitive(onTop, 0)
      gtk_widget_set_tooltip_text(
        onTop, tr("To keep this window on top, choose Always on Top in its menu (Alt+Space)"))
    }
    tick()
  }

  /// Keeps the window above the others or not, and (when the person chose it) says so in the
  /// settings, where `--window` reads it too.
  func keepAbove(_ above: Bool, saving: Bool) {
    guard let window else { return }
    _ = cw_keep_above(cast(window), above ? 1 : 0)
    guard saving else { return }
    save(.onTop, above)
  }

  /// Shows only the pages' faces (and the stopwatch's buttons, the alarms' list) in a small
  /// window, or everything again at the size it had; (when the person chose it) says so in the
  /// settings.
  func makeCompact(_ on: Bool, saving: Bool) {
    guard let window, let pages else { return }
    pages.world.compact = on
    pages.alarms.compact = on
    pages.stopwatch.compact = on
    pages.timer.compact = on
    // The pages that scroll ask for their whole height while compact: the window fits them.
    for scroller in [pages.world.root, pages.timer.root] {
      gtk_scrolled_window_set_propagate_natural_height(opaque(scroller), on ? 1 : 0)
    }
    if on {
      var size: (width: Int32, height: Int32) = (0, 0)
      gtk_window_get_default_size(cast(window), &size.width, &size.height)
      if size.width > 0 && size.height > 0 { fullSize = size }
      gtk_window_set_default_size(cast(window), 300, -1)
    } else {
      gtk_window_set_default_size(cast(window), fullSize.width, fullSize.height)
    }
    if saving { save(.compact, on) }
  }

  /// Keeps `choice` in the settings, or says why it could not.
  func save(_ choice: Settings.WindowChoice, _ on: Bool) {
    do { try Settings.save(choice, on) } catch { complain("\(error)") }
  }

  /// Says `problem` above the pages, until the person closes it, and on standard error, for
  /// whoever started the app.
  func complain(_ problem: String) {
    let message = Array("clockwork-desktop: \(problem)\n".utf8)
    _ = write(2, message, message.count)
    setText(self.problem, problem)
    gtk_widget_set_visible(problemBar, 1)
  }

  /// Turns a toggle of the header bar over, as a click does (an insensitive one stays).
  func flip(_ toggle: Widget?) {
    guard let toggle, gtk_widget_get_sensitive(toggle) != 0 else { return }
    let active = gtk_toggle_button_get_active(cast(toggle)) != 0
    gtk_toggle_button_set_active(cast(toggle), active ? 0 : 1)
  }

  /// Each page as it is now, then again at the next second: what another clockwork changed in
  /// the state folder shows within a second. (A running stopwatch moves its time itself.)
  func tick() {
    guard let pages else { return }
    let now = Date()
    if pages.alarms.refresh(now: now, noticing: true) {
      show(.alarms)  // its Snooze and Stop, beside the notification's
    }
    pages.stopwatch.refresh(at: .now)
    let timerSecond = pages.timer.refresh(now: now)
    let nextSecond = min(pages.world.refresh(now: now), timerSecond ?? .seconds(1))
    after(milliseconds: UInt32(max(nextSecond / .milliseconds(1), 1))) { [unowned self] in tick() }
  }

  func run() -> Int32 {
    g_application_run(
      UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
      CommandLine.argc, CommandLine.unsafeArgv)
  }
}

// --help and mistakes are answered here, in the terminal that typed them; what is valid goes to
// the app, this one or the one already running.
_ = DesktopOptions.parseOrExit()
exit(MainActor.assumeIsolated { DesktopApp().run() })
