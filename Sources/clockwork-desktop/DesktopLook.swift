import CAdwaita
import CDesktop

/// What the desktop asks of the app's look, followed as it changes: light or dark, high
/// contrast (GNOME's accessibility setting, read by libadwaita), and how much larger text is
/// (GTK's gtk-xft-dpi: GNOME's "Large Text"). GTK's own widgets follow these by themselves;
/// the faces we draw follow them through ``follow(_:)``.
@MainActor final class DesktopLook {
  private(set) var dark = false
  private(set) var highContrast = false
  private(set) var textScale = 1.0
  /// Run after any of them changes.
  private var changed: [@MainActor () -> Void] = []

  init() {
    read()
    if let manager = adw_style_manager_get_default() {
      for property in ["notify::dark", "notify::high-contrast"] {
        on(UnsafeMutableRawPointer(manager), property) { [unowned self] in update() }
      }
    }
    if let settings = gtk_settings_get_default() {
      on(UnsafeMutableRawPointer(settings), "notify::gtk-xft-dpi") { [unowned self] in update() }
    }
  }

  /// Runs `action` now and each time the look changes.
  func follow(_ action: @escaping @MainActor () -> Void) {
    changed.append(action)
    action()
  }

  private func read() {
    let manager = adw_style_manager_get_default()
    dark = adw_style_manager_get_dark(manager) != 0
    highContrast = adw_style_manager_get_high_contrast(manager) != 0
    textScale = min(max(cw_text_scale(), 1), 3)
  }

  private func update() {
    read()
    for action in changed { action() }
  }
}
