#include "CFatalSignals.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define FATAL_COUNT (sizeof fatal / sizeof fatal[0])
static struct sigaction previous[FATAL_COUNT];
static char advice[1024];

// Set by the session while it owns the terminal; read only by the handler.
static volatile sig_atomic_t terminal_on = 0;
static int terminal_input = -1;
static int terminal_output = -1;
static struct termios terminal_saved;
static char terminal_restore[128];

static void say(int fd, const char *text) {
  size_t left = strlen(text);
  while (left > 0) {
    ssize_t n = write(fd, text, left);
    if (n <= 0) return;
    text += n;
    left -= (size_t)n;
  }
}

static const char *name_of(int number) {
  switch (number) {
  case SIGSEGV: return "SIGSEGV, a bad memory access";
  case SIGBUS: return "SIGBUS, a bad memory access";
  case SIGILL: return "SIGILL, a failed check or an illegal instruction";
  case SIGFPE: return "SIGFPE, an arithmetic fault";
  case SIGABRT: return "SIGABRT, aborted";
  case SIGTRAP: return "SIGTRAP, a failed check";
  default: return "a fatal signal";
  }
}

static void on_fatal(int number, siginfo_t *info, void *context) {
  if (terminal_on) {
    terminal_on = 0;
    say(terminal_output, terminal_restore);
    tcsetattr(terminal_input, TCSAFLUSH, &terminal_saved);
  }
  say(STDERR_FILENO, "clockwork: crashed (");
  say(STDERR_FILENO, name_of(number));
  say(STDERR_FILENO, "). ");
  say(STDERR_FILENO, advice);
  say(STDERR_FILENO, "\n");
  // The handler that was there before (Swift's backtracer) has its say, with the real context;
  // then the default action ends the process by this signal.
  for (size_t i = 0; i < FATAL_COUNT; i++) {
    if (fatal[i] != number) continue;
    struct sigaction before = previous[i];
    if ((before.sa_flags & SA_SIGINFO) && before.sa_sigaction) {
      before.sa_sigaction(number, info, context);
    } else if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN && before.sa_handler) {
      before.sa_handler(number);
    }
  }
  signal(number, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, number);
  sigprocmask(SIG_UNBLOCK, &only, NULL);
  raise(number);
  _exit(128 + number);  // not reached: the default action of these signals ends the process
}

void cw_fatal_signals_install(const char *text) {
  strncpy(advice, text, sizeof advice - 1);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fatal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal[i], &action, &previous[i]);
}

void cw_fatal_signals_terminal_entered(int input, int output, const struct termios *saved, const char *restore) {
  terminal_on = 0;
  terminal_input = input;
  terminal_output = output;
  terminal_saved = *saved;
  strncpy(terminal_restore, restore, sizeof terminal_restore - 1);
  terminal_on = 1;
}

void cw_fatal_signals_terminal_left(void) { terminal_on = 0; }

void cw_fatal_signals_end_now(int status) {
  if (terminal_on) {
    terminal_on = 0;
    say(terminal_output, terminal_restore);
    tcsetattr(terminal_input, TCSAFLUSH, &terminal_saved);
  }
  _exit(status);
}
