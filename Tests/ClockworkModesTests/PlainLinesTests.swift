import ClockworkCore
import ClockworkLive
import ClockworkModes
import Testing

/// Plain lines are a contract with scripts: the runner shows the lines that fell due while
/// the process was held up (up to ten minutes of them) for every plain mode; the other modes
/// draw the present instead.
@Suite struct PlainLinesTests {
  /// What the runner sees: the requirement's witness, through the protocol.
  func caughtUp<Mode: LiveMode>(_ mode: Mode) -> Int { mode.framesCaughtUp }

  @Test func everyPlainModeCatchesUpAndTheScreensDoNot() {
    #expect(caughtUp(ClockLines(zones: [.utc], count: nil)) == 600)
    let control = ClockControl(zones: [.utc], theme: .classic, oscillator: .quartz, digital: true)
    #expect(caughtUp(ClockWindow(control: control)) == 0)
  }
}
