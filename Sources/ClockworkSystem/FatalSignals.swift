import CFatalSignals
import Glibc

/// What a crash says: which signal, and where the user's state is; the terminal is put back
/// first. The process still ends by the signal (its exit status is kept), after the handler that
/// was there before (Swift's backtracer prints its backtrace).
///
/// ```swift
/// FatalSignals.install(advice: "Stopwatches and timers are kept in ~/.local/state/clockwork. …")
/// ```
public enum FatalSignals {
  /// Installs the handlers for the fatal signals: a crash then says its signal and `advice`.
  public static func install(advice: String) { cw_fatal_signals_install(advice) }

  /// A terminal session owns the terminal until ``terminalLeft()``: a crash writes `restore` to
  /// `output` and sets `saved` back on `input`.
  public static func terminalEntered(input: Int32, output: Int32, saved: termios, restore: String) {
    var saved = saved
    cw_fatal_signals_terminal_entered(input, output, &saved, restore)
  }

  /// The terminal session has put the terminal back: a crash no longer touches it.
  public static func terminalLeft() { cw_fatal_signals_terminal_left() }

  /// Ends the process now with `status`, the terminal put back first if a session owns it: for
  /// a signal that a run is too busy to answer in time.
  public static func endNow(_ status: Int32) -> Never { cw_fatal_signals_end_now(status) }
}
