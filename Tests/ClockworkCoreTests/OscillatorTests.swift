import ClockworkCore
import Testing

@Suite struct OscillatorTests {
  let degree = Double.pi / 180

  @Test func quartzJumpsExactlyAtTheSecond() {
    #expect(Oscillator.quartz.secondHandAngle(secondsIntoMinute: 12.999) == 12 * 6 * degree)
    #expect(Oscillator.quartz.secondHandAngle(secondsIntoMinute: 13) == 13 * 6 * degree)
    #expect(
      abs(Oscillator.quartz.delayToNextChange(secondsIntoMinute: 12.7, resolution: 0.01) - 0.3)
        < 1e-12)
    #expect(Oscillator.quartz.delayToNextChange(secondsIntoMinute: 13, resolution: 0.01) == 1)
  }

  @Test func recoilOvershootsThenSettles() {
    let recoil = Oscillator.quartzRecoil
    #expect(abs(recoil.secondHandAngle(secondsIntoMinute: 12) - (72 + 0.75) * degree) < 1e-12)
    let midway = recoil.secondHandAngle(secondsIntoMinute: 12.05)
    #expect(abs(midway - (72 + 0.375) * degree) < 1e-9)  // symmetric ease: half way at half time
    #expect(abs(recoil.secondHandAngle(secondsIntoMinute: 12.1) - 72 * degree) < 1e-12)
    #expect(abs(recoil.secondHandAngle(secondsIntoMinute: 12.6) - 72 * degree) < 1e-12)
  }

  @Test func recoilOvershootIsMonotoneDecreasing() {
    var previous = Double.infinity
    for step in 0...100 {
      let angle = Oscillator.quartzRecoil.secondHandAngle(
        secondsIntoMinute: 30 + Double(step) * 0.001)
      #expect(angle <= previous)
      previous = angle
    }
  }

  @Test func recoilAsksForFramesUntilSettled() {
    let resolution = 0.1 * degree  // 0.75° overshoot → about 8 visible steps
    var s = 5.0
    var frames = 0
    while s - 5 < Oscillator.recoilDuration, frames < 100 {
      let before = Oscillator.quartzRecoil.secondHandAngle(secondsIntoMinute: s)
      let delay = Oscillator.quartzRecoil.delayToNextChange(
        secondsIntoMinute: s, resolution: resolution)
      #expect(delay > 0)
      s += delay
      let after = Oscillator.quartzRecoil.secondHandAngle(secondsIntoMinute: s)
      #expect(before - after >= resolution * 0.999 || s - 5 >= Oscillator.recoilDuration - 1e-9)
      frames += 1
    }
    #expect((7...9).contains(frames))
    // Once settled, the next change is the next second.
    #expect(
      abs(
        Oscillator.quartzRecoil.delayToNextChange(secondsIntoMinute: 5.5, resolution: resolution)
          - 0.5) < 1e-12)
  }

  @Test func mechanicalBeatsEightTimesASecond() {
    let mechanical = Oscillator.mechanical()
    #expect(mechanical == .mechanical(beatsPerHour: 28_800))
    #expect(abs(mechanical.secondHandAngle(secondsIntoMinute: 12.13) - 12.125 * 6 * degree) < 1e-12)
    #expect(
      abs(mechanical.delayToNextChange(secondsIntoMinute: 12.13, resolution: 0.01) - 0.12) < 1e-9)
    #expect(mechanical.delayToNextChange(secondsIntoMinute: 12.125, resolution: 0.01) == 0.125)
  }

  @Test func mechanicalWithOtherBeatRates() {
    let slow = Oscillator.mechanical(beatsPerHour: 18_000)  // 5 per second
    #expect(abs(slow.secondHandAngle(secondsIntoMinute: 7.39) - 7.2 * 6 * degree) < 1e-12)
  }

  @Test func sweepMovesWhenTheTipMovesAPixel() {
    // A 200 px hand: one pixel at the tip subtends 1/200 rad.
    let resolution = 1.0 / 200
    let delay = Oscillator.sweep.delayToNextChange(secondsIntoMinute: 3, resolution: resolution)
    #expect(abs(delay - resolution / (2 * .pi / 60)) < 1e-12)
    let moved =
      Oscillator.sweep.secondHandAngle(secondsIntoMinute: 3 + delay)
      - Oscillator.sweep.secondHandAngle(secondsIntoMinute: 3)
    #expect(abs(moved - resolution) < 1e-12)
  }

  @Test func secondHandWrapsAtTheMinute() {
    for oscillator in [Oscillator.quartz, .quartzRecoil, .mechanical(), .sweep] {
      #expect(oscillator.secondHandAngle(secondsIntoMinute: 60) < 1 * degree)
      #expect(oscillator.secondHandAngle(secondsIntoMinute: 59.99) > 353.9 * degree)
    }
  }
}
