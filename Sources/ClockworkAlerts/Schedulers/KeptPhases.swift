import ClockworkState
import FoundationEssentials

/// Timers whose outcome the disk could not take (a full disk, a read-only folder): the ringer
/// keeps them in memory (a sequence's next phase, or a timer rung), rings each phase at its
/// end, and saves what follows as soon as it can, then lets go.
///
/// ```swift
/// var kept = KeptPhases(store: store)
/// if let claimed = watcher.ring("focus", now: now), let held = claimed.held, let next = claimed.next {
///   kept.keep(next, held)
/// }
/// ```
struct KeptPhases {
  /// How often a save is tried again while a phase is kept.
  static let retry: TimeInterval = 5
  let store: TimerStore
  private var kept: [String: (timer: StoredTimer, held: HeldEnd)] = [:]

  init(store: TimerStore) { self.store = store }

  var isEmpty: Bool { kept.isEmpty }
  /// What is kept, as it is now.
  var timers: [StoredTimer] { kept.values.map(\.timer) }
  /// Whether `name`'s sequence is kept here.
  func holds(_ name: String) -> Bool { kept[name] != nil }

  /// Keeps `next` (the next phase, or the timer as rung) with its claim, and says so: what
  /// follows still rings, while this computer stays on, and is saved once it can be.
  mutating func keep(_ next: StoredTimer, _ held: HeldEnd) {
    kept[next.name] = (next, held)
    let summary = "Timer \(next.name): kept in memory"
    let body =
      "It could not be saved (\(held.problem)). "
      + (next.isPending ? "Its next phase rings all the same while this computer stays on; " : "")
      + "it is saved once it can be."
    let told = TimerAlert.announce(summary: summary, body: body, on: .device(next.tty))
    Notices(directory: store.directory).append(
      "\(summary): \(body)" + (told.seen ? "" : " (no notification could be shown)"))
  }

  /// Rings a kept phase's end from memory and keeps what follows; after the last, lets go.
  mutating func ringFromMemory(_ name: String, now: Date, ring: (StoredTimer) -> Void) {
    // (Due on disk is not due here: a folder that cannot be written still holds the old end.)
    guard let (timer, held) = kept[name], timer.isPending, timer.isFinished(atWall: now) else {
      return
    }
    let (ended, following) = timer.rung(at: now)
    ring(ended)
    guard let next = following else {
      if !held.save(ended) { held.release() }  // over: kept as rung if there is room
      kept[name] = nil
      return
    }
    kept[name] = held.save(next) ? nil : (next, held)
  }

  /// Saves each kept phase the disk now takes, and lets its claim go.
  mutating func saveWhatCan() {
    for (name, entry) in kept where entry.held.save(entry.timer) { kept[name] = nil }
  }
}
