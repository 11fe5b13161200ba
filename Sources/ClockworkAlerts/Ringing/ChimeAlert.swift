import ClockworkCore
import ClockworkSystem
import FoundationEssentials
import Glibc

/// A chime at its time: the sound theme's bell (or the chime's own sound) once, or the hour's
/// strokes, a second apart; no notification and nothing to stop. A chime more than a minute
/// late (the machine was asleep or off) marks a time gone by and is not sounded.
public enum ChimeAlert {
  /// How late a chime may still sound.
  public static let lateness: TimeInterval = 60

  /// How many times `chime` sounds for its time `owed` at `now`: 0 when it is too late.
  public static func strokes(_ chime: StoredAlarm, owed: Date, now: Date) -> Int {
    guard let schedule = chime.chime, now.timeIntervalSince(owed) <= lateness else { return 0 }
    return chime.strikes == true ? schedule.strokes(at: owed, in: chime.timeZone) : 1
  }

  /// Sounds `chime` for its time `owed`; what went wrong, if anything.
  @discardableResult
  public static func sound(_ chime: StoredAlarm, owed: Date, now: Date) -> String? {
    let sound = AlertSound(saved: chime.sound, theme: "bell")
    let time = ClockText.time(chime.timeZone.civilTime(at: owed))
    for stroke in 0..<strokes(chime, owed: owed, now: now) {
      if stroke > 0 { usleep(1_000_000) }
      if let problem = sound.play(
        description: translate("Chime, {time}", filling: ["time": time]), limit: 5)
      {
        return problem
      }
    }
    return nil
  }
}
