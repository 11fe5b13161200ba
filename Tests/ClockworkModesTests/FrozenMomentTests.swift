import ClockworkLive
import Foundation
import Testing

@testable import ClockworkModes

/// `clock --at`: a clock shown at one moment, moved by ← and →; with none, the present as it is.
@Suite struct FrozenMomentTests {
  /// A mode whose frame is the wall time it is drawn for, a second apart.
  final class Probe: LiveMode {
    typealias Instant = ContinuousClock.Instant
    var keys: [Key] = []
    func frame(at moment: Moment<Instant>, on canvas: Void) -> Planned<Date, Instant> {
      Planned(moment.wall, next: moment.instant.advanced(by: .seconds(1)))
    }
    func handle(_ input: Key, at moment: Moment<Instant>) -> LiveAction {
      keys.append(input)
      return input == .character("q") ? .quit(0) : .keepGoing
    }
    var framesAhead: Int { 8 }
  }

  let now = Moment(instant: ContinuousClock.now, wall: Date(timeIntervalSince1970: 1_800_000_000))
  let meeting = Date(timeIntervalSince1970: 1_774_771_200)  // 2026-03-29T08:00:00Z

  @Test func aMomentIsShownStillAndMovedByTheArrows() throws {
    let probe = Probe()
    let frozen = FrozenMoment(probe, at: meeting)
    let planned = try frozen.frame(at: now, on: ())
    #expect(planned.frame == meeting && planned.next == nil, "still: nothing moves by itself")
    #expect(frozen.handle(.right, at: now) == .redraw)
    #expect(try frozen.frame(at: now, on: ()).frame == meeting.addingTimeInterval(900))
    _ = frozen.handle(.left, at: now)
    _ = frozen.handle(.left, at: now)
    #expect(frozen.wall == meeting.addingTimeInterval(-900))
    #expect(frozen.handle(.character("q"), at: now) == .quit(0) && probe.keys == [.character("q")])
    #expect(frozen.framesAhead == 1)
  }

  @Test func withNoMomentThePresentGoesOnAsItIs() throws {
    let probe = Probe()
    let present = FrozenMoment(probe, at: nil)
    let planned = try present.frame(at: now, on: ())
    #expect(planned.frame == now.wall && planned.next != nil)
    #expect(present.handle(.right, at: now) == .keepGoing && probe.keys == [.right])
    #expect(present.framesAhead == 8)
  }
}
