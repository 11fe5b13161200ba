// glibc calls that the Glibc module leaves out: malloc tuning, thread timer slack, the
// wall-clock timer and folder watch that the alert watcher sleeps on, closing every other
// descriptor in a spawned process, the pipe a live terminal's signals come through, and the
// kernel's word on the clock's synchronisation.
#include <malloc.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <sys/timex.h>

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

// A pipe made with its flags: _GNU_SOURCE's too, declared here for the same reason.
extern int pipe2(int *, int);
static inline int pipe_with_flags(int *ends, int flags) { return pipe2(ends, flags); }

// The kernel's clock discipline, read only (no privilege needed): whether the clock is
// synchronised, and its maximum and estimated error in microseconds.
static inline int clock_sync_read(int *synchronised, long *max_error, long *estimated_error) {
  struct timex reading = {0};
  int state = adjtimex(&reading);
  if (state < 0) return -1;
  *synchronised = state != TIME_ERROR && !(reading.status & STA_UNSYNC);
  *max_error = reading.maxerror;
  *estimated_error = reading.esterror;
  return 0;
}
