#include "CGtkWindow.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include "CDynamicCalls.h"

// Every call goes through a pointer dlsym finds in GTK and what it links (GLib, GDK's X11
// backend, Xlib, the shared libcairo): the app's own Cairo is linked in statically, and GTK's
// objects must meet GTK's Cairo alone. GTK's types are opaque here (its headers need its
// pkg-config flags, and nothing of them is used but these calls' ABI).
typedef void GtkWidget, GtkWindow, GtkDrawingArea, GtkEventController, GtkEventControllerKey,
  GtkGesture, GtkGestureClick, GtkGestureSingle, GtkNative, GdkSurface, GdkToplevel, GdkDisplay,
  GdkMonitor, GdkDevice, GdkFrameClock, GMainContext, cairo_t, cairo_surface_t;
typedef int gboolean;
typedef unsigned guint;
typedef uint32_t guint32;
typedef unsigned long gulong;
typedef void *gpointer;
typedef size_t GType;
typedef void (*GCallback)(void);
typedef void (*GClosureNotify)(gpointer, void *);
typedef void (*GDestroyNotify)(gpointer);
typedef void (*GtkDrawingAreaDrawFunc)(GtkDrawingArea *, cairo_t *, int, int, gpointer);
#define TRUE 1
#define FALSE 0
#define G_CALLBACK(f) ((GCallback)(f))
enum { CAIRO_FORMAT_ARGB32 = 0, GDK_CONTROL_MASK = 1 << 2 };
typedef int cairo_format_t;
typedef unsigned GdkModifierType;
/// A GObject's type: its class's first field (GTypeInstance, GTypeClass).
static GType cw_type_of(void *instance) { return **(GType **)instance; }
#define CW_GTK_FUNCTIONS(X) \
  X(gboolean, gtk_init_check, (void), ()) \
  X(GtkWidget *, gtk_window_new, (void), ()) \
  X(GtkWidget *, gtk_drawing_area_new, (void), ()) \
  X(int, gtk_widget_get_scale_factor, (GtkWidget *a), (a)) \
  X(gboolean, gtk_widget_grab_focus, (GtkWidget *a), (a)) \
  X(GtkEventController *, gtk_event_controller_key_new, (void), ()) \
  X(GtkGesture *, gtk_gesture_click_new, (void), ()) \
  X(GdkDevice *, gtk_gesture_get_device, (GtkGesture *a), (a)) \
  X(guint, gtk_gesture_single_get_current_button, (GtkGestureSingle *a), (a)) \
  X(guint32, gtk_event_controller_get_current_event_time, (GtkEventController *a), (a)) \
  X(GtkNative *, gtk_widget_get_native, (GtkWidget *a), (a)) \
  X(GdkFrameClock *, gtk_widget_get_frame_clock, (GtkWidget *a), (a)) \
  X(GdkSurface *, gtk_native_get_surface, (GtkNative *a), (a)) \
  X(GdkDisplay *, gtk_widget_get_display, (GtkWidget *a), (a)) \
  X(GdkMonitor *, gdk_display_get_monitor_at_surface, (GdkDisplay *a, GdkSurface *b), (a, b)) \
  X(int, gdk_monitor_get_refresh_rate, (GdkMonitor *a), (a)) \
  X(guint32, gdk_keyval_to_unicode, (guint a), (a)) \
  X(gulong, g_signal_connect_data, (gpointer a, const char *b, GCallback c, gpointer d, GClosureNotify e, int f), (a, b, c, d, e, f)) \
  X(gboolean, g_main_context_iteration, (GMainContext *a, gboolean b), (a, b)) \
  X(const char *, g_type_name, (GType a), (a)) \
  X(Window, gdk_x11_surface_get_xid, (GdkSurface *a), (a)) \
  X(Display *, gdk_x11_display_get_xdisplay, (GdkDisplay *a), (a)) \
  X(Atom, XInternAtom, (Display *a, const char *b, Bool c), (a, b, c)) \
  X(int, XChangeProperty, (Display *a, Window b, Atom c, Atom d, int e, int f, const unsigned char *g, int h), (a, b, c, d, e, f, g, h)) \
  X(Status, XSendEvent, (Display *a, Window b, Bool c, long d, XEvent *e), (a, b, c, d, e)) \
  X(Window, XDefaultRootWindow, (Display *a), (a)) \
  X(int, XMoveWindow, (Display *a, Window b, int c, int d), (a, b, c, d)) \
  X(Bool, XTranslateCoordinates, (Display *a, Window b, Window c, int d, int e, int *f, int *g, Window *h), (a, b, c, d, e, f, g, h)) \
  X(int, XFlush, (Display *a), (a)) \
  X(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t a, int b, int c), (a, b, c)) \
  X(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *a), (a)) \
  X(int, cairo_image_surface_get_stride, (cairo_surface_t *a), (a))

