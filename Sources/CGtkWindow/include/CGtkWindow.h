// A desktop window through GTK 4, loaded when a window is first opened (dlopen) rather than
// linked: GTK and the libraries it needs would otherwise be mapped into every run of the app,
// terminal ones included. Plain C types only: GTK's headers stay in window.c.
#pragma once
#include <stdint.h>

/// What the window reports (on its thread).
typedef enum {
  CW_WINDOW_KEY = 1,  // a key: `keyval` (GDK's), `unicode` (0 when none), `control`
  CW_WINDOW_CLICK,    // a left click at `x`, `y` (points)
  CW_WINDOW_RESIZED,  // the drawable's size or scale changed: draw whole again
  CW_WINDOW_CLOSE,    // the window manager asked to close it
  CW_WINDOW_MOVED,    // its top left corner is at `x`, `y` (screen points; X11, at the close)
  CW_WINDOW_PAINTED,  // a frame given to it is on screen
} cw_window_event_kind;

typedef struct {
  int kind;
  unsigned keyval;
  unsigned unicode;
  int control;
  double x, y;
} cw_window_event;

typedef void (*cw_window_handler)(void *context, const cw_window_event *event);
typedef struct cw_window cw_window;

/// Loads GTK once: NULL when it is there, else why not.
const char *cw_gtk_load(void);

/// Opens a window (on the thread that will run it); NULL with `*error` set when there is no
/// display. `positioned`: put its top left corner at `x`, `y` (X11 only).
cw_window *cw_window_open(
  const char *title, int width, int height, int compact, int on_top, int positioned, int x, int y,
  cw_window_handler handler, void *context, const char **error);

/// Runs the window's events until it is closed, then lets it go (on its thread).
void cw_window_run(cw_window *window);

/// The drawable's size in pixels, its pixels per point and the display's frames per second.
void cw_window_canvas(cw_window *window, int *width, int *height, int *scale, double *refresh);

/// Copies a rectangle of a `width`×`height` picture (premultiplied ARGB rows `row_words`
/// apart) into the window and has it shown; `title` (or NULL) becomes the title. From any
/// thread. Returns 0, or -1 when the picture is for another size (a redraw follows a resize).
int cw_window_update(
  cw_window *window, int width, int height, int x, int y, int rect_width, int rect_height,
  const uint32_t *rows, int row_words, const char *title);

/// Asks the window manager to draw attention to it (the urgency hint). From any thread.
void cw_window_attention(cw_window *window);

/// Ends `cw_window_run`. From any thread.
void cw_window_close(cw_window *window);
