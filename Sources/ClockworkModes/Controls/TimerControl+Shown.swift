import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkState
import ClockworkWidgets
import FoundationEssentials

/// What the timer says (its heading, keys, status and title) and when its picture next changes,
/// whatever it is drawn on.
extension TimerControl {
  /// What is shown above the time: the timer's name unless it is the default, and the phase.
  public var heading: String? {
    let parts = [name == "timer" ? nil : name, phaseLabel].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// In a sequence: "work 2/4".
  public var phaseLabel: String? { persistence.flatMap { $0.sequence?.label(step: $0.step) } }

  /// The keys' words in the reader's language, looked up once (the line is drawn every frame).
  private static let keyWords = (
    pause: tr("Space pause/resume"), restart: tr("r/click restart"), minute: tr("+/- a minute"),
    next: tr("n next phase"), left: tr("? time left"), quit: tr("q quit")
  )

  /// The keys, for the bottom line of a screen or window.
  public var help: String {
    let words = Self.keyWords
    return [
      words.pause, words.restart, words.minute, persistence?.sequence == nil ? nil : words.next,
      speech == nil ? nil : words.left, words.quit,
    ].compactMap { $0 }.joined(separator: "  ")
  }

  /// "paused", "finished at 14:32:05", or nothing while it runs.
  public var status: String {
    if let refusal { return refusal }
    if let waiting {
      return translate(
        "{phase} {length} is next: n starts it",
        filling: ["phase": waiting.name, "length": CountdownFormat.string(waiting.duration)])
    }
    return finishedAt.map {
      let time: KeyValuePairs = ["time": ClockText.time($0, in: .local, hours: hours)]
      return
        (overtime
        ? translate("since {time}", filling: time) : translate("finished at {time}", filling: time))
        + (alertProblem.map { " (\($0))" } ?? "")
    }
      ?? (countdown.isRunning ? "" : tr("paused"))
  }

  /// The line under the time left, in the terminal and the window alike: ``status`` when it
  /// says something, else when a running timer ends ("ends 14:32:05", "ends tomorrow 00:04:12").
  public func statusLine(at moment: Moment<Instant>) -> String {
    let status = self.status
    guard status.isEmpty, countdown.isRunning else { return status }
    let end = moment.wall.addingTimeInterval(countdown.remaining(at: moment.instant) / .seconds(1))
    return translate(
      "ends {time}",
      filling: ["time": LocalDates.when(end, seenAt: moment.wall, in: .local, hours: hours)])
  }

  /// For the terminal's or window's title: the time left in whole seconds and the name.
  public func title(at now: Instant) -> String {
    if let over = overtime(at: now) {
      return "\(CountdownFormat.over(over)) \(alert.name)"
    }
    if finishedAt != nil { return translate("{name} finished", filling: ["name": alert.name]) }
    return "\(CountdownFormat.string(countdown.remaining(at: now))) \(heading ?? alert.name)"
      + (countdown.isRunning ? "" : " (\(tr("paused")))")
  }

  /// The next frame on a grid of `fps` frames a second from the start (frames drawn for a
  /// moment just after their deadline must not push the next one later each time).
  public func nextFrame(after now: Instant, fps: Double) -> Instant {
    origin.advanced(
      by: WallSeconds.nextMultiple(of: .seconds(1 / fps), after: origin.duration(to: now)))
  }

  /// While the pulse or backdrop moves: the next frame at `fps`. Otherwise: the label's next
  /// change or the arc's next pixel, and the finish itself.
  public func nextChange(after now: Instant, pixelScale: Double, fps: Double) -> Instant? {
    let planned = plannedChange(after: now, pixelScale: pixelScale, fps: fps)
    guard let over = overtime(at: now), let end = overtimeEnd ?? countdown.finishInstant else {
      return planned
    }
    let nextSecond = end.advanced(by: .seconds(over.components.seconds + 1))
    return min(planned ?? nextSecond, nextSecond)
  }

  /// ``nextChange(after:pixelScale:fps:)`` before any overtime.
  func plannedChange(after now: Instant, pixelScale: Double, fps: Double) -> Instant? {
    let animating =
      (ring.isPulsing || backdrop != nil) && (countdown.isRunning || finishedAt != nil)
    if animating && (finishedAt == nil || wait) { return nextFrame(after: now, fps: fps) }
    if blink, finishedAt != nil { return nextFrame(after: now, fps: 4) }
    guard countdown.isRunning, let finish = countdown.finishInstant, finish > now else {
      return nil
    }
    let delay = ring.delayToNextChange(
      remaining: countdown.remaining(at: now), total: countdown.duration, pixelScale: pixelScale)
    let step = now.advanced(by: .seconds(max(0.001, min(delay, 1))))
    // A frame is drawn a hair after its deadline: one due within that of the finish would see
    // the end, plan nothing after it, and the end's tick (just before) would never come.
    return step >= finish.advanced(by: .milliseconds(-2)) ? finish : step
  }
}