#define CW_GTK_PROCEDURES(X) \
  X(gtk_window_set_title, (GtkWindow *a, const char *b), (a, b)) \
  X(gtk_window_set_default_size, (GtkWindow *a, int b, int c), (a, b, c)) \
  X(gtk_window_set_decorated, (GtkWindow *a, gboolean b), (a, b)) \
  X(gtk_window_set_child, (GtkWindow *a, GtkWidget *b), (a, b)) \
  X(gtk_window_present, (GtkWindow *a), (a)) \
  X(gtk_window_destroy, (GtkWindow *a), (a)) \
  X(gtk_drawing_area_set_draw_func, (GtkDrawingArea *a, GtkDrawingAreaDrawFunc b, gpointer c, GDestroyNotify d), (a, b, c, d)) \
  X(gtk_widget_queue_draw, (GtkWidget *a), (a)) \
  X(gtk_widget_set_focusable, (GtkWidget *a, gboolean b), (a, b)) \
  X(gtk_widget_add_controller, (GtkWidget *a, GtkEventController *b), (a, b)) \
  X(gtk_gesture_single_set_button, (GtkGestureSingle *a, guint b), (a, b)) \
  X(gdk_toplevel_begin_move, (GdkToplevel *a, GdkDevice *b, int c, double d, double e, guint32 f), (a, b, c, d, e, f)) \
  X(gdk_x11_surface_set_urgency_hint, (GdkSurface *a, gboolean b), (a, b)) \
  X(g_main_context_wakeup, (GMainContext *a), (a)) \
  X(cairo_surface_destroy, (cairo_surface_t *a), (a)) \
  X(cairo_surface_flush, (cairo_surface_t *a), (a)) \
  X(cairo_surface_mark_dirty, (cairo_surface_t *a), (a)) \
  X(cairo_set_source_surface, (cairo_t *a, cairo_surface_t *b, double c, double d), (a, b, c, d)) \
  X(cairo_paint, (cairo_t *a), (a)) \
  X(cairo_scale, (cairo_t *a, double b, double c), (a, b, c))

CW_GTK_FUNCTIONS(CW_FUNCTION_POINTER)
CW_GTK_PROCEDURES(CW_PROCEDURE_POINTER)

