import ClockworkAlerts
import ClockworkCore
import ClockworkSystem

/// What a timer on show says aloud (`--speak`), in plain lines and on screen alike: the time
/// left at its moments (``SpokenTime``), each phase's name as it starts, the end, and the time
/// left when asked (`?`).
public struct TimerSpeech {
  let speech: Speech
  /// The whole seconds left last looked at, so that each moment is said once.
  var secondsLooked: Int64?

  /// Speaking through `speech`.
  public init(_ speech: Speech) { self.speech = speech }

  /// Says the time left when its whole seconds are a moment to say, once each.
  mutating func timeLeft(_ remaining: Duration) {
    let seconds = Int64((remaining / .seconds(1)).rounded(.up))
    guard seconds != secondsLooked else { return }
    secondsLooked = seconds
    if let words = SpokenTime.announcement(secondsLeft: seconds) { speech.say(words) }
  }

  /// Says the next phase's name at a phase's end, else that the time of timer `name` is up.
  mutating func ended(_ phase: TimerAlert.PhaseEnd?, name: String) {
    secondsLooked = nil
    speech.say(phase?.next?.name ?? SpokenTime.end(name: name))
  }

  /// Says all that is left, to the second.
  func whatIsLeft(_ remaining: Duration) { speech.say(SpokenTime.left(remaining)) }
}
