// Desktop notifications through libnotify (the freedesktop notification service on the session
// bus), loaded with dlopen when one is sent: the app starts and runs without it.
#pragma once
#include <stddef.h>

/// Shows a notification with the icon `app_id` (the desktop entry's name, given as its hint too).
/// Returns 0 when the service took it; -1 when libnotify is not
/// installed; -2 when the service could not be reached or refused it. On failure `problem` gets
/// a line saying why.
int cw_notify(const char *app, const char *app_id, const char *summary, const char *body, int critical, int timeout_ms,
              char *problem, size_t problem_size);

/// Whether the notification service shows buttons (its capabilities list "actions").
int cw_notify_server_has_actions(const char *app);

/// Shows a critical notification with buttons: `actions` holds `action_count` pairs of an id
/// and a label. Returns a handle to poll and release, or NULL with `problem` set.
// A notification with buttons (`actions`: id and label, in pairs), critical or normal, that
// stays until settled.
void *cw_notify_with_actions(const char *app, const char *app_id, const char *summary, const char *body,
                             const char *const *actions, int action_count, int critical, char *problem,
                             size_t problem_size);

int cw_notify_replace(void *notification, const char *app_id, const char *summary, const char *body,
                      const char *const *actions, int action_count, char *problem, size_t problem_size);

/// Answers the notification service for up to `timeout_ms`; the index of the button pressed
/// meanwhile, -1 for none, or -2 when the person dismissed the notification.
int cw_notify_poll(int timeout_ms);
/// Withdraws the notification from the screen.
void cw_notify_close(void *notification);

void cw_notify_release(void *notification);
