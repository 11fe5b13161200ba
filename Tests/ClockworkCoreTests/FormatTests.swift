import ClockworkCore
import Foundation
import PropertyBased
import Testing

@Suite struct FormatTests {
  @Test(arguments: [
    (0, "00:00.00"), (9, "00:00.00"), (10, "00:00.01"), (61_239, "01:01.23"), (599_999, "09:59.99"),
    (600_000, "10:00.00"), (3_599_990, "59:59.99"), (3_599_999, "59:59.99"),
    (3_600_000, "1:00:00.00"),
    (36_000_000, "10:00:00.00"),
  ])
  func stopwatchTruncatesToTheCentisecond(milliseconds: Int64, text: String) {
    #expect(StopwatchFormat.string(.milliseconds(milliseconds)) == text)
  }

  @Test func stopwatchNeverShowsNegativeTime() {
    #expect(StopwatchFormat.string(.milliseconds(-5)) == "00:00.00")
  }

  @Test func stopwatchFieldsStayInRange() async {
    // Never "10:60.00" or "01:010.00", as the stopwatch design we build on printed.
    let pattern = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d\d)$/
    await propertyCheck(count: 1000, input: Gen.int64(in: 0...(1_000 * 3600 * 1000))) { ms in
      let text = StopwatchFormat.string(.milliseconds(ms))
      let match = text.wholeMatch(of: pattern)
      #expect(match != nil, "\(text)")
      if let match { #expect((match.1 == nil) == (ms < 3_600_000)) }
    }
  }

  @Test(arguments: [
    (300_000, false, "5:00"), (299_001, false, "5:00"), (299_000, false, "4:59"),
    (1, false, "0:01"),
    (0, false, "0:00"), (3_600_000, false, "1:00:00"), (3_600_001, false, "1:00:01"),
    (9_410, true, "0:09.5"), (9_400, true, "0:09.4"), (1, true, "0:00.1"), (0, true, "0:00.0"),
    (59_950, true, "1:00.0"), (86_399_000, false, "23:59:59"), (86_400_000, false, "1d 00:00:00"),
    (3_197_932_000, false, "37d 00:18:52"),
  ])
  func countdownRoundsUp(milliseconds: Int64, tenths: Bool, text: String) {
    // 59.95 s rounds up to "1:00.0": the carry reaches the minutes, never a 60-second field.
    #expect(CountdownFormat.string(.milliseconds(milliseconds), tenths: tenths) == text)
  }

  @Test func countdownReadsZeroOnlyAtTheEnd() async {
    await propertyCheck(count: 1000, input: Gen.int64(in: 1...(100 * 86_400 * 1000))) { ms in
      #expect(CountdownFormat.string(.milliseconds(ms)) != "0:00")
      #expect(CountdownFormat.string(.milliseconds(ms), tenths: true) != "0:00.0")
    }
  }

  @Test func lapTableIsNewestFirstWithMarks() {
    let laps = [
      Lap(number: 1, split: .milliseconds(3_210), total: .milliseconds(3_210)),
      Lap(number: 2, split: .milliseconds(2_000), total: .milliseconds(5_210)),
      Lap(number: 3, split: .milliseconds(4_500), total: .milliseconds(9_710)),
    ]
    #expect(
      LapTable.render(laps, total: .milliseconds(10_000)) == """
        lap  split     total
          3  00:04.50  00:09.71  worst
          2  00:02.00  00:05.21  best
          1  00:03.21  00:03.21
        total 00:10.00
        """)
    #expect(LapTable.render(Array(laps.prefix(2)), total: .seconds(6)).contains("best") == false)
    #expect(LapTable.render([], total: .seconds(1)) == "no laps\ntotal 00:01.00")
  }
}
