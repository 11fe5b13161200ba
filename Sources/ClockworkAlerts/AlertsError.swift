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
  /// The units could not be written in that folder.
  case cannotWriteUnits(folder: String, reason: String)
  /// The user's systemd manager refused them.
  case managerRefused(String)
}
