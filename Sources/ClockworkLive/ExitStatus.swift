/// The exit statuses of every Clockwork command, in one place.
public enum ExitStatus {
  /// The command did what it was asked.
  public static let success: Int32 = 0
  /// Something failed at run time (a file that cannot be written, a conflict of state).
  public static let failure: Int32 = 1
  /// The command line was wrong.
  public static let usage: Int32 = 64
  /// Ended by the user before its end (q or Ctrl-C in a timer): as SIGINT would.
  public static let interrupted: Int32 = 130

  /// Ended by a signal: 128 + its number, as a shell reports it.
  public static func signal(_ number: Int32) -> Int32 { 128 + number }
}
