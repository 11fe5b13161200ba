// glibc calls that the Glibc module leaves out: malloc tuning, thread timer slack, the
// wall-clock timer and folder watch that the alert watcher sleeps on, and closing every other
// descriptor in a spawned process.
#include <malloc.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>

// prctl is variadic, which Swift cannot call.
static inline int set_timer_slack(unsigned long nanoseconds) {
  return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}

// A detached process keeps none of its parent's descriptors (a test runner's socket, a
// terminal's pipe) open for as long as it lives.
// (glibc 2.34 has it under _GNU_SOURCE, which would change <sys/select.h>'s types for every
// module that shares them: declared here instead.)
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
static inline int spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
