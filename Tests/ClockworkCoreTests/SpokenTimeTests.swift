import ClockworkCore
import Testing

/// A countdown speaks at 10, 5 and 1 minute and each of the last ten seconds, and nowhere else.
@Suite struct SpokenTimeTests {
  @Test func itSpeaksAtItsMomentsOnly() {
    let spoken = (0...3700).compactMap { seconds in
      SpokenTime.announcement(secondsLeft: Int64(seconds)).map { "\(seconds) \($0)" }
    }
    #expect(
      spoken == [
        "1 1", "2 2", "3 3", "4 4", "5 5", "6 6", "7 7", "8 8", "9 9", "10 10", "60 1 minute",
        "300 5 minutes", "600 10 minutes",
      ])
  }

  @Test func theTimeLeftInWordsToTheSecond() {
    #expect(SpokenTime.left(.seconds(252)) == "4 minutes 12 seconds left")
    #expect(SpokenTime.left(.seconds(3900)) == "1 hour 5 minutes left")
    #expect(SpokenTime.left(.milliseconds(11_200)) == "12 seconds left")  // as the screen rounds
    #expect(SpokenTime.left(.seconds(1)) == "1 second left")
    #expect(SpokenTime.left(.zero) == "0 seconds left")
  }

  @Test func theEndNamesATimerThatHasAName() {
    #expect(SpokenTime.end(name: "timer") == "time's up")
    #expect(SpokenTime.end(name: "tea") == "tea: time's up")
  }
}
