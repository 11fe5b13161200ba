#include "CNotify.h"

#include "CDynamicCalls.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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
typedef struct GList { void *data; struct GList *next, *prev; } GList;
static void (*p_notify_notification_add_action)(void *, const char *, const char *, void (*)(void *, char *, void *), void *, void (*)(void *));
static GList *(*p_notify_get_server_caps)(void);
static void (*p_g_list_free_full)(GList *, void (*)(void *));
static void (*p_g_free)(void *);
static gboolean (*p_g_main_context_iteration)(void *, gboolean);
static void (*p_notify_notification_set_hint_string)(void *, const char *, const char *);
static gboolean (*p_notify_notification_close)(void *, GError **);
static int (*p_notify_notification_get_closed_reason)(void *);
static unsigned long (*p_g_signal_connect_data)(void *, const char *, void (*)(void *, void *), void *, void *, int);
static gboolean (*p_notify_notification_update)(void *, const char *, const char *, const char *);
static void (*p_notify_notification_clear_actions)(void *);
static unsigned int (*p_g_timeout_add)(unsigned int, gboolean (*)(void *), void *);
static gboolean (*p_g_source_remove)(unsigned int);

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
#define LOAD(name) if (!CW_FOUND(library, name)) return -1;
  LOAD(notify_init)
  LOAD(notify_notification_new)
  LOAD(notify_notification_set_urgency)
  LOAD(notify_notification_set_timeout)
  LOAD(notify_notification_set_category)
  LOAD(notify_notification_show)
  LOAD(g_object_unref)
  LOAD(g_error_free)
  LOAD(notify_notification_add_action)
  LOAD(notify_get_server_caps)
  LOAD(g_list_free_full)
  LOAD(g_free)
  LOAD(g_main_context_iteration)
  LOAD(notify_notification_set_hint_string)
  LOAD(notify_notification_close)
  LOAD(notify_notification_get_closed_reason)
  LOAD(g_signal_connect_data)
  LOAD(notify_notification_update)
  LOAD(notify_notification_clear_actions)
  LOAD(g_timeout_add)
  LOAD(g_source_remove)
#undef LOAD
  state = 1;
  return 1;
}

static int start(const char *app, char *problem, size_t problem_size) {
  if (load(problem, problem_size) < 0) return -1;
  static int initialised = 0;
  if (!initialised && !p_notify_init(app)) {
    snprintf(problem, problem_size, "libnotify could not start");
    return -2;
  }
  initialised = 1;
  return 0;
}

// A notification with the app's own icon, named as coming from its desktop entry.
static void *made(const char *app_id, const char *summary, const char *body, char *problem, size_t problem_size) {
  void *notification = p_notify_notification_new(summary, body, app_id);
  if (notification == NULL) {
    snprintf(problem, problem_size, "libnotify could not make a notification");
    return NULL;
  }
  p_notify_notification_set_hint_string(notification, "desktop-entry", app_id);
  p_notify_notification_set_category(notification, "x-clockwork.alert");
  return notification;
}

int cw_notify(const char *app, const char *app_id, const char *summary, const char *body, int critical, int timeout_ms,
              char *problem, size_t problem_size) {
  int started = start(app, problem, problem_size);
  if (started < 0) return started;
  void *notification = made(app_id, summary, body, problem, problem_size);
  if (notification == NULL) return -2;
  p_notify_notification_set_urgency(notification, critical ? 2 : 1);
  p_notify_notification_set_timeout(notification, timeout_ms);
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

int cw_notify_server_has_actions(const char *app) {
  char problem[128];
  if (start(app, problem, sizeof problem) < 0) return 0;
  int found = 0;
  GList *caps = p_notify_get_server_caps();
  for (GList *item = caps; item != NULL; item = item->next) {
    if (item->data && strcmp((const char *)item->data, "actions") == 0) found = 1;
  }
  if (caps) p_g_list_free_full(caps, p_g_free);
  return found;
}

// The action last chosen (its index among those added), -1 for none yet, -2 when the person
// dismissed the notification.
static int chosen = -1;
static void on_action(void *notification, char *action, void *index) {
  (void)notification;
  (void)action;
  chosen = (int)(intptr_t)index;
}

// NotifyClosedReason 2: dismissed by the person (not expired, nor closed by a call).
static void on_closed(void *notification, void *data) {
  (void)data;
  if (chosen < 0 && p_notify_notification_get_closed_reason(notification) == 2) chosen = -2;
}

static void add_actions(void *notification, const char *const *actions, int action_count) {
  for (int i = 0; i < action_count; i++) {
    p_notify_notification_add_action(notification, actions[2 * i], actions[2 * i + 1], on_action, (void *)(intptr_t)i, NULL);
  }
}

static int shown(void *notification, char *problem, size_t problem_size) {
  GError *error = NULL;
  if (p_notify_notification_show(notification, &error)) return 1;
  snprintf(problem, problem_size, "%s", error && error->message ? error->message : "the notification service refused it");
  if (error) p_g_error_free(error);
  return 0;
}

void *cw_notify_with_actions(const char *app, const char *app_id, const char *summary, const char *body,
                             const char *const *actions, int action_count, int critical, char *problem,
                             size_t problem_size) {
  if (start(app, problem, problem_size) < 0) return NULL;
  void *notification = made(app_id, summary, body, problem, problem_size);
  if (notification == NULL) return NULL;
  p_notify_notification_set_urgency(notification, critical ? 2 : 1);
  p_notify_notification_set_timeout(notification, 0);
  p_g_signal_connect_data(notification, "closed", on_closed, NULL, NULL, 0);
  add_actions(notification, actions, action_count);
  if (!shown(notification, problem, problem_size)) {
    p_g_object_unref(notification);
    return NULL;
  }
  chosen = -1;
  return notification;
}

// The same notification, said anew in place (the service replaces it: no second one).
int cw_notify_replace(void *notification, const char *app_id, const char *summary, const char *body,
                      const char *const *actions, int action_count, char *problem, size_t problem_size) {
  p_notify_notification_update(notification, summary, body, app_id);
  p_notify_notification_clear_actions(notification);
  add_actions(notification, actions, action_count);
  return shown(notification, problem, problem_size) ? 0 : -1;
}

static int timed_out = 0;
static gboolean on_timeout(void *data) {
  (void)data;
  timed_out = 1;
  return 0;  // G_SOURCE_REMOVE
}

// Runs GLib's main loop (where libnotify's signals arrive) until a press or `timeout_ms`,
// asleep in between: no waking to look.
int cw_notify_poll(int timeout_ms) {
  while (p_g_main_context_iteration(NULL, 0)) {}
  if (chosen == -1 && timeout_ms > 0) {
    timed_out = 0;
    unsigned int source = p_g_timeout_add((unsigned int)timeout_ms, on_timeout, NULL);
    while (chosen == -1 && !timed_out) p_g_main_context_iteration(NULL, 1);
    if (!timed_out) p_g_source_remove(source);
  }
  int answer = chosen;
  chosen = -1;
  return answer;
}

void cw_notify_close(void *notification) {
  GError *error = NULL;
  if (!p_notify_notification_close(notification, &error) && error) p_g_error_free(error);
}

void cw_notify_release(void *notification) {
  if (notification) p_g_object_unref(notification);
}
