// glibc calls that the Glibc module leaves out: malloc tuning and thread timer slack.
#include <malloc.h>
#include <sys/prctl.h>

// prctl is variadic, which Swift cannot call.
static inline int set_timer_slack(unsigned long nanoseconds) {
  return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}
