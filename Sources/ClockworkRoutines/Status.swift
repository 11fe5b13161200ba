import ClockworkAlerts
import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// What runs now, as one line for a panel: timers (name, phase, time left), the stopwatch, the
/// next alarm; and when that line next changes.
///
/// ```swift
/// let status = Status.now(in: StateDirectory(environment: env), at: Date())
/// print(status.render(.waybar))
/// ```
public struct Status: Sendable, Equatable {
  /// One thing shown.
  public struct Item: Sendable, Equatable {
    /// What an item is.
    public enum Kind: String, Sendable, Codable { case timer, stopwatch, alarm }
    /// What the item is.
    public var kind: Kind
    /// The short form, for a panel.
    public var text: String
    /// The longer form, for a tooltip.
    public var detail: String
    /// Whether it is paused (a timer, a stopwatch).
    public var paused: Bool
    /// How much of a timer has passed, 0 to 100.
    public var percentage: Int?
    /// When its text changes next; `nil`: not by itself.
    public var changes: Date?
    /// The timer's or stopwatch's name, the alarm's label.
    public var name: String?
    /// Seconds left of a timer (negative in overtime), or to an alarm.
    public var remaining: Double?
    /// When a running timer ends, or an alarm rings.
    public var endsAt: Date?
    /// Seconds a stopwatch has counted.
    public var elapsed: Double?
    /// What a panel's click and scroll run (the commands, by event), for a timer.
    public var actions: [Action: String] = [:]
  }

  /// A panel's pointer events that do something to an item.
  public enum Action: String, Sendable, CaseIterable {
    case click, scrollUp, scrollDown
  }

  /// Timers first, then the stopwatch, then the next alarm.
  public var items: [Item]
  /// Whether the system clock is synchronised, for the JSON form; `nil`: not said.
  public var clock: ClockSync?

  /// A status of `items`, and what the system clock's synchronisation is (`nil`: not said).
  public init(items: [Item], clock: ClockSync? = nil) {
    self.items = items
    self.clock = clock
  }

  /// Output formats for panels and scripts.
  public enum Format: String, Sendable, CaseIterable {
    case text, json, waybar, i3blocks
  }

  /// What the state folder holds at `now`.
  public static func now(in directory: StateDirectory, at now: Date) -> Status {
    var items: [Item] = []
    for timer in TimerStore(directory: directory).all(now: now).timers
    where !timer.isFinished(atWall: now) || timer.overtime(atWall: now) != nil {
      items.append(item(timer, now: now))
    }
    // A stopwatch stopped at 0:00 (started and stopped at once, or reset) is nothing to show.
    for store in StopwatchStore.all(in: directory) {
      guard let watch = store.file.load(now: now).value,
        watch.phase == .running || (watch.phase != .idle && watch.elapsed(atWall: now).seconds >= 1)
      else { continue }
      items.append(item(watch, named: store.name, now: now))
    }
    // The next alarm: a chime marks the time, it is no appointment to show.
    let alarms = AlarmStore(directory: directory).load(now: now).alarms.compactMap { alarm in
      !alarm.isChime ? alarm.owed.map { (alarm, $0) } : nil
    }
    if let (alarm, next) = alarms.min(by: { $0.1 < $1.1 }) {
      let wall = alarm.timeZone.civilTime(at: next)
      // Its own zone, where its time there is not the time here: 07:00 in Tokyo is not 07:00 here.
      let here = Zone.local.civilTime(at: next)
      let zone =
        alarm.zone.flatMap {
          (here.hour, here.minute) == (wall.hour, wall.minute) ? nil : " (\($0))"
        }
        ?? ""
      let label = (alarm.label.map { " \($0)" } ?? "") + zone
      items.append(
        Item(
          kind: .alarm,
          text: translate(
            "alarm {time}{label}",
            filling: [
              "time": "\(ClockText.pad(wall.hour)):\(ClockText.pad(wall.minute))", "label": label,
            ]),
          detail: translate(
            "next alarm: {date} {time}{label}",
            filling: [
              "date": LocalDates.dayAndDate(wall), "time": ClockText.time(wall), "label": label,
            ]),
          // Owed already (its ringer is gone): the line changes once it is rung, not before.
          paused: false, changes: next > now ? next : nil, name: alarm.label,
          remaining: next.timeIntervalSince(now), endsAt: next))
    }
    return Status(items: items)
  }

