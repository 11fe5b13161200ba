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

/// Signals for a run on one thread (its loop reads them from `pipe_write`'s other end, a byte
/// each, the signal's number): each of `numbers` (at most 8) is written to the pipe. One of the
/// `ending` (at most 8) also starts a `grace_ms` wait: a run that has not claimed its end by
/// then (cw_run_signals_claim_end) is held up in a frame, and the process ends there with
/// 128 + the signal, the terminal put back as on a crash.
void cw_run_signals_install(const int *numbers, int count, const int *ending, int ending_count, int pipe_write, int grace_ms);

/// The run begins its end: true unless the grace wait has ended the process already (it then
/// never returns). After it, the grace wait does nothing.
int cw_run_signals_claim_end(void);

/// The signals' earlier actions back, the grace wait called off.
void cw_run_signals_uninstall(void);