const char *cw_gtk_load(void) {
  static const char *failure = "not loaded";
  static int tried = 0;
  if (tried) return failure;
  tried = 1;
  // The window shows a picture already drawn: GTK's Cairo renderer copies it, where its GL
  // renderer would load a GL driver (some 60 MB under Mesa's llvmpipe) to do the same. What the
  // environment says wins.
  setenv("GSK_RENDERER", "cairo", 0);
  setenv("GDK_DEBUG", "gl-disable", 0);
  // With no session bus no screen reader can listen: GTK's accessibility is left off, as it
  // would have GLib start a session bus (dbus-launch) and an accessibility bus for it.
  const char *runtime = getenv("XDG_RUNTIME_DIR");
  char user_bus[4096] = "";
  if (runtime != NULL) snprintf(user_bus, sizeof user_bus, "%s/bus", runtime);
  if (getenv("DBUS_SESSION_BUS_ADDRESS") == NULL && (runtime == NULL || access(user_bus, F_OK) != 0))
    setenv("GTK_A11Y", "none", 0);
  void *library = dlopen("libgtk-4.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return failure = "GTK 4 could not be loaded (Debian's libgtk-4-1 provides it)";
#define CW_LOAD_FUNCTION(type, name, parameters, arguments) \
  if (!CW_FOUND(library, name)) return failure = "GTK 4 lacks " #name;
#define CW_LOAD_PROCEDURE(name, parameters, arguments) CW_LOAD_FUNCTION(void, name, parameters, arguments)
  CW_GTK_FUNCTIONS(CW_LOAD_FUNCTION)
  CW_GTK_PROCEDURES(CW_LOAD_PROCEDURE)
  return failure = NULL;
}

struct cw_window {
  GtkWidget *window, *area;
  cw_window_handler handler;
  void *context;
  int compact, on_top, positioned, x, y;
  pthread_mutex_t lock;  // guards what follows, written by any thread
  uint32_t *pixels;      // the picture shown, width × height
  int width, height;
  int canvas_width, canvas_height, scale;
  double refresh;
  char *title;
  int attention, draw, closing;
  // On the window's thread: a title to show once the frame drawn with it is on screen (as a
  // person, or a test, reads the title as saying the picture is there).
  char *title_after_paint;
  int watching_paints, frame_queued;
};

static void cw_send(cw_window *window, cw_window_event event) { window->handler(window->context, &event); }

static void cw_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
  (void)area, (void)width, (void)height;
  cw_window *window = data;
  // A copy Cairo owns: GTK keeps what is painted here in its render node and reads it after
  // this returns, when the window's own picture may be freed (a resize) or half rewritten.
  pthread_mutex_lock(&window->lock);
  cairo_surface_t *picture =
    window->pixels != NULL ? p_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, window->width, window->height) : NULL;
  if (picture != NULL) {
    p_cairo_surface_flush(picture);
    unsigned char *data = p_cairo_image_surface_get_data(picture);
    int stride = p_cairo_image_surface_get_stride(picture);
    for (int row = 0; data != NULL && row < window->height; row++)
      memcpy(data + (size_t)row * stride, window->pixels + (size_t)row * window->width, (size_t)window->width * 4);
    p_cairo_surface_mark_dirty(picture);
  }
  int scale = window->scale;
  pthread_mutex_unlock(&window->lock);
  if (picture == NULL) return;
  p_cairo_scale(cr, 1.0 / scale, 1.0 / scale);
  p_cairo_set_source_surface(cr, picture, 0, 0);
  p_cairo_paint(cr);
  p_cairo_surface_destroy(picture);
}

/// The drawable's size and scale as GTK has them now; whether they changed.
static int cw_measure(cw_window *window, int width, int height) {
  int scale = p_gtk_widget_get_scale_factor(window->area);
  if (scale < 1) scale = 1;
  double refresh = 60;
  GtkNative *native = p_gtk_widget_get_native(window->area);
  GdkSurface *surface = native ? p_gtk_native_get_surface(native) : NULL;
  GdkMonitor *monitor =
    surface ? p_gdk_display_get_monitor_at_surface(p_gtk_widget_get_display(window->area), surface) : NULL;
  if (monitor != NULL && p_gdk_monitor_get_refresh_rate(monitor) > 0)
    refresh = p_gdk_monitor_get_refresh_rate(monitor) / 1000.0;
  pthread_mutex_lock(&window->lock);
  int changed = window->canvas_width != width * scale || window->canvas_height != height * scale
    || window->scale != scale;
  window->canvas_width = width * scale;
  window->canvas_height = height * scale;
  window->scale = scale;
  window->refresh = refresh;
  pthread_mutex_unlock(&window->lock);
  return changed;
}

static void cw_resized(GtkDrawingArea *area, int width, int height, gpointer data) {
  (void)area;
  if (cw_measure(data, width, height)) cw_send(data, (cw_window_event){.kind = CW_WINDOW_RESIZED});
}

static gboolean cw_key(
  GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
  (void)controller, (void)keycode;
  cw_send(data, (cw_window_event){
    .kind = CW_WINDOW_KEY, .keyval = keyval, .unicode = p_gdk_keyval_to_unicode(keyval),
    .control = (state & GDK_CONTROL_MASK) != 0});
  return TRUE;
}

static void cw_pressed(GtkGestureClick *gesture, int presses, double x, double y, gpointer data) {
  (void)presses;
  cw_window *window = data;
  if (!window->compact) {
    cw_send(window, (cw_window_event){.kind = CW_WINDOW_CLICK, .x = x, .y = y});
    return;
  }
  // A compact window has no title bar: it is moved by dragging anywhere in it.
  GdkSurface *surface = p_gtk_native_get_surface(p_gtk_widget_get_native(window->window));
  p_gdk_toplevel_begin_move(
    (GdkToplevel *)surface, p_gtk_gesture_get_device((GtkGesture *)gesture),
    (int)p_gtk_gesture_single_get_current_button((GtkGestureSingle *)gesture), x, y,
    p_gtk_event_controller_get_current_event_time((GtkEventController *)gesture));
}

