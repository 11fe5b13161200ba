#include "CDesktop.h"

#ifdef GDK_WINDOWING_X11
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <gdk/x11/gdkx.h>
#endif

void cw_connect(
  gpointer instance, const char *signal, void (*handler)(void *data), void *data,
  void (*release)(void *data)) {
  g_signal_connect_data(
    instance, signal, G_CALLBACK(handler), data, (GClosureNotify)(void (*)(void))release,
    G_CONNECT_SWAPPED);
}

void cw_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void cw_accessible_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(
    GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

typedef struct {
  int (*handler)(void *data, int argc, char **argv);
  void *data;
} CommandLineHandler;

static int cw_command_line(GApplication *application, GApplicationCommandLine *line, gpointer data) {
  (void)application;
  CommandLineHandler *handler = data;
  int argc = 0;
  char **argv = g_application_command_line_get_arguments(line, &argc);
  int status = handler->handler(handler->data, argc, argv);
  g_strfreev(argv);
  return status;
}

void cw_on_command_line(
  GApplication *application, int (*handler)(void *data, int argc, char **argv), void *data) {
  CommandLineHandler *kept = g_new(CommandLineHandler, 1);
  kept->handler = handler;
  kept->data = data;
  g_signal_connect_data(
    application, "command-line", G_CALLBACK(cw_command_line), kept, (GClosureNotify)g_free, 0);
}

gboolean cw_keep_above(GtkWindow *window, gboolean above) {
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(window));
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
  if (!GDK_IS_X11_DISPLAY(display) || surface == NULL) return FALSE;
  Display *x = gdk_x11_display_get_xdisplay(display);
  Window xid = gdk_x11_surface_get_xid(surface);
  Atom state = XInternAtom(x, "_NET_WM_STATE", False);
  Atom keepAbove = XInternAtom(x, "_NET_WM_STATE_ABOVE", False);
  if (!gdk_surface_get_mapped(surface)) {
    // Not shown yet: the manager reads the state from the window as it maps it.
    if (above) {
      XChangeProperty(x, xid, state, XA_ATOM, 32, PropModeReplace, (unsigned char *)&keepAbove, 1);
    } else {
      XDeleteProperty(x, xid, state);
    }
  } else {
    XEvent event = {0};
    event.xclient.type = ClientMessage;
    event.xclient.window = xid;
    event.xclient.message_type = state;
    event.xclient.format = 32;
    event.xclient.data.l[0] = above ? 1 : 0;  // _NET_WM_STATE_ADD, _NET_WM_STATE_REMOVE
    event.xclient.data.l[1] = (long)keepAbove;
    event.xclient.data.l[3] = 1;  // asked by an application
    XSendEvent(x, DefaultRootWindow(x), False, SubstructureRedirectMask | SubstructureNotifyMask,
               &event);
  }
  XFlush(x);
  return TRUE;
#else
  (void)window;
  (void)above;
  return FALSE;
#endif
}

gboolean cw_on_x11(GtkWidget *widget) {
#ifdef GDK_WINDOWING_X11
  return GDK_IS_X11_DISPLAY(gtk_widget_get_display(widget));
#else
  (void)widget;
  return FALSE;
#endif
}

gboolean cw_animations_enabled(void) {
  gboolean enabled = TRUE;
  GtkSettings *settings = gtk_settings_get_default();
  if (settings != NULL) g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

void cw_add_action(
  GtkApplication *application, const char *name, const char *accel, void (*handler)(void *data),
  void *data, void (*release)(void *data)) {
  GSimpleAction *action = g_simple_action_new(name, NULL);
  cw_connect(action, "activate", handler, data, release);
  g_action_map_add_action(G_ACTION_MAP(application), G_ACTION(action));
  g_object_unref(action);
  if (accel == NULL) return;
  char detailed[128];
  g_snprintf(detailed, sizeof detailed, "app.%s", name);
  const char *accels[] = {accel, NULL};
  gtk_application_set_accels_for_action(application, detailed, accels);
}

double cw_text_scale(void) {
  int dpi = -1;
  GtkSettings *settings = gtk_settings_get_default();
  if (settings != NULL) g_object_get(settings, "gtk-xft-dpi", &dpi, NULL);
  return dpi > 0 ? dpi / (96.0 * 1024.0) : 1.0;
}

typedef struct {
  void (*chosen)(void *data, const char *path);
  void *data;
  void (*release)(void *data);
} SaveRequest;

static void cw_save_response(GtkNativeDialog *dialog, int response, gpointer user_data) {
  SaveRequest *request = user_data;
  char *path = NULL;
  if (response == GTK_RESPONSE_ACCEPT) {
    GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(dialog));
    if (file != NULL) {
      path = g_file_get_path(file);
      g_object_unref(file);
    }
  }
  request->chosen(request->data, path);
  g_free(path);
  request->release(request->data);
  g_free(request);
  g_object_unref(dialog);
}

void cw_choose_save_path(
  GtkWindow *parent, const char *title, const char *accept, const char *name,
  void (*chosen)(void *data, const char *path), void *data, void (*release)(void *data)) {
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, accept, NULL);
  gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(dialog), TRUE);
  gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(dialog), name);
  SaveRequest *request = g_new(SaveRequest, 1);
  *request = (SaveRequest){chosen, data, release};
  g_signal_connect(dialog, "response", G_CALLBACK(cw_save_response), request);
  gtk_native_dialog_show(GTK_NATIVE_DIALOG(dialog));
}
