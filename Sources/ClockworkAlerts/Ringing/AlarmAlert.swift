import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials
import Glibc

/// How an alarm rings: a notification with its label and time, saying so when it is late (the
/// machine was off or asleep at its time), and the sound theme's `alarm-clock-elapsed` (or its
/// own sound) again and again until it is stopped or snoozed, five minutes at most.
public enum AlarmAlert {
  /// Later than this after its time, an alarm is said to be missed.
  static let missedAfter: TimeInterval = 60
  /// How long an alarm sounds unless stopped or snoozed.
  public static let soundsFor: TimeInterval = 300

  /// A snooze from the notification's button.
  public static let snoozeMinutes = 10

  /// The snooze button's text: "Snooze 10 min".
  public static var snoozeButton: String {
    tr("Snooze {count} min", "Snooze {count} min", count: snoozeMinutes)
  }

  /// What the notification says; late, that it was missed.
  static func texts(_ alarm: StoredAlarm, owed: Date, now: Date) -> (summary: String, body: String)
  {
    let summary =
      alarm.label.map { translate("Alarm: {label}", filling: ["label": $0]) } ?? tr("Alarm")
    guard now.timeIntervalSince(owed) > missedAfter else { return (summary, alarm.summary) }
    let due = alarm.timeZone.civilTime(at: owed)
    return (
      summary,
      translate(
        "missed: it was due at {time} on {date} ({alarm})",
        filling: [
          "time": ClockText.time(due), "date": LocalDates.dayAndDate(due), "alarm": alarm.summary,
        ])
    )
  }

  /// Rung by a process of its own (``sound(id:rang:owed:store:)``), which shows the
  /// notification, sounds and answers its buttons: the ringer goes on to the next alert.
  static func ring(_ alarm: StoredAlarm, owed: Date, now: Date, store: StateDirectory) {
    let rang = alarm.lastRing ?? now.timeIntervalSince1970
    if case .success = AlertsProgram.spawn(
      .soundAlarm(id: alarm.id, rang: rang, owed: owed.timeIntervalSince1970))
    {
      return
    }
    let (summary, body) = texts(alarm, owed: owed, now: now)
    tell(summary: summary, body: body, store: store)
  }

  /// Alarms rung together with a later one (missed while nothing ran): one notification that
  /// lists them, however many, and no sound of their own.
  static func ringMissed(
    _ rung: [(StoredAlarm, Date)], now: Date, listing limit: Int, store: StateDirectory
  ) {
    let (summary, body) = missedTexts(rung, listing: limit)
    tell(summary: summary, body: body, store: store)
  }

  /// "3 more alarms missed", and a line each (at most `limit`, then how many more).
  static func missedTexts(_ rung: [(StoredAlarm, Date)], listing limit: Int) -> (
    summary: String, body: String
  ) {
    let lines = rung.prefix(limit).map { alarm, owed in
      let due = alarm.timeZone.civilTime(at: owed)
      let alarmNumber = translate("alarm {number}", filling: ["number": "\(alarm.id)"])
      return
        "\(LocalDates.date(due)) \(ClockText.time(due)) \(alarm.label.map { "'\($0)' " } ?? "")(\(alarmNumber))"
    }
    let more =
      rung.count > limit
      ? [tr("and {count} more", "and {count} more", count: rung.count - limit)] : []
    let summary = tr("{count} more alarm missed", "{count} more alarms missed", count: rung.count)
    return (summary, (lines + more).joined(separator: "\n"))
  }

  /// Says the alarm's label aloud (the setting `speak`); a problem with speech is told by the
  /// next command.
  static func say(_ alarm: StoredAlarm, store: StateDirectory) {
    let speech = Speech(language: Translation.language) { problem in
      Notices(directory: store).append("alarm \(alarm.id): \(problem)")
    }
    speech.say(
      alarm.label.map { translate("alarm: {label}", filling: ["label": $0]) } ?? tr("alarm"))
    speech.finish(upTo: 5)
  }

  /// A notification; where none can be shown, the next command says it.
  static func tell(summary: String, body: String, store: StateDirectory) {
    let rung = TimerAlert.announce(summary: summary, body: body, on: .device(nil))
    if !rung.seen {
      Notices(directory: store).append(
        "\(summary): \(body.split(separator: "\n").joined(separator: "; ")) (no notification could be shown)"
      )
    }
  }

  /// Rings the alarm `id` that rang at `rang` (owed at `owed`): a notification with Snooze and
  /// Stop buttons where the service shows buttons (else a plain one, or the terminal's), and
  /// its sound again and again until it is stopped or snoozed (here, or with `alarm stop` or
  /// `alarm snooze`), rings again, is turned off or removed, or ``soundsFor`` has passed. A
  /// notification the person dismisses stops it, as Stop does: the sound never goes on with
  /// nothing on screen to stop it, and a snooze is a choice, never a guess. Once settled, the
  /// notification is withdrawn.
  public static func sound(id: Int, rang: Double, owed: Date, store: AlarmStore) {
    guard let first = store.load().alarms.first(where: { $0.id == id }) else { return }
    let (summary, body) = texts(first, owed: owed, now: Date(timeIntervalSince1970: rang))
    let buttons = ButtonNotification(
      summary: summary, body: body,
      buttons: [("snooze", snoozeButton), ("stop", tr("Stop"))])
    if buttons == nil { tell(summary: summary, body: body, store: store.directory) }
    if (try? SharedSettings.load())?.speak == true { say(first, store: store.directory) }
    var sound = AlertSound(saved: first.sound, theme: "alarm-clock-elapsed")
    var pressed: String?
    /// Whether it still rings: not stopped, snoozed, rung again, off or removed, nor too long.
    func ringing() -> Bool {
      guard pressed == nil, let alarm = store.load().alarms.first(where: { $0.id == id }) else {
        return false
      }
      return alarm.lastRing == rang && alarm.isSounding(at: Date())
    }
    // A press or a stop cuts the sound within half a second.
    let listening = { () -> Bool in
      if let buttons, pressed == nil { pressed = buttons.poll(upTo: .zero) }
      return ringing()
    }
    while ringing() {
      // A sound that cannot be played is not tried again and again.
      if sound != .none, sound.play(description: summary, limit: 30, while: listening) != nil {
        sound = .none
      }
      if pressed == nil, let buttons { pressed = buttons.poll(upTo: .milliseconds(500)) }
      if buttons == nil {
        if sound == .none { return }
        usleep(500_000)
      }
    }
    // Settled: Snooze, Stop, `alarm stop`, or rung again. One the person dismissed is gone.
    if pressed != ButtonNotification.dismissed { buttons?.withdraw() }
    guard let pressed else { return }
    _ = try? store.update { alarms in
      guard let index = alarms.firstIndex(where: { $0.id == id && $0.lastRing == rang }) else {
        return
      }
      if pressed == "snooze" {
        alarms[index].snoozedUntil = Date().timeIntervalSince1970 + Double(snoozeMinutes * 60)
      } else {
        alarms[index].stoppedAt = Date().timeIntervalSince1970
      }
    }
    // systemd's units carry a snooze's end.
    if pressed == "snooze" { _ = Alarms(store: store).scheduleRingers() }
  }
}
