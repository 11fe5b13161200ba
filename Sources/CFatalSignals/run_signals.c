#include "CFatalSignals.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#define MOST 8
static int watched[MOST];
static int watched_count = 0;
static struct sigaction watched_before[MOST];
static int ending[MOST];
static int ending_count = 0;
static struct sigaction alarm_before;
static int pipe_out = -1;
static int grace = 0;
static atomic_int claimed = 0;
static volatile sig_atomic_t ending_by = 0;

static int is_ending(int number) {
  for (int i = 0; i < ending_count; i++)
    if (ending[i] == number) return 1;
  return 0;
}

static void on_signal(int number) {
  int saved = errno;
  unsigned char byte = (unsigned char)number;
  (void)!write(pipe_out, &byte, 1);  // a full pipe already holds a wake-up
  if (grace > 0 && is_ending(number) && ending_by == 0) {
    ending_by = number;
    struct itimerval wait = {.it_value = {.tv_sec = grace / 1000, .tv_usec = (grace % 1000) * 1000}};
    setitimer(ITIMER_REAL, &wait, NULL);
  }
  errno = saved;
}

static void on_grace_over(int number) {
  (void)number;
  int expected = 0;
  if (ending_by != 0 && atomic_compare_exchange_strong(&claimed, &expected, 1))
    cw_fatal_signals_end_now(128 + ending_by);
}

void cw_run_signals_install(const int *numbers, int count, const int *ends, int ends_count, int pipe_write, int grace_ms) {
  atomic_store(&claimed, 0);
  ending_by = 0;
  pipe_out = pipe_write;
  grace = grace_ms;
  ending_count = ends_count < MOST ? ends_count : MOST;
  memcpy(ending, ends, sizeof(int) * (size_t)ending_count);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_grace_over;
  sigemptyset(&action.sa_mask);
  sigaction(SIGALRM, &action, &alarm_before);
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;  // a frame's write goes on where the signal found it
  watched_count = count < MOST ? count : MOST;
  for (int i = 0; i < watched_count; i++) {
    watched[i] = numbers[i];
    sigaction(numbers[i], &action, &watched_before[i]);
  }
}

int cw_run_signals_claim_end(void) {
  int expected = 0;
  return atomic_compare_exchange_strong(&claimed, &expected, 1);
}

void cw_run_signals_uninstall(void) {
  struct itimerval off = {0};
  setitimer(ITIMER_REAL, &off, NULL);
  for (int i = 0; i < watched_count; i++) sigaction(watched[i], &watched_before[i], NULL);
  watched_count = 0;
  sigaction(SIGALRM, &alarm_before, NULL);
}
