import ClockworkCore
import ClockworkScene
import FoundationEssentials

/// A stopwatch as layers: the elapsed time large and the running lap under it (the design's two
/// readouts), and the laps newest first with the best and worst marked once there are three.
///
/// ```swift
/// let clock = ContinuousClock()
/// var watch = Stopwatch<ContinuousClock.Instant>()
/// try watch.start(at: clock.now)
/// let display = StopwatchDisplay(size: Size(width: 480, height: 640))
/// display.show(elapsed: watch.elapsed(at: clock.now), laps: watch.laps)
/// ```
public final class StopwatchDisplay {
  /// The display's colours and font.
  public struct Style: Hashable, Sendable {
    /// The readouts' and laps' colour.
    public var text = Color.white
    /// The best lap's colour (the design's green).
    public var best = Color(hex: 0x4CD964)
    /// The worst lap's colour (the design's red).
    public var worst = Color(hex: 0xFF3B30)
    /// The Start button's and its key hint's colour (the design's green).
    public var start = Color(hex: 0x34C759)
    /// The Stop button's and its key hint's colour (the design's red).
    public var stop = Color(hex: 0xFF3B30)
    /// The Lap and Reset button's fill.
    public var button = Color(hex: 0x8E8E93)
    /// The font family, monospaced so that digits do not shift.
    public var font = "DejaVu Sans Mono"
    /// The design's look.
    public init() {}
  }

  /// The display's root layer, to add to a scene or render.
  public let layer = Layer()
  /// The size the display is laid out in.
  public private(set) var size: Size
  /// The display's colours and font.
  public var style: Style
  let elapsedLabel = TextLayer()
  let currentLapLabel = TextLayer()
  var lapRows: [TextLayer] = []

  /// A display laid out in `size`, coloured by `style`.
  public init(size: Size, style: Style = Style()) {
    self.size = size
    self.style = style
    layer.addSublayer(elapsedLabel)
    layer.addSublayer(currentLapLabel)
    resize(to: size)
  }

  /// Lays the display out again in `size`.
  public func resize(to size: Size) {
    self.size = size
    layer.frame = Rect(origin: .zero, size: size)
    elapsedLabel.frame = Rect(x: 0, y: 0, width: size.width, height: size.height * 0.25)
    currentLapLabel.frame = Rect(
      x: 0, y: size.height * 0.25, width: size.width, height: size.height * 0.1)
    for (label, scale) in [(elapsedLabel, 1.0), (currentLapLabel, 0.4)] {
      label.fontFamily = style.font
      label.fontSize = min(size.height * 0.2, size.width / 6) * scale
      label.foregroundColor = style.text
      label.alignment = .center
      label.verticalAlignment = .center
    }
  }

  /// Rows that fit under the two readouts.
  public var visibleRows: Int { max(0, Int((size.height * 0.65) / rowHeight)) }
  var rowHeight: Double { max(12, min(size.height * 0.08, size.width / 14)) }

  /// One lap as the display lists it.
  public struct LapRow: Hashable, Sendable {
    /// The lap's number, as listed.
    public var number: String
    /// The lap's own time.
    public var split: String
    /// The time from the start to the lap's end.
    public var total: String
    /// "best" or "worst", once there are three laps.
    public var mark: String?
  }

  /// The laps as listed: newest first, each with its mark.
  public static func rows(for laps: [Lap]) -> [LapRow] {
    let marks = LapTable.marks(for: laps)
    return laps.reversed().map {
      LapRow(
        number: String($0.number), split: StopwatchFormat.string($0.split),
        total: StopwatchFormat.string($0.total), mark: marks[$0.number])
    }
  }

  /// The colour a row is drawn in: the best and worst stand out.
  public func color(of row: LapRow) -> Color {
    row.mark == "best" ? style.best : row.mark == "worst" ? style.worst : style.text
  }

  /// Shows `elapsed` and `laps`, the newest lap first.
  public func show(elapsed: Duration, laps: [Lap]) {
    elapsedLabel.string = StopwatchFormat.string(elapsed)
    currentLapLabel.string = Self.currentLapText(elapsed: elapsed, laps: laps)
    let shown = Array(Self.rows(for: laps).prefix(visibleRows))
    while lapRows.count < shown.count {
      let row = TextLayer()
      layer.addSublayer(row)
      lapRows.append(row)
    }
    for (index, row) in lapRows.enumerated() {
      guard index < shown.count else {
        row.isHidden = true
        continue
      }
      let lap = shown[index]
      row.isHidden = false
      row.frame = Rect(
        x: 0, y: size.height * 0.35 + Double(index) * rowHeight, width: size.width,
        height: rowHeight)
      row.fontFamily = style.font
      row.fontSize = rowHeight * 0.7
      row.alignment = .center
      row.verticalAlignment = .center
      row.string =
        translate(
          "Lap {number}  {split}  {total}",
          filling: ["number": lap.number, "split": lap.split, "total": lap.total])
        + (lap.mark.map { "  " + LapTable.markName($0) } ?? "")
      row.foregroundColor = color(of: lap)
    }
  }

  /// The second readout: the lap running now and its time, e.g. "Lap 3  0:04.21".
  public static func currentLapText(elapsed: Duration, laps: [Lap]) -> String {
    translate(
      "Lap {number}  {time}",
      filling: [
        "number": "\(laps.count + 1)",
        "time": StopwatchFormat.string(max(.zero, elapsed - (laps.last?.total ?? .zero))),
      ])
  }

  /// Seconds until the reading changes: the next centisecond while running.
  public static func delayToNextChange(elapsed: Duration, running: Bool) -> Double {
    guard running else { return .infinity }
    let centis = elapsed / .milliseconds(10)
    return ((centis.rounded(.down) + 1) - centis) * 0.01
  }
}
