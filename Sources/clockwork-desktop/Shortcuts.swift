import CAdwaita
import CDesktop
import ClockworkCore

/// The app's keyboard shortcuts: each page, a new timer or alarm, quit, and the window that
/// lists them (Ctrl+?), as GNOME apps list theirs.
@MainActor enum Shortcuts {
  /// Each shortcut: the action's name, its accelerator, and what the list calls it.
  static let pages: [(DesktopOptions.Page, accel: String, title: String)] = [
    (.world, "<Alt>1", tr("World")), (.alarms, "<Alt>2", tr("Alarms")),
    (.stopwatch, "<Alt>3", tr("Stopwatch")), (.timer, "<Alt>4", tr("Timer")),
  ]

  /// Adds the actions to `app` and their accelerators.
  static func install(in app: DesktopApp) {
    for (page, accel, _) in pages {
      add(app, "page-\(page.rawValue)", accel) { app.show(page) }
    }
    add(app, "new-timer", "<Control>n") { app.newTimer() }
    add(app, "new-alarm", "<Control><Shift>n") { app.newAlarm() }
    add(app, "shortcuts", "<Control>question") { app.showShortcuts() }
    add(app, "on-top", "<Control>t") { app.flip(app.onTop) }
    add(app, "compact", "<Control>m") { app.flip(app.compact) }
    add(app, "quit", "<Control>q") {
      g_application_quit(
        UnsafeMutableRawPointer(app.application).assumingMemoryBound(to: GApplication.self))
    }
  }

  static func add(
    _ app: DesktopApp, _ name: String, _ accel: String, _ run: @escaping @MainActor () -> Void
  ) {
    cw_add_action(
      UnsafeMutableRawPointer(app.application).assumingMemoryBound(to: GtkApplication.self),
      name, accel, runAction, retained(run), releaseAction)
  }

  /// The list, as GtkShortcutsWindow shows it.
  static var interface: String {
    func shortcut(_ title: String, _ accel: String) -> String {
      let escaped = accel.map { $0 == "<" ? "&lt;" : $0 == ">" ? "&gt;" : String($0) }.joined()
      return """
        <child><object class="GtkShortcutsShortcut"><property name="title">\(title)</property>\
        <property name="accelerator">\(escaped)</property></object></child>
        """
    }
    func group(_ title: String, _ shortcuts: [String]) -> String {
      """
      <child><object class="GtkShortcutsGroup"><property name="title">\(title)</property>
      \(shortcuts.joined(separator: "\n"))
      </object></child>
      """
    }
    return """
      <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
      <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>
      \(group(tr("Pages"), pages.map { shortcut($0.title, $0.accel) }))
      \(group(tr("Timers and alarms"), [shortcut(tr("New timer"), "<Control>n"), shortcut(tr("New alarm"), "<Control><Shift>n")]))
      \(group(tr("General"), [shortcut(tr("Keyboard shortcuts"), "<Control>question"), shortcut(tr("Always on top"), "<Control>t"), shortcut(tr("Compact"), "<Control>m"), shortcut(tr("Quit"), "<Control>q")]))
      </object></child></object></interface>
      """
  }
}
