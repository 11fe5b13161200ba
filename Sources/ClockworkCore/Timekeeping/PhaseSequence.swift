import FoundationEssentials

/// Timers one after another: named phases, repeated for a number of rounds (a pomodoro: work
/// 25 minutes, a 5-minute break, four rounds, the last break long). Pure arithmetic: which
/// phase comes at a step, and what round it is in.
///
/// ```swift
/// let focus = try PhaseSequence(parsing: "work 25m, break 5m", rounds: 4)
/// focus.step(1)   // (phase: break 5m, round: 1)
/// ```
public struct PhaseSequence: Hashable, Sendable, Codable {
  /// One phase: a name and how long it lasts.
  public struct Phase: Hashable, Sendable, Codable {
    /// What it is called: "work", "break".
    public var name: String
    /// Seconds, whole milliseconds.
    public var seconds: Double

    /// A phase of `seconds`.
    public init(name: String, seconds: Double) {
      self.name = name
      self.seconds = seconds
    }

    /// Its length.
    public var duration: Duration { .milliseconds(Int64((seconds * 1000).rounded())) }
  }

  /// One round's phases.
  public var phases: [Phase]
  /// How many times the phases repeat.
  public var rounds: Int
  /// Replaces the last phase of the last round (a pomodoro's long break).
  public var finale: Phase?

  /// The most steps a sequence may have (phases times rounds).
  public static let maximumSteps = 1000

  /// A sequence of `phases`, `rounds` times; `finale` replaces the last round's last phase.
  public init(phases: [Phase], rounds: Int = 1, finale: Phase? = nil) {
    self.phases = phases
    self.rounds = rounds
    self.finale = finale
  }

  /// `work 25m, break 5m`: phases separated by commas, each a name and a duration.
  public init(parsing text: String, rounds: Int = 1) throws(SequenceParseError) {
    var phases: [Phase] = []
    for part in text.split(separator: ",") {
      let words = part.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 2 else {
        throw SequenceParseError(
          input: text, problem: "each phase is a name and a duration, e.g. 'work 25m'")
      }
      let name = String(words[0])
      guard name.count <= 32,
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      else {
        throw SequenceParseError(
          input: text,
          problem: "a phase's name is 1 to 32 letters, digits, '-' or '_', got '\(name)'")
      }
      let duration: Duration
      do { duration = try DurationParser.parse(words.dropFirst().joined(separator: " ")) } catch {
        throw SequenceParseError(input: text, problem: "phase '\(name)': \(error)")
      }
      phases.append(
        Phase(
          name: name,
          seconds: Double(duration.components.seconds) + Double(duration.components.attoseconds)
            * 1e-18))
    }
    guard !phases.isEmpty else {
      throw SequenceParseError(input: text, problem: "no phases; e.g. 'work 25m, break 5m'")
    }
    self.init(phases: phases, rounds: rounds)
    if let problem = problem() { throw SequenceParseError(input: text, problem: problem) }
  }

  /// A pomodoro: `work`, `break` for `rounds` rounds, the last break `long-break`.
  public static func pomodoro(work: Duration, rest: Duration, longBreak: Duration, rounds: Int)
    -> PhaseSequence
  {
    PhaseSequence(
      phases: [
        Phase(name: "work", seconds: work / .seconds(1)),
        Phase(name: "break", seconds: rest / .seconds(1)),
      ], rounds: rounds,
      finale: Phase(name: "long-break", seconds: longBreak / .seconds(1)))
  }

  /// Why it cannot run, or `nil`.
  public func problem() -> String? {
    guard !phases.isEmpty else { return "no phases" }
    guard (1...100).contains(rounds) else { return "rounds must be from 1 to 100, got \(rounds)" }
    guard steps <= Self.maximumSteps else { return "more than \(Self.maximumSteps) phases in all" }
    for phase in phases + (finale.map { [$0] } ?? []) {
      guard phase.seconds.isFinite, phase.seconds > 0,
        phase.seconds <= DurationParser.maximum / .seconds(1)
      else {
        return "phase '\(phase.name)' has no such length"
      }
    }
    return nil
  }

  /// Phases in all, every round.
  public var steps: Int { phases.count * rounds }

  /// The phase at `step` (from 0) and its round (from 1); `nil` past the end.
  public func step(_ step: Int) -> (phase: Phase, round: Int)? {
    guard step >= 0, step < steps, !phases.isEmpty else { return nil }
    if step == steps - 1, let finale { return (finale, rounds) }
    return (phases[step % phases.count], step / phases.count + 1)
  }

  /// "work 2/4": the phase at `step` and its round.
  public func label(step: Int) -> String? {
    self.step(step).map { "\($0.phase.name) \($0.round)/\(rounds)" }
  }

  /// "work 25:00, break 5:00 ×4".
  public var summary: String {
    let list = phases.map { "\($0.name) \(CountdownFormat.string($0.duration))" }.joined(
      separator: ", ")
    return list + (rounds > 1 ? " ×\(rounds)" : "")
      + (finale.map { ", then \($0.name) \(CountdownFormat.string($0.duration))" } ?? "")
  }
}

/// A sequence that cannot be read.
public struct SequenceParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was typed.
  public var input: String
  /// What is wrong with it.
  public var problem: String

  /// The message: what was typed and what is wrong.
  public var description: String { "cannot read sequence '\(input)': \(problem)" }
}
