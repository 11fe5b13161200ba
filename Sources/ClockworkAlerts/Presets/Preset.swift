import ClockworkCore

/// A timer kept under a name to start again: `clockwork timer tea`. A duration, or a sequence
/// of phases; its sound and `--exec` as a timer's.
public struct Preset: Hashable, Sendable {
  /// What `timer NAME` calls it.
  public var name: String
  /// How long, for a plain timer.
  public var duration: Duration?
  /// The phases, for a sequence.
  public var sequence: PhaseSequence?
  /// `nil` the sound theme's, "" none, else a sound file's path.
  public var sound: String?
  /// A shell command run at each end (`--exec`).
  public var exec: String?

  /// A preset as given.
  public init(
    name: String, duration: Duration? = nil, sequence: PhaseSequence? = nil, sound: String? = nil,
    exec: String? = nil
  ) {
    self.name = name
    self.duration = duration
    self.sequence = sequence
    self.sound = sound
    self.exec = exec
  }

  /// "4:00" or the sequence's summary, then what is not the default.
  public var summary: String {
    let what = sequence?.summary ?? duration.map { CountdownFormat.string($0) } ?? "?"
    let sound = sound.map { $0.isEmpty ? ", no sound" : ", sound \($0)" } ?? ""
    return what + sound + (exec.map { ", exec \($0)" } ?? "")
  }
}