static gboolean cw_close_request(GtkWindow *gtk_window, gpointer data) {
  (void)gtk_window;
  cw_send(data, (cw_window_event){.kind = CW_WINDOW_CLOSE});
  return TRUE;  // the app decides, as for q
}

/// The X11 display and window, or 0 elsewhere (Wayland).
static Window cw_x11(cw_window *window, Display **display) {
  GdkDisplay *gdk_display = p_gtk_widget_get_display(window->window);
  if (strcmp(p_g_type_name(cw_type_of(gdk_display)), "GdkX11Display") != 0) return 0;
  GtkNative *native = p_gtk_widget_get_native(window->window);
  GdkSurface *surface = native ? p_gtk_native_get_surface(native) : NULL;
  if (surface == NULL) return 0;
  *display = p_gdk_x11_display_get_xdisplay(gdk_display);
  return p_gdk_x11_surface_get_xid(surface);
}

/// On X11, once mapped: kept above (the EWMH property, and the request a window manager acts
/// on), and put where it was asked.
static void cw_mapped(GtkWidget *widget, gpointer data) {
  (void)widget;
  cw_window *window = data;
  Display *display = NULL;
  Window xid = cw_x11(window, &display);
  if (xid == 0) return;
  if (window->on_top) {
    Atom state = p_XInternAtom(display, "_NET_WM_STATE", False);
    Atom above = p_XInternAtom(display, "_NET_WM_STATE_ABOVE", False);
    p_XChangeProperty(display, xid, state, XA_ATOM, 32, PropModeReplace, (unsigned char *)&above, 1);
    XEvent event = {0};
    event.xclient.type = ClientMessage;
    event.xclient.window = xid;
    event.xclient.message_type = state;
    event.xclient.format = 32;
    event.xclient.data.l[0] = 1;  // _NET_WM_STATE_ADD
    event.xclient.data.l[1] = (long)above;
    event.xclient.data.l[3] = 1;  // from an application
    p_XSendEvent(
      display, p_XDefaultRootWindow(display), False, SubstructureRedirectMask | SubstructureNotifyMask,
      &event);
  }
  if (window->positioned) p_XMoveWindow(display, xid, window->x, window->y);
  p_XFlush(display);
}

cw_window *cw_window_open(
  const char *title, int width, int height, int compact, int on_top, int positioned, int x, int y,
  cw_window_handler handler, void *context, const char **error) {
  if (!p_gtk_init_check()) {
    *error = "the display cannot be opened";
    return NULL;
  }
  cw_window *window = calloc(1, sizeof *window);
  window->handler = handler;
  window->context = context;
  window->compact = compact;
  window->on_top = on_top;
  window->positioned = positioned;
  window->x = x;
  window->y = y;
  window->scale = 1;
  window->refresh = 60;
  window->canvas_width = width;
  window->canvas_height = height;
  pthread_mutex_init(&window->lock, NULL);
  window->window = p_gtk_window_new();
  window->area = p_gtk_drawing_area_new();
  GtkWindow *gtk_window = (GtkWindow *)window->window;
  p_gtk_window_set_title(gtk_window, title);
  p_gtk_window_set_default_size(gtk_window, width, height);
  p_gtk_window_set_decorated(gtk_window, !compact);
  p_gtk_window_set_child(gtk_window, window->area);
  p_gtk_drawing_area_set_draw_func((GtkDrawingArea *)window->area, cw_draw, window, NULL);
  p_gtk_widget_set_focusable(window->area, TRUE);
  GtkEventController *keys = p_gtk_event_controller_key_new();
  p_g_signal_connect_data(keys, "key-pressed", G_CALLBACK(cw_key), window, NULL, 0);
  p_gtk_widget_add_controller(window->area, keys);
  GtkGesture *click = p_gtk_gesture_click_new();
  p_gtk_gesture_single_set_button((GtkGestureSingle *)click, 1);
  p_g_signal_connect_data(click, "pressed", G_CALLBACK(cw_pressed), window, NULL, 0);
  p_gtk_widget_add_controller(window->area, (GtkEventController *)click);
  p_g_signal_connect_data(window->area, "resize", G_CALLBACK(cw_resized), window, NULL, 0);
  p_g_signal_connect_data(window->window, "close-request", G_CALLBACK(cw_close_request), window, NULL, 0);
  p_g_signal_connect_data(window->window, "map", G_CALLBACK(cw_mapped), window, NULL, 0);
  p_gtk_window_present(gtk_window);
  p_gtk_widget_grab_focus(window->area);
  return window;
}

