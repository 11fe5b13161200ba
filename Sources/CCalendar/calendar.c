#include "CCalendar.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ustring.h>

// ICU's calls carry its major version in their names (udat_open_72): the headers say which.
#define NAME(name) #name
#define VERSIONED(name) NAME(name)
#define LIBRARY(major) "libicui18n.so." NAME(major)

static __typeof__(udatpg_open) *p_udatpg_open;
static __typeof__(udatpg_getBestPattern) *p_udatpg_getBestPattern;
static __typeof__(udatpg_close) *p_udatpg_close;
static __typeof__(udat_open) *p_udat_open;
static __typeof__(udat_format) *p_udat_format;
static __typeof__(udat_close) *p_udat_close;
static __typeof__(u_strFromUTF8) *p_u_strFromUTF8;
static __typeof__(u_strToUTF8) *p_u_strToUTF8;
static __typeof__(u_errorName) *p_u_errorName;

static int state;  // 1 loaded, -1 missing
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void) {
  state = -1;
  void *library = dlopen(LIBRARY(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
#define LOAD(name) if ((*(void **)&p_##name = dlsym(library, VERSIONED(name))) == NULL) return;
  LOAD(udatpg_open)
  LOAD(udatpg_getBestPattern)
  LOAD(udatpg_close)
  LOAD(udat_open)
  LOAD(udat_format)
  LOAD(udat_close)
  LOAD(u_strFromUTF8)
  LOAD(u_strToUTF8)
  LOAD(u_errorName)
#undef LOAD
  state = 1;
}

static int failed(UErrorCode status, const char *doing, char *problem, size_t size) {
  if (U_SUCCESS(status)) return 0;
  snprintf(problem, size, "ICU could not %s: %s", doing, p_u_errorName(status));
  return 1;
}

int cw_calendar_date(const char *locale, const char *skeleton, double wall_seconds, char *date,
                     size_t date_size, char *problem, size_t problem_size) {
  pthread_once(&once, load_once);
  if (state < 0) {
    snprintf(problem, problem_size,
             "ICU is not installed (Debian: libicu" NAME(U_ICU_VERSION_MAJOR_NUM) ")");
    return -1;
  }
  UErrorCode status = U_ZERO_ERROR;
  UChar wanted[64], pattern[128], zone[] = {'U', 'T', 'C', 0}, text[256];
  p_u_strFromUTF8(wanted, 64, NULL, skeleton, -1, &status);
  if (failed(status, "read the skeleton", problem, problem_size)) return -1;
  UDateTimePatternGenerator *generator = p_udatpg_open(locale, &status);
  if (failed(status, "open the locale's patterns", problem, problem_size)) return -1;
  int32_t length = p_udatpg_getBestPattern(generator, wanted, -1, pattern, 128, &status);
  p_udatpg_close(generator);
  if (failed(status, "find the date's pattern", problem, problem_size)) return -1;
  UDateFormat *format =
      p_udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone, -1, pattern, length, &status);
  if (failed(status, "open the date format", problem, problem_size)) return -1;
  length = p_udat_format(format, wall_seconds * 1000.0, text, 256, NULL, &status);
  p_udat_close(format);
  if (failed(status, "write the date", problem, problem_size)) return -1;
  int32_t written = 0;
  p_u_strToUTF8(date, (int32_t)date_size - 1, &written, text, length, &status);
  if (failed(status, "write the date as UTF-8", problem, problem_size)) return -1;
  date[written] = 0;
  return 0;
}
