import FoundationEssentials

/// What a change to timers or alarms could not do, as meaning: the command words it with its
/// own flags.
public enum AlertsError: Error, Hashable, Sendable {
  case noSuchAlarm(Int)
  case noAlarmHasRung
  /// The state folder could not be written (the path and why).
  case cannotSave(String)
  case noSuchTimer(String)
  /// A timer of that name runs (or is paused) with this long left.
  case timerRunning(name: String, secondsLeft: Double, paused: Bool)
  /// `--next` on a timer of one phase.
  case notASequence(String)
  /// `--next` on a sequence's last phase.
  case lastPhase(String)
  /// A change to a timer that has finished (only a restart starts it again).
  case timerFinished(String)
  /// Taking away more time than is left (that never ends a timer), with the seconds left.
  case tooLittleLeft(name: String, secondsLeft: Double)
  /// The units could not be written in that folder.
  case cannotWriteUnits(folder: String, reason: String)
  /// The user's systemd manager refused them.
  case managerRefused(String)
  /// A time given to a chime, which has hours, not a time (its number).
  case chimeHasNoTime(Int)
}