  static func item(_ watch: StoredStopwatch, named name: String?, now: Date) -> Item {
    let seconds = watch.elapsed(atWall: now).seconds
    let running = watch.phase == .running
    let changes =
      running ? now.addingTimeInterval(1 - seconds.truncatingRemainder(dividingBy: 1)) : nil
    let title = tr("stopwatch") + (name.map { " \($0)" } ?? "")
    let paused = tr("paused")
    return Item(
      kind: .stopwatch,
      text: "\(title) \(clock(seconds.rounded(.down)))" + (running ? "" : " (\(paused))"),
      detail: "\(title), \(running ? tr("running") : paused), \(clock(seconds.rounded(.down)))",
      paused: !running, changes: changes, name: name, elapsed: seconds)
  }

  static func item(_ timer: StoredTimer, now: Date) -> Item {
    if let over = timer.overtime(atWall: now) { return overtimeItem(timer, over: over, now: now) }
    let left = timer.remaining(atWall: now)
    let running = timer.endsAt != nil
    let name = [timer.name, timer.phaseLabel].compactMap { $0 }.joined(separator: " ")
    // Under an hour to the second (m:ss, as a countdown rounds: up); else to the minute.
    let (shown, step) =
      left < 3600
      ? (CountdownFormat.string(.milliseconds(Int64((left * 1000).rounded(.up)))), 1.0)
      : (hoursAndMinutes(left), 60.0)
    let untilChange = left - (left / step).rounded(.up) * step + step
    let changes =
      running ? now.addingTimeInterval(min(left, untilChange > 0 ? untilChange : step)) : nil
    let passed =
      timer.duration > 0 ? Int(((timer.duration - left) / timer.duration * 100).rounded(.down)) : 0
    let (state, detail) =
      running
      ? ("", "")
      : timer.waitsToStart
        ? (
          " (\(tr("waiting")))",
          ", "
            + translate(
              "waiting: `clockwork timer --name {name} --next` (or n in its window) starts it",
              filling: ["name": timer.name])
        )
        : (" (\(tr("paused")))", ", \(tr("paused"))")
    return Item(
      kind: .timer, text: "\(name) \(shown)" + state,
      detail: translate(
        "timer {name}: {time} left of {length}",
        filling: [
          "name": name, "time": shown,
          "length": CountdownFormat.string(.milliseconds(Int64(timer.duration * 1000))),
        ]) + detail,
      paused: !running, percentage: max(0, min(100, passed)), changes: changes, name: timer.name,
      remaining: left, endsAt: timer.endsAt.map(Date.init(timeIntervalSince1970:)),
      actions: actions(for: timer))
  }

  /// A timer counting on past its end: `tea +0:42`, changing each second, until cancelled.
  static func overtimeItem(_ timer: StoredTimer, over: Double, now: Date) -> Item {
    let shown = "+" + clock(over.rounded(.down))
    let end = Date(timeIntervalSince1970: timer.endsAt ?? now.timeIntervalSince1970)
    return Item(
      kind: .timer, text: "\(timer.name) \(shown)",
      detail: translate(
        "timer {name}: {time} since {end}: `clockwork timer --cancel --name {name}` stops it",
        filling: ["name": timer.name, "time": shown, "end": ClockText.time(end, in: .local)]),
      paused: false, percentage: 100,
      changes: now.addingTimeInterval(1 - over.truncatingRemainder(dividingBy: 1)),
      name: timer.name, remaining: -over, endsAt: end,
      actions: [.click: "clockwork timer --cancel --name \(timer.name)"])
  }

