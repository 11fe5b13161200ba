/// What a countdown says aloud, and when (`--speak`): at 10, 5 and 1 minute left and at each of
/// the last ten seconds, then that its time is up; a sequence says each phase's name as it
/// starts. Few enough to listen to, where the plain lines' one a second is not.
///
/// ```swift
/// SpokenTime.announcement(secondsLeft: 60)   // "1 minute"
/// SpokenTime.announcement(secondsLeft: 59)   // nil
/// SpokenTime.left(.seconds(252))             // "4 minutes 12 seconds left"
/// ```
public enum SpokenTime {
  /// The words for `secondsLeft` whole seconds left, when that is a moment to speak.
  public static func announcement(secondsLeft: Int64) -> String? {
    switch secondsLeft {
    case 600, 300, 60: return minutes(secondsLeft / 60)
    case 1...10: return "\(secondsLeft)"
    default: return nil
    }
  }

  /// Said at the end: "time's up", after the timer's name when it has one of its own.
  public static func end(name: String) -> String {
    name == "timer" ? tr("time's up") : translate("{name}: time's up", filling: ["name": name])
  }

  /// The time left in words, to the second: "1 hour 5 minutes left", "12 seconds left".
  public static func left(_ duration: Duration) -> String {
    translate("{time} left", filling: ["time": words(duration)])
  }

  /// A length in words, to the second (rounded up): "1 hour 5 minutes", "0 seconds".
  public static func words(_ duration: Duration) -> String {
    let total = max(0, Int64((duration / .seconds(1)).rounded(.up)))
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    var words: [String] = []
    if hours > 0 { words.append(tr("{count} hour", "{count} hours", count: Int(hours))) }
    if minutes > 0 { words.append(self.minutes(minutes)) }
    if seconds > 0 || words.isEmpty {
      words.append(tr("{count} second", "{count} seconds", count: Int(seconds)))
    }
    return words.joined(separator: " ")
  }

  static func minutes(_ count: Int64) -> String {
    tr("{count} minute", "{count} minutes", count: Int(count))
  }
}
