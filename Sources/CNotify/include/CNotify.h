// Desktop notifications through libnotify (the freedesktop notification service on the session
// bus), loaded with dlopen when one is sent: the app starts and runs without it.
#pragma once
#include <stddef.h>

/// Shows a notification. Returns 0 when the service took it; -1 when libnotify is not
/// installed; -2 when the service could not be reached or refused it. On failure `problem` gets
/// a line saying why.
int cw_notify(const char *app, const char *summary, const char *body, int critical, int timeout_ms,
              char *problem, size_t problem_size);
