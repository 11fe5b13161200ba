import ArgumentParser
import ClockworkAlerts
import ClockworkCore
import ClockworkModes
import FoundationEssentials

/// What was typed: checked before anything starts, and the duration it gives.
extension TimerCommand {
  func validate() throws {
    if let fps = fpsOption, !fps.isFinite || !(1...60).contains(fps) {
      throw ValidationError("--fps must be from 1 to 60, got \(fps)")
    }
    // a bad file is a usage error, before anything starts
    _ = try theme.map(RingThemeArgument.parse)
    guard critical.isFinite, (0...86_400).contains(critical) else {
      throw ValidationError("--critical must be from 0 to 86400 seconds, got \(critical)")
    }
    guard TimerStore.validName(name) else {
      throw ValidationError(
        "--name '\(name)' must be 1 to 64 letters, digits, '-', '_' or '.', not starting with '.'")
    }
    let actions = [list, cancel, next, past.history].filter { $0 }.count + controls.changes.count
    if actions > 1 {
      throw ValidationError(
        "--list, --history, --cancel, --next, --pause, --resume, --toggle, --add, --subtract and --restart do not combine: choose one"
      )
    }
    if actions > 0 && (duration != nil || until != nil || phases.sequence != nil) {
      throw ValidationError(
        "--list, --history, --cancel, --next and a timer's controls take no duration (--add and --subtract take theirs)"
      )
    }
    if phases.sequence != nil && (duration != nil || until != nil) {
      throw ValidationError("give a duration, --until or --sequence, one of them")
    }
    if past.since != nil, !past.history, duration != nil || until != nil || phases.sequence != nil {
      throw ValidationError("give a duration, --until, --since or --sequence, one of them")
    }
    switch (duration, until) {
    case (nil, nil): break  // resume the saved timer (checked in run)
    case (.some, .some): throw ValidationError("give either a duration or --until, not both")
    case (.some, nil) where presetWord != nil: break  // a preset's name: looked up in run()
    case (let text?, nil) where durationWords.count == 1:
      do { _ = try DurationParser.parse(text) } catch { throw ValidationError(error.description) }
    case (.some, nil):
      // Several words are read in run(): the parser names an option this command does not have
      // only after validate(), and its value would be taken for part of the duration here.
      break
    case (nil, let text?):
      do { _ = try TargetTimeParser.parse(text, zone: zone ?? .local) } catch {
        throw ValidationError(error.description)
      }
    }
  }

  /// When `--since TEXT` counts up from: an instant past, or a time of day's last occurrence.
  func countUpStart(_ text: String, now: Date) throws -> Date {
    let zone = self.zone ?? .local
    let target: TargetTimeParser.Target
    do { target = try TargetTimeParser.parse(text, zone: zone) } catch {
      throw UsageFailure.exit(error.description, in: Self.self)
    }
    if case .instant(let date) = target {
      guard date <= now else {
        throw UsageFailure.exit(
          "--since \(text) is in the future (--until \(text) counts down to it)", in: Self.self)
      }
      return date
    }
    // Today's, or yesterday's when today's is still to come.
    for day in [now, now.addingTimeInterval(-86_400)] {
      let date = try TargetTimeParser.instant(
        at: text, on: ClockText.day(day, in: zone), in: zone, now: now)
      if date <= now { return date }
    }
    throw UsageFailure.exit("--since \(text): no such time before now", in: Self.self)
  }

  /// What the words ask of the timer: a sequence, a preset by name (the presets file read once),
  /// a count up, a length, or a return to it.
  func request(now: Date) throws -> Timers.Request {
    if let sequence = try phases.resolved() { return .sequence(sequence) }
    if let since = past.since { return .countUp(since: try countUpStart(since, now: now)) }
    if let word = presetWord {
      let presets = Presets()?.load().presets ?? []
      if let preset = presets.first(where: { $0.name == word }) { return .preset(preset) }
      if let near = NearestWord.to(word, among: presets.map(\.name)) {
        throw UsageFailure.exit(
          "no preset is named '\(word)'; did you mean '\(near)'?", in: Self.self)
      }
      var problem = "no preset is named '\(word)'"
      do { _ = try DurationParser.parse(word) } catch {
        problem = "\(error.description); and no preset is named '\(word)' (`clockwork preset list`)"
      }
      throw UsageFailure.exit(problem, in: Self.self)
    }
    return duration == nil && until == nil ? .resume : .start(try resolvedDuration(now: now))
  }

  func resolvedDuration(now: Date) throws -> Duration {
    if let duration {
      do { return try DurationParser.parse(duration) } catch {
        throw UsageFailure.exit(error.description, in: Self.self)
      }
    }
    guard let until else {
      throw UsageFailure.exit("give a duration or --until TIME", in: Self.self)
    }
    let end = try TargetTimeParser.nextOccurrence(of: until, after: now, in: zone ?? .local)
    let seconds = end.timeIntervalSince(now)
    guard seconds > 0 else {
      throw UsageFailure.exit(
        "--until \(until) is in the past (--since \(until) counts up from it)", in: Self.self)
    }
    guard seconds <= DurationParser.maximum / .seconds(1) else {
      throw UsageFailure.exit("--until \(until) is more than 100 days away", in: Self.self)
    }
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }
}
