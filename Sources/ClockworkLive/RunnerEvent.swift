/// What reaches a runner from outside.
public enum RunnerEvent<Input: Sendable>: Sendable {
  case input(Input)
  /// The canvas changed or the screen was lost (a resize, a resume after a stop): draw anew.
  case repaint
  /// What the mode shows changed outside it (its saved state, changed by another process).
  case outsideChange
  /// A signal that ends the run (SIGINT, SIGTERM, SIGHUP): exit with 128 + its number.
  case signal(Int32)
}
