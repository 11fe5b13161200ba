// What Swift cannot call in GTK directly: its signal macro, its variadic accessibility calls.
#pragma once
#include <gtk/gtk.h>

// Calls handler(data) when `instance` emits `signal` (any signal whose arguments are the
// instance and user data: clicked, activate, notify); release(data) once the instance is gone.
void cw_connect(
  gpointer instance, const char *signal, void (*handler)(void *data), void *data,
  void (*release)(void *data));

// The name a screen reader says for `widget`.
void cw_accessible_label(GtkWidget *widget, const char *label);

// The text a screen reader reads for a widget that shows a value (a face's time in words).
void cw_accessible_description(GtkWidget *widget, const char *description);

// Calls handler(data, argc, argv) with the arguments of each launch (this one's, or a second
// launch's, forwarded by GApplication to this first instance); its result is that launch's
// exit status.
void cw_on_command_line(
  GApplication *application, int (*handler)(void *data, int argc, char **argv), void *data);

// Asks the window manager to keep `window` above the others, or no longer (EWMH's
// _NET_WM_STATE_ABOVE): a request to the manager once the window is shown, its initial state
// before. FALSE where the display is not X11's (Wayland lets only the person do it, from the
// window's menu).
gboolean cw_keep_above(GtkWindow *window, gboolean above);

// Whether `widget` is on an X11 display (where an app may keep its window on top).
gboolean cw_on_x11(GtkWidget *widget);

// Whether the desktop lets things move (GTK's gtk-enable-animations; off for reduced motion).
gboolean cw_animations_enabled(void);

// An action of the application named `app.NAME`, run by `accel` (GTK's syntax, e.g.
// "<Control>q"; NULL for none): handler(data) when activated, release(data) with the app.
void cw_add_action(
  GtkApplication *application, const char *name, const char *accel, void (*handler)(void *data),
  void *data, void (*release)(void *data));

// How much larger than GTK's default the desktop asks text to be (gtk-xft-dpi over 96 dpi;
// GNOME's "Large Text" is 1.25); 1 where it does not say.
double cw_text_scale(void);

// Asks where to save, in the desktop's own file chooser (a portal's where there is one):
// `title`, `accept` on its button, `name` offered; chosen(data, path) with the path picked, or
// NULL when the person cancelled; then release(data).
void cw_choose_save_path(
  GtkWindow *parent, const char *title, const char *accept, const char *name,
  void (*chosen)(void *data, const char *path), void *data, void (*release)(void *data));
