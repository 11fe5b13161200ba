// Dates in other calendars (Buddhist, Japanese, Persian, Hebrew, Chinese…) through ICU's C API,
// loaded with dlopen when the first one is written: the terminal app starts and runs without
// mapping ICU and its 30 MB of data.
#pragma once
#include <stddef.h>

/// Writes `wall_seconds` (a wall-clock time, counted as if it were UTC) as a date of the
/// calendar named in `locale` (an ICU locale with its keyword: `de_DE@calendar=buddhist`), in
/// the locale's pattern for `skeleton` (ICU's skeletons: `yMMMEd` is weekday, day, month, year).
/// Returns 0, or -1 with a line in `problem` saying why (ICU missing, or its error).
int cw_calendar_date(const char *locale, const char *skeleton, double wall_seconds, char *date,
                     size_t date_size, char *problem, size_t problem_size);
