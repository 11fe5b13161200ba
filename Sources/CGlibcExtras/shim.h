// glibc calls that the Glibc module leaves out: malloc tuning, thread timer slack, and the
// wall-clock timer and folder watch that the alert watcher sleeps on.
#include <malloc.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>

// prctl is variadic, which Swift cannot call.
static inline int set_timer_slack(unsigned long nanoseconds) {
  return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}
