import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// While a timer runs (`--notify-running`, as KClock offers): a notification with its name and
/// end, and Pause or Resume and +1 min, kept by a process of its own until the timer ends (then
/// the ringing notification takes over), is cancelled, or the person dismisses it. It follows
/// changes made anywhere (a window's keys, a panel's click) within a second, replacing itself
/// in place, and sleeps in between.
public enum RunningNotice {
  /// Held by the process that shows timer `name`'s notice: one a timer.
  static func lock(_ name: String, store: TimerStore) -> URL {
    store.folder.appendingPathComponent(".\(name).notice")
  }

  /// Starts the process that shows timer `name`'s notice, unless one shows it already.
  public static func ensure(_ name: String, store: TimerStore) {
    guard !StateLock.isHeld(lock(name, store: store)) else { return }
    AlertsProgram.spawn(.runningNotice(timer: name), environment: store.directory.environment)
  }

  /// What the notice says of `timer` at `now`, and its buttons.
  struct Said: Equatable {
    var summary: String
    var body: String
    var buttons: [String]

    /// The buttons' labels, by id.
    static let labels = [
      "pause": tr("Pause"), "resume": tr("Resume"), "add": tr("+1 min"), "start": tr("Start"),
    ]
  }

  static func said(_ timer: StoredTimer, now: Date) -> Said {
    let summary = translate(
      "Timer {name}",
      filling: ["name": [timer.name, timer.phaseLabel].compactMap { $0 }.joined(separator: " ")])
    if timer.waitsToStart {
      return Said(summary: summary, body: tr("waiting to start"), buttons: ["start"])
    }
    guard let endsAt = timer.endsAt else {
      let left = CountdownFormat.string(.milliseconds(Int64(timer.remaining(atWall: now) * 1000)))
      return Said(
        summary: summary, body: translate("paused, {time} left", filling: ["time": left]),
        buttons: ["resume", "add"])
    }
    let end = LocalDates.when(Date(timeIntervalSince1970: endsAt), seenAt: now, in: .local)
    return Said(
      summary: summary, body: translate("ends {time}", filling: ["time": end]),
      buttons: ["pause", "add"])
  }

  /// Shows timer `name`'s notice until it is over; returns at once when another process shows
  /// it, or when the service shows no buttons.
  public static func show(_ name: String, store: TimerStore) {
    guard case .acquired(let held) = StateLock.acquire(lock(name, store: store)) else { return }
    defer { withExtendedLifetime(held) {} }
    let timers = Timers(store: store)
    var notice: ButtonNotification?
    var shown: Said?
    while let timer = running(name, store: store) {
      let now = Date()
      let said = said(timer, now: now)
      let buttons = said.buttons.map { ($0, Said.labels[$0] ?? $0) }
      if notice == nil {
        notice = ButtonNotification(
          summary: said.summary, body: said.body, buttons: buttons, critical: false)
        guard notice != nil else { return }
      } else if said != shown {
        notice?.replace(summary: said.summary, body: said.body, buttons: buttons)
      }
      shown = said
      // Asleep until a press, the end, or a second: a change made elsewhere is seen within it.
      let untilEnd = timer.endsAt.map { max(0.05, $0 - now.timeIntervalSince1970) } ?? 1
      switch notice?.poll(upTo: .milliseconds(Int64(min(1, untilEnd) * 1000))) {
      case "pause": _ = try? timers.change(name, .pause)
      case "resume": _ = try? timers.change(name, .resume)
      case "add": _ = try? timers.change(name, .add(.seconds(60)))
      case "start": _ = try? timers.next(name)
      case ButtonNotification.dismissed: return
      default: break
      }
    }
    notice?.withdraw()
  }

  /// Timer `name` while it is to be shown: running, paused or waiting; at a sequence's phase
  /// end, once the next phase is saved. `nil` once it is over or gone.
  static func running(_ name: String, store: TimerStore) -> StoredTimer? {
    for _ in 0..<50 {
      let now = Date()
      guard let timer = store.file(name).load(now: now).value else {
        // Taken away by whoever rings its end, to be put back: wait for it.
        guard StateLock.isHeld(store.claimLock(name)) else { return nil }
        usleep(100_000)
        continue
      }
      guard timer.isFinished(atWall: now) else { return timer }
      // A phase's end: the next phase comes once it is rung; the last end is the ring's.
      guard timer.rungAt == nil, timer.nextPhase(startingAt: now, waits: true) != nil else {
        return nil
      }
      usleep(100_000)
    }
    return nil
  }
}