void cw_window_canvas(cw_window *window, int *width, int *height, int *scale, double *refresh) {
  pthread_mutex_lock(&window->lock);
  *width = window->canvas_width;
  *height = window->canvas_height;
  *scale = window->scale;
  *refresh = window->refresh;
  pthread_mutex_unlock(&window->lock);
}

int cw_window_update(
  cw_window *window, int width, int height, int x, int y, int rect_width, int rect_height,
  const uint32_t *rows, int row_words, const char *title) {
  int status = 0;
  pthread_mutex_lock(&window->lock);
  if (width != window->width || height != window->height) {
    // A picture of a new size comes whole; until it does, the old one is kept.
    if (x == 0 && y == 0 && rect_width == width && rect_height == height) {
      free(window->pixels);
      window->pixels = malloc((size_t)width * height * 4);
      window->width = width;
      window->height = height;
    } else {
      status = -1;
    }
  }
  if (status == 0 && window->pixels != NULL && rows != NULL) {
    for (int row = 0; row < rect_height; row++)
      memcpy(
        window->pixels + (size_t)(y + row) * width + x, rows + (size_t)row * row_words,
        (size_t)rect_width * 4);
    window->draw = 1;
  }
  if (title != NULL) {
    free(window->title);
    window->title = strdup(title);
  }
  pthread_mutex_unlock(&window->lock);
  p_g_main_context_wakeup(NULL);
  return status;
}

void cw_window_attention(cw_window *window) {
  pthread_mutex_lock(&window->lock);
  window->attention = 1;
  pthread_mutex_unlock(&window->lock);
  p_g_main_context_wakeup(NULL);
}

void cw_window_close(cw_window *window) {
  pthread_mutex_lock(&window->lock);
  window->closing = 1;
  pthread_mutex_unlock(&window->lock);
  p_g_main_context_wakeup(NULL);
}

static void cw_painted(GdkFrameClock *clock, gpointer data) {
  (void)clock;
  cw_window *window = data;
  if (window->frame_queued) cw_send(window, (cw_window_event){.kind = CW_WINDOW_PAINTED});
  window->frame_queued = 0;
  if (window->title_after_paint == NULL) return;
  p_gtk_window_set_title((GtkWindow *)window->window, window->title_after_paint);
  free(window->title_after_paint);
  window->title_after_paint = NULL;
}

void cw_window_run(cw_window *window) {
  for (;;) {
    p_g_main_context_iteration(NULL, TRUE);
    pthread_mutex_lock(&window->lock);
    int closing = window->closing, draw = window->draw, attention = window->attention;
    char *title = window->title;
    window->draw = window->attention = 0;
    window->title = NULL;
    pthread_mutex_unlock(&window->lock);
    if (closing) {
      free(title);
      break;
    }
    GdkFrameClock *clock = p_gtk_widget_get_frame_clock(window->window);
    if (clock != NULL && !window->watching_paints) {
      p_g_signal_connect_data(clock, "after-paint", G_CALLBACK(cw_painted), window, NULL, 0);
      window->watching_paints = 1;
    }
    if (title != NULL && draw && clock != NULL) {
      free(window->title_after_paint);
      window->title_after_paint = title;
    } else if (title != NULL) {
      p_gtk_window_set_title((GtkWindow *)window->window, title);
      free(title);
    }
    if (draw) p_gtk_widget_queue_draw(window->area);
    window->frame_queued |= draw;
    Display *display = NULL;
    Window xid = attention ? cw_x11(window, &display) : 0;
    if (xid != 0) {
      GdkSurface *surface = p_gtk_native_get_surface(p_gtk_widget_get_native(window->window));
      p_gdk_x11_surface_set_urgency_hint(surface, TRUE);
    }
  }
  // Where it was left, for a compact window to open there next time.
  Display *display = NULL;
  Window xid = cw_x11(window, &display);
  int x = 0, y = 0;
  Window child;
  if (xid != 0 && p_XTranslateCoordinates(display, xid, p_XDefaultRootWindow(display), 0, 0, &x, &y, &child))
    cw_send(window, (cw_window_event){.kind = CW_WINDOW_MOVED, .x = x, .y = y});
  p_gtk_window_destroy((GtkWindow *)window->window);
  while (p_g_main_context_iteration(NULL, FALSE)) {
  }
  pthread_mutex_destroy(&window->lock);
  free(window->title_after_paint);
  free(window->pixels);
  free(window);
}
