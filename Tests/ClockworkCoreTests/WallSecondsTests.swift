import ClockworkCore
import Foundation
import Testing

@Suite struct WallSecondsTests {
  @Test func nextMultiple() {
    #expect(WallSeconds.nextMultiple(of: .seconds(1), after: .milliseconds(2500)) == .seconds(3))
    #expect(WallSeconds.nextMultiple(of: .seconds(1), after: .seconds(3)) == .seconds(4))
    #expect(WallSeconds.nextMultiple(of: .milliseconds(10), after: .zero) == .milliseconds(10))
  }

  @Test func delayToNextSecond() {
    #expect(
      WallSeconds.delayToNextSecond(after: Date(timeIntervalSince1970: 10.75)) == .milliseconds(250)
    )
    #expect(WallSeconds.delayToNextSecond(after: Date(timeIntervalSince1970: 10)) == .seconds(1))
  }
}
