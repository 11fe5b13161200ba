// Sounds through libcanberra (the freedesktop sound theme, or a file, played by the sound
// server), loaded with dlopen when one is played: the app starts and runs without it.
#pragma once
#include <stddef.h>

/// Plays `file` if not NULL, else the sound theme's `event_id` (e.g. "alarm-clock-elapsed"),
/// and waits until it ends, `limit_seconds` pass, or `keep_playing` (if not NULL, asked twice
/// a second) returns 0: then it is cut. Returns 0 when it played; -1 when libcanberra is not
/// installed; -2 when it could not be played. On failure `problem` gets a line saying why.
int cw_sound_play(const char *event_id, const char *file, const char *description, double limit_seconds,
                  int (*keep_playing)(void), char *problem, size_t problem_size);
