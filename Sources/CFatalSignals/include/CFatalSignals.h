// A last word on a fatal signal: written from the signal handler, so it is plain C with only
// async-signal-safe calls (write, tcsetattr, sigaction, raise).
#pragma once
#include <termios.h>

/// Installs the handler for SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP. On one, it
/// puts the terminal back (if a session is on), writes "clockwork: crashed (<signal>). <advice>"
/// to standard error, then hands the signal to the handler that was there before (Swift's
/// backtracer, or the default action), so the process still ends by that signal.
void cw_fatal_signals_install(const char *advice);

/// A terminal session is on: on a crash, write `restore` to `output` and set `saved` back on `input`.
void cw_fatal_signals_terminal_entered(int input, int output, const struct termios *saved, const char *restore);

/// The session put the terminal back itself.
void cw_fatal_signals_terminal_left(void);
/// Ends the process now with `status`, the terminal put back first if a session is on.
void cw_fatal_signals_end_now(int status) __attribute__((noreturn));
