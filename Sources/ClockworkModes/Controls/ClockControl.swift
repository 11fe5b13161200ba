import ClockworkCore
import ClockworkLive
import ClockworkWidgets
import FoundationEssentials

/// The clock's state and keys, whatever it is drawn on: one face a zone, the theme and
/// oscillator they cycle through, and whether the date and time are shown in digits.
public final class ClockControl {
  /// The zones shown, a face each.
  public let zones: [Zone]
  var themes: [ClockTheme]
  var themeIndex: Int
  var oscillators: [Oscillator] = [.quartz, .quartzRecoil, .mechanical(), .sweep]
  var oscillatorIndex: Int
  /// Whether the date and time are also shown in digits.
  public private(set) var digital: Bool
  /// How the digital readout writes the time.
  public let hours: HourCycle
  /// The calendar the readout's date is read in.
  public var calendar = DateCalendar.gregorian
  /// One face a zone, in the zones' order.
  public let faces: [ClockFace]

  /// The clock's state for `zones`, starting with `theme` and `oscillator`.
  public init(
    zones: [Zone], theme: ClockTheme, oscillator: Oscillator, digital: Bool,
    hours: HourCycle = .twentyFour, parts: ClockParts = .all, faceSize: Double = 200
  ) {
    self.zones = zones
    self.hours = hours
    themes = ClockTheme.builtIn.contains(theme) ? ClockTheme.builtIn : ClockTheme.builtIn + [theme]
    themeIndex = themes.firstIndex(of: theme) ?? 0
    if !oscillators.contains(oscillator) { oscillators.append(oscillator) }
    oscillatorIndex = oscillators.firstIndex(of: oscillator) ?? 0
    self.digital = digital
    faces = zones.map { _ in
      ClockFace(size: faceSize, theme: theme, parts: parts, oscillator: oscillator)
    }
  }

  /// The theme in use now.
  public var theme: ClockTheme { themes[themeIndex] }

  /// Draws every face in `theme` (the desktop's high contrast over the theme in use), or back
  /// in the theme in use when `nil`; the t key's cycle stays where it is.
  public func draw(in theme: ClockTheme?) {
    for face in faces { face.configure(theme: theme ?? self.theme) }
  }

  /// q quits; o, t and d change the oscillator, the theme and the digital readout.
  public func handle(_ key: Key) -> LiveAction {
    if let ending = Self.ending(key) { return ending }
    switch key {
    case .character("o"):
      oscillatorIndex = (oscillatorIndex + 1) % oscillators.count
      for face in faces { face.oscillator = oscillators[oscillatorIndex] }
    case .character("t"):
      themeIndex = (themeIndex + 1) % themes.count
      for face in faces { face.configure(theme: themes[themeIndex]) }
    case .character("d"): digital.toggle()
    default: return .keepGoing
    }
    return .redraw
  }

  /// Said after the key hints: the arrows of a moment shown (`--at`), a clock not synchronised.
  public var remarks: [String] = []

  /// Said after a window's title: that the system clock is not synchronised, so the time shown
  /// may be off (`nil`: nothing to say).
  public var clockNote: String?

  /// A window's title for `time`: "10:08:42 - clockwork", the note after the time
  /// ("10:08:42 (clock not synchronised) - clockwork").
  public static func windowTitle(_ time: String, note: String?) -> String {
    time + (note.map { " (\($0))" } ?? "") + " - clockwork"
  }

  /// The key hints, with the oscillator and theme in use now, and the remarks.
  public var help: String {
    let key = HelpKey(oscillator: oscillatorIndex, theme: themeIndex, remarks: remarks)
    if let shown = shownHelp, shown.key == key { return shown.text }
    // Joined by hand: the standard library's unspecialized `joined(separator:)` makes the
    // runtime search every protocol conformance of the binary at its first call, at each start.
    var text = tr("q quit")
    for hint in [
      translate("o oscillator ({name})", filling: ["name": "\(oscillators[oscillatorIndex])"]),
      translate("t theme ({name})", filling: ["name": themes[themeIndex].name]), tr("d digital"),
    ] + remarks {
      text += "  " + hint
    }
    shownHelp = (key, text)
    return text
  }

  /// What the hints were made from: they are looked up in the catalogue when it changes, not
  /// at every frame.
  private struct HelpKey: Equatable {
    var oscillator: Int
    var theme: Int
    var remarks: [String]
  }
  private var shownHelp: (key: HelpKey, text: String)?

  /// Sets every face to `date` at its pixel scale and returns the seconds until any face or
  /// the digital readout next changes.
  public func show(_ date: Date, pixelScales: [Double]) -> Double {
    var delay = digital ? WallSeconds.delayToNextSecond(after: date) / .seconds(1) : 1
    for (face, (zone, scale)) in zip(faces, zip(zones, pixelScales)) {
      face.pixelScale = scale
      // World clocks shade the faces where it is night, as GNOME Clocks' tiles do: from the
      // sun over each zone's city.
      face.isNight = zones.count > 1 && Daylight.isNight(in: zone, at: date)
      face.show(date: date, zone: zone)
      delay = min(delay, face.delayToNextChange(after: date, zone: zone, pixelScale: scale))
    }
    return max(delay, 0.001)
  }

  /// How a clock ends: q or Esc (0), Ctrl-C (130, as SIGINT); nil for any other key.
  static func ending(_ key: Key) -> LiveAction? {
    switch key {
    case .character("q"), .character("Q"), .escape: .quit(ExitStatus.success)
    case .controlC: .quit(ExitStatus.interrupted)
    default: nil
    }
  }

  /// "London +01:00 · day" for the first zone (its offset from UTC), "Tokyo +8 h · tomorrow ·
  /// night" for the others: the city of an IANA name, its offset from `first` at `date` and its
  /// day where that is not `first`'s, and whether it is day or night there (``Daylight``: the
  /// sun over that city).
  public static func label(for zone: Zone, relativeTo first: Zone?, at date: Date) -> String {
    let light = Daylight.isNight(in: zone, at: date) ? tr("night") : tr("day")
    guard let first, first != zone else {
      return
        "\(zone.city) \(ClockText.offset(seconds: zone.civilTime(at: date).utcOffset)) · \(light)"
    }
    return
      "\(zone.city) \(offset(of: zone, from: first, at: date))\(day(of: zone, against: first, at: date)) · \(light)"
  }

  /// "+8 h", "−5 h 30 min", "same time": `zone`'s offset from `reference` at `date`.
  public static func offset(of zone: Zone, from reference: Zone, at date: Date) -> String {
    let minutes =
      (zone.civilTime(at: date).utcOffset - reference.civilTime(at: date).utcOffset) / 60
    guard minutes != 0 else { return tr("same time") }
    let hours = translate("{count} h", filling: ["count": "\(abs(minutes) / 60)"])
    let rest = translate("{count} min", filling: ["count": "\(abs(minutes) % 60)"])
    return (minutes < 0 ? "−" : "+") + hours + (abs(minutes) % 60 == 0 ? "" : " \(rest)")
  }

  /// " · tomorrow", " · yesterday", or nothing: `zone`'s date at `date` against `reference`'s.
  public static func day(of zone: Zone, against reference: Zone, at date: Date) -> String {
    let (there, here) = (zone.civilTime(at: date), reference.civilTime(at: date))
    let (thereDay, hereDay) = (
      (there.year, there.month, there.day), (here.year, here.month, here.day)
    )
    return thereDay > hereDay
      ? " · " + tr("tomorrow") : thereDay < hereDay ? " · " + tr("yesterday") : ""
  }
}
