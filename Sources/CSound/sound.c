#include "CSound.h"

#include "CDynamicCalls.h"

#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

// The few libcanberra calls used, with its types spelled out (no headers needed to build).
typedef struct ca_context ca_context;
static int (*p_ca_context_create)(ca_context **);
static int (*p_ca_context_change_props)(ca_context *, ...);
static int (*p_ca_context_set_driver)(ca_context *, const char *);
static int (*p_ca_context_play)(ca_context *, unsigned int, ...);
static int (*p_ca_context_playing)(ca_context *, unsigned int, int *);
static int (*p_ca_context_cancel)(ca_context *, unsigned int);
static const char *(*p_ca_strerror)(int);

static int load(char *problem, size_t size) {
  static int state = 0;  // 1 loaded, -1 missing
  if (state == 0) {
    state = -1;
    void *library = dlopen("libcanberra.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) goto failed;
#define LOAD(name) if (!CW_FOUND(library, name)) goto failed;
    LOAD(ca_context_create)
    LOAD(ca_context_change_props)
    LOAD(ca_context_set_driver)
    LOAD(ca_context_play)
    LOAD(ca_context_playing)
    LOAD(ca_context_cancel)
    LOAD(ca_strerror)
#undef LOAD
    state = 1;
  }
failed:
  if (state < 0) snprintf(problem, size, "libcanberra is not installed (Debian: libcanberra0)");
  return state;
}

int cw_sound_play(const char *event_id, const char *file, const char *description, double limit_seconds,
                  int (*keep_playing)(void), char *problem, size_t problem_size) {
  if (load(problem, problem_size) < 0) return -1;
  static ca_context *context = NULL;
  int error;
  if (context == NULL) {
    if ((error = p_ca_context_create(&context)) != 0) {
      snprintf(problem, problem_size, "%s", p_ca_strerror(error));
      context = NULL;
      return -2;
    }
    // The sound server's (PulseAudio, or PipeWire's PulseAudio service): with none, libcanberra
    // would try ALSA's devices, and ALSA writes its errors on our standard error.
    p_ca_context_set_driver(context, "pulse");
    p_ca_context_change_props(context, "application.name", "clockwork", "application.id", "clockwork", (char *)NULL);
  }
  static unsigned int id = 0;
  id += 1;
  error = file ? p_ca_context_play(context, id, "media.filename", file, "event.description", description, (char *)NULL)
               : p_ca_context_play(context, id, "event.id", event_id, "event.description", description, (char *)NULL);
  if (error != 0) {
    snprintf(problem, problem_size, "%s", p_ca_strerror(error));
    return -2;
  }
  // Wait for the end (the server plays it; this process may be about to exit).
  struct timespec step = {0, 50 * 1000 * 1000};
  for (int steps = 0; steps * 0.05 < limit_seconds; steps++) {
    int playing = 0;
    if (p_ca_context_playing(context, id, &playing) != 0 || !playing) return 0;
    if (keep_playing != NULL && steps % 10 == 9 && !keep_playing()) break;
    nanosleep(&step, NULL);
  }
  p_ca_context_cancel(context, id);
  return 0;
}