  /// What a panel's click and scroll do to `timer`: pause or resume it (start a waiting
  /// phase), add or take off a minute.
  static func actions(for timer: StoredTimer) -> [Action: String] {
    let named = "--name \(timer.name)"
    return [
      .click: "clockwork timer \(timer.waitsToStart ? "--next" : "--toggle") \(named)",
      .scrollUp: "clockwork timer --add 1m \(named)",
      .scrollDown: "clockwork timer --subtract 1m \(named)",
    ]
  }

  /// "2h 05m", rounded up to the minute.
  static func hoursAndMinutes(_ seconds: Double) -> String {
    let minutes = Int((seconds / 60).rounded(.up))
    return "\(minutes / 60)h \(ClockText.pad(minutes % 60))m"
  }

  /// "12:34" or "1:02:03".
  static func clock(_ seconds: Double) -> String {
    let whole = Int(max(0, seconds))
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
    return h > 0 ? "\(h):\(ClockText.pad(m)):\(ClockText.pad(s))" : "\(m):\(ClockText.pad(s))"
  }

  /// The one line: each item, joined; empty when nothing runs. Joined here rather than by
  /// `joined(separator:)`, whose generic code looked up its collection's types at run time, a
  /// panel's every second.
  public var line: String {
    var line = ""
    for (index, item) in items.enumerated() {
      if index > 0 { line += " · " }
      line += item.text
    }
    return line
  }

  /// When the line changes next by itself; `nil`: not until the state changes.
  public var nextChange: Date? { items.compactMap(\.changes).min() }

  /// The line in `format`: plain text; JSON of the items; waybar's
  /// `{"text","tooltip","class","percentage"}`; i3blocks' full and short text.
  public func render(_ format: Format) -> String {
    switch format {
    case .text: return line
    case .i3blocks: return "\(line)\n\(items.first?.text ?? "")"
    case .waybar:
      let kind =
        items.first.map {
          $0.paused ? "paused" : ($0.remaining ?? 0) < 0 ? "overtime" : $0.kind.rawValue
        } ?? "idle"
      var object: [String: JSONValue] = [
        "text": .string(line), "tooltip": .string(items.map(\.detail).joined(separator: "\n")),
        "class": .string(kind),
      ]
      if let percentage = items.first(where: { $0.kind == .timer })?.percentage {
        object["percentage"] = .int(percentage)
      }
      return JSONValue.object(object).encoded
    case .json:
      let list = items.map { item in
        var object: [String: JSONValue] = [
          "kind": .string(item.kind.rawValue), "text": .string(item.text),
          "detail": .string(item.detail), "paused": .bool(item.paused),
        ]
        if let percentage = item.percentage { object["percentage"] = .int(percentage) }
        if let name = item.name { object["name"] = .string(name) }
        if let remaining = item.remaining { object["remaining"] = .number(remaining) }
        if let elapsed = item.elapsed { object["elapsed"] = .number(elapsed) }
        if let endsAt = item.endsAt {
          object["endsAt"] = .string(ClockText.iso8601(endsAt, in: .local))
        }
        if !item.actions.isEmpty {
          object["actions"] = .object(
            Dictionary(
              uniqueKeysWithValues: item.actions.map { ($0.key.rawValue, .string($0.value)) }))
        }
        return JSONValue.object(object).encoded
      }
      let clock = self.clock.map {
        ",\"clock\":"
          + JSONValue.object([
            "synchronized": .bool($0.synchronized), "maxErrorMs": .number($0.maxErrorMs),
            "estimatedErrorMs": .number($0.estimatedErrorMs),
          ]).encoded
      }
      return
        "{\"text\":\(JSONValue.string(line).encoded),\"items\":[\(list.joined(separator: ","))]\(clock ?? "")}"
    }
  }
}
