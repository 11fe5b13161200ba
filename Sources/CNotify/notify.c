#include "CNotify.h"

#include <dlfcn.h>
#include <stdio.h>

// The few libnotify and GLib calls used, with GLib's types spelled out (no GLib headers).
typedef int gboolean;
typedef struct { unsigned int domain; int code; char *message; } GError;
static gboolean (*p_notify_init)(const char *);
static void *(*p_notify_notification_new)(const char *, const char *, const char *);
static void (*p_notify_notification_set_urgency)(void *, int);
static void (*p_notify_notification_set_timeout)(void *, int);
static void (*p_notify_notification_set_category)(void *, const char *);
static gboolean (*p_notify_notification_show)(void *, GError **);
static void (*p_g_object_unref)(void *);
static void (*p_g_error_free)(GError *);

static int load(char *problem, size_t size) {
  static int state = 0;  // 1 loaded, -1 missing
  if (state != 0) {
    if (state < 0) snprintf(problem, size, "libnotify is not installed (Debian: libnotify4)");
    return state;
  }
  state = -1;
  void *library = dlopen("libnotify.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(problem, size, "libnotify is not installed (Debian: libnotify4)");
    return -1;
  }
#define LOAD(name) if ((*(void **)&p_##name = dlsym(library, #name)) == NULL) return -1;
  LOAD(notify_init)
  LOAD(notify_notification_new)
  LOAD(notify_notification_set_urgency)
  LOAD(notify_notification_set_timeout)
  LOAD(notify_notification_set_category)
  LOAD(notify_notification_show)
  LOAD(g_object_unref)
  LOAD(g_error_free)
#undef LOAD
  state = 1;
  return 1;
}

int cw_notify(const char *app, const char *summary, const char *body, int critical, int timeout_ms,
              char *problem, size_t problem_size) {
  if (load(problem, problem_size) < 0) return -1;
  static int initialised = 0;
  if (!initialised && !p_notify_init(app)) {
    snprintf(problem, problem_size, "libnotify could not start");
    return -2;
  }
  initialised = 1;
  void *notification = p_notify_notification_new(summary, body, "alarm-clock");
  if (notification == NULL) {
    snprintf(problem, problem_size, "libnotify could not make a notification");
    return -2;
  }
  p_notify_notification_set_urgency(notification, critical ? 2 : 1);
  p_notify_notification_set_timeout(notification, timeout_ms);
  p_notify_notification_set_category(notification, "x-clockwork.alert");
  GError *error = NULL;
  gboolean shown = p_notify_notification_show(notification, &error);
  p_g_object_unref(notification);
  if (!shown) {
    snprintf(problem, problem_size, "%s", error && error->message ? error->message : "the notification service refused it");
    if (error) p_g_error_free(error);
    return -2;
  }
  return 0;
}
