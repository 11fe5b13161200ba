import ClockworkCore
import Testing

@Suite struct PhaseSequenceTests {
  @Test func phasesComeInOrderRoundAfterRound() throws {
    let focus = try PhaseSequence(parsing: "work 25m, break 5m", rounds: 2)
    #expect(focus.steps == 4)
    #expect(focus.step(0).map { [$0.phase.name, "\($0.round)"] } == ["work", "1"])
    #expect(focus.step(1).map { [$0.phase.name, "\($0.round)"] } == ["break", "1"])
    #expect(focus.step(2).map { [$0.phase.name, "\($0.round)"] } == ["work", "2"])
    #expect(focus.step(3)?.phase.duration == .seconds(300))
    #expect(focus.step(4) == nil && focus.step(-1) == nil)
  }

  @Test func aPomodoroEndsOnItsLongBreak() {
    let pomodoro = PhaseSequence.pomodoro(
      work: .seconds(1500), rest: .seconds(300), longBreak: .seconds(900), rounds: 4)
    #expect(pomodoro.steps == 8)
    #expect(pomodoro.step(5).map { [$0.phase.name, "\($0.round)"] } == ["break", "3"])
    #expect(pomodoro.step(7).map { [$0.phase.name, "\($0.round)"] } == ["long-break", "4"])
    #expect(pomodoro.step(7)?.phase.duration == .seconds(900))
  }

  @Test(arguments: [
    ("", "no phases"), ("work", "each phase is a name and a duration"),
    ("work 25x", "phase 'work': cannot read duration"),
    ("wörk! 5m", "a phase's name is 1 to 32"), ("work 0s", "phase 'work'"),
  ])
  func aSequenceThatCannotRunIsRefusedSayingWhy(text: String, problem: String) {
    #expect(throws: SequenceParseError.self) { try PhaseSequence(parsing: text) }
    do { _ = try PhaseSequence(parsing: text) } catch {
      #expect(error.description.contains(problem), "\(error)")
    }
  }

  @Test func roundsAreBounded() {
    #expect(throws: SequenceParseError.self) { try PhaseSequence(parsing: "a 1s", rounds: 0) }
    #expect(throws: SequenceParseError.self) {
      try PhaseSequence(
        parsing: "a 1s, b 1s, c 1s, d 1s, e 1s, f 1s, g 1s, h 1s, i 1s, j 1s, k 1s", rounds: 100)
    }
  }

  @Test func aDurationIsWrittenAsItIsRead() throws {
    for text in ["25m", "1h30m", "1m30s", "1s500ms", "2d", "45s"] {
      #expect(DurationParser.text(try DurationParser.parse(text)) == text)
    }
    #expect(DurationParser.text(.seconds(5400)) == "1h30m")
  }
}
