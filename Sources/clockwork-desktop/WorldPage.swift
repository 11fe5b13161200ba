import CAdwaita
import CDesktop
import ClockworkCore
import FoundationEssentials

/// The time here, read aloud as it is shown, and the day.
@MainActor final class WorldPage {
  let root: Widget
  let time = label("", classes: ["title-1", "numeric"])
  let day = label("", classes: ["title-4"])

  init() {
    root = box(vertical: true, [time, day])
    gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
    pad(root, 24)
    refresh(now: Date())
  }

  /// Shows `now`; the time to the next second.
  @discardableResult
  func refresh(now: Date) -> Duration {
    setText(time, ClockText.time(now, in: .local))
    let today = Zone.local.civilTime(at: now)
    setText(day, "\(Weekday(of: today).shortName), \(ClockText.day(today))")
    let fraction = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
    return .milliseconds(Int64((1 - fraction) * 1000) + 1)
  }
}
