import CAdwaita
import CDesktop
import ClockworkCore

/// A GTK widget, as GTK's constructors return it.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A widget GTK made (its constructors abort rather than return nothing).
func made(_ widget: Widget?) -> Widget {
  guard let widget else { fatalError("GTK returned no widget") }
  return widget
}

/// A widget as one of GTK's derivable types (a struct Swift sees: GtkBox, GtkButton…).
func cast<T>(_ widget: Widget) -> UnsafeMutablePointer<T> {
  UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

/// A widget as one of GTK's final types (a pointer Swift cannot see into: GtkLabel…).
func opaque(_ widget: Widget) -> OpaquePointer { OpaquePointer(widget) }

/// What a signal or a timeout runs: held by GTK, let go with the signal's widget or when the
/// timeout has run.
@MainActor final class Action {
  let run: @MainActor () -> Void
  init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}

/// What GTK calls for a signal's or an action's every emission: runs the ``Action`` in `data`.
let runAction: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
  let action = Unmanaged<Action>.fromOpaque(data.unsafelyUnwrapped)
  MainActor.assumeIsolated { action.takeUnretainedValue().run() }
}

/// What GTK calls once the signal's widget or the action is gone: lets the ``Action`` go.
let releaseAction: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
  Unmanaged<Action>.fromOpaque(data.unsafelyUnwrapped).release()
}

/// `run` as an ``Action`` kept for GTK until ``releaseAction``.
@MainActor func retained(_ run: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(Action(run)).toOpaque()
}

/// Runs `run` on the main loop each time `instance` emits `signal`, for as long as it lives.
@MainActor func on(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ run: @escaping @MainActor () -> Void
) {
  cw_connect(instance, signal, runAction, retained(run), releaseAction)
}

/// Runs `run` once, `milliseconds` from now, on the main loop.
@MainActor func after(milliseconds: UInt32, _ run: @escaping @MainActor () -> Void) {
  let action = Unmanaged.passRetained(Action(run)).toOpaque()
  g_timeout_add_full(
    G_PRIORITY_DEFAULT, milliseconds,
    { data in
      MainActor.assumeIsolated {
        let action = Unmanaged<Action>.fromOpaque(data.unsafelyUnwrapped).takeRetainedValue()
        action.run()
      }
      return 0  // G_SOURCE_REMOVE
    }, action, nil)
}

/// A label of `text`, its CSS classes `classes`.
@MainActor func label(_ text: String, classes: [String] = [], wraps: Bool = false) -> Widget {
  let widget = made(gtk_label_new(text))
  for name in classes { gtk_widget_add_css_class(widget, name) }
  if wraps { gtk_label_set_wrap(opaque(widget), 1) }
  return widget
}

/// A push button whose label is its accessible name; `run` on a click.
@MainActor func button(
  _ text: String, classes: [String] = [], _ run: (@MainActor () -> Void)? = nil
) -> Widget {
  let widget = made(gtk_button_new_with_label(text))
  for name in classes { gtk_widget_add_css_class(widget, name) }
  if let run { on(widget, "clicked", run) }
  return widget
}

/// A button showing the icon `icon` (its tooltip and accessible name `name`); `run` on a click.
@MainActor func iconButton(
  _ icon: String, named name: String, _ run: @escaping @MainActor () -> Void
)
  -> Widget
{
  let widget = made(gtk_button_new_from_icon_name(icon))
  gtk_widget_set_tooltip_text(widget, name)
  cw_accessible_label(widget, name)
  gtk_widget_add_css_class(widget, "flat")
  on(widget, "clicked", run)
  return widget
}

/// A box of `children`, laid out `vertical` or in a row, `spacing` apart.
@MainActor func box(vertical: Bool, spacing: Int32 = 12, _ children: [Widget]) -> Widget {
  let widget = made(
    gtk_box_new(
      vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
  for child in children { gtk_box_append(cast(widget), child) }
  return widget
}

/// Sets a label's text; an empty label is hidden (a screen reader would find a nameless one).
@MainActor func setText(_ widget: Widget, _ text: String) {
  gtk_label_set_text(opaque(widget), text)
  gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1)
}

/// Text that changes often, in a space at least `chars` characters wide (ideally `natural`),
/// `lines` lines tall, centred or from the start: a new text is drawn again without laying the
/// window out again, as a label's would be. What does not fit ends in "…".
@MainActor func inscription(
  chars: Int, natural: Int? = nil, lines: UInt32 = 1, centred: Bool = true,
  classes: [String] = []
) -> Widget {
  let widget = made(gtk_inscription_new(nil))
  for name in classes { gtk_widget_add_css_class(widget, name) }
  gtk_inscription_set_min_chars(opaque(widget), UInt32(chars))
  gtk_inscription_set_nat_chars(opaque(widget), UInt32(natural ?? chars))
  gtk_inscription_set_nat_lines(opaque(widget), lines)
  gtk_inscription_set_wrap_mode(opaque(widget), PANGO_WRAP_WORD_CHAR)
  gtk_inscription_set_text_overflow(opaque(widget), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
  gtk_inscription_set_xalign(opaque(widget), centred ? 0.5 : 0)
  return widget
}

/// Sets an inscription's text, and with `naming` its name for a screen reader too (GTK 4.8
/// gives it none; text that changes more than once a second is named by its caller, once a
/// second); an empty one is hidden.
@MainActor func inscribe(_ widget: Widget, _ text: String, naming: Bool = false) {
  gtk_inscription_set_text(opaque(widget), text)
  if naming { cw_accessible_label(widget, text) }
  gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1)
}

/// Margins of `points` on every side.
@MainActor func pad(_ widget: Widget, _ points: Int32) {
  gtk_widget_set_margin_top(widget, points)
  gtk_widget_set_margin_bottom(widget, points)
  gtk_widget_set_margin_start(widget, points)
  gtk_widget_set_margin_end(widget, points)
}

/// A text field with a visible label above it, which names it for a screen reader too.
@MainActor func field(_ name: String, placeholder: String) -> (box: Widget, entry: Widget) {
  let entry = made(gtk_entry_new())
  gtk_entry_set_placeholder_text(cast(entry), placeholder)
  let title = label(name, classes: ["heading"])
  gtk_label_set_xalign(opaque(title), 0)
  gtk_label_set_mnemonic_widget(opaque(title), entry)
  return (box(vertical: true, spacing: 6, [title, entry]), entry)
}

/// A list of rows, boxed as libadwaita's lists are, named `name` for a screen reader.
@MainActor func boxedList(named name: String) -> Widget {
  let list = made(gtk_list_box_new())
  gtk_widget_add_css_class(list, "boxed-list")
  gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
  cw_accessible_label(list, name)
  return list
}

/// The text of an entry.
@MainActor func text(of entry: Widget) -> String {
  String(cString: gtk_editable_get_text(OpaquePointer(entry)))
}

/// Removes every child of a box or list.
@MainActor func removeChildren(of container: Widget, remove: (Widget) -> Void) {
  while let child = gtk_widget_get_first_child(container) { remove(child) }
}

/// `child` in a scrolled window, scrolled up and down only.
@MainActor func scrolled(_ child: Widget) -> Widget {
  let scroller = made(gtk_scrolled_window_new())
  gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
  gtk_scrolled_window_set_child(opaque(scroller), child)
  gtk_widget_set_vexpand(scroller, 1)
  return scroller
}

/// "4 minutes 12 seconds": a length as a screen reader says it (whole seconds, rounded up).
func spoken(seconds: Double) -> String { SpokenTime.words(.seconds(seconds)) }
