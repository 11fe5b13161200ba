import ClockworkCairo
import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork clock` in a terminal: analog faces as large as fit, side by side for several
/// zones, each with its city and offset, and the date and digital time under it.
public final class ClockScreen: LiveMode {
  public typealias Instant = ContinuousClock.Instant
  var zones: [Zone]
  var themes: [ClockTheme]
  var themeIndex: Int
  var oscillators: [Oscillator] = [.quartz, .quartzRecoil, .mechanical(), .sweep]
  var oscillatorIndex: Int
  var digital: Bool
  /// One a face: each keeps its last frame, so unchanged cells are copied, not fitted again.
  let presenters: [BlockPresenter]
  let faces: [ClockFace]
  static let sceneSize = 200.0

  public init(
    zones: [Zone], theme: ClockTheme, oscillator: Oscillator, digital: Bool, graphics: Graphics, rasterStore: RasterStore?
  ) {
    self.zones = zones
    themes = ClockTheme.builtIn.contains(theme) ? ClockTheme.builtIn : ClockTheme.builtIn + [theme]
    themeIndex = themes.firstIndex(of: theme) ?? 0
    if !oscillators.contains(oscillator) { oscillators.append(oscillator) }
    oscillatorIndex = oscillators.firstIndex(of: oscillator) ?? 0
    self.digital = digital
    presenters = zones.map { _ in BlockPresenter(graphics: graphics, rasterStore: rasterStore) }
    faces = zones.map { _ in ClockFace(size: Self.sceneSize, theme: theme, oscillator: oscillator) }
  }

  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    switch key {
    case .character("q"), .character("Q"), .escape, .controlC: return .quit(ExitStatus.success)
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

  /// A clock's frames depend on the time alone: eight seconds of them are drawn in one go.
  public var framesAhead: Int { 8 }

  /// Rows under each face: the city and offset when there are several zones, then date and
  /// time when the readout is on.
  var textRows: Int { (zones.count > 1 ? 1 : 0) + (digital ? 2 : 0) }

  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<CellGrid, Instant> {
    let now = moment.wall
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let panelWidth = size.columns / max(zones.count, 1)
    let graphicsRows = max(0, size.rows - textRows - 1)
    var delay = digital ? WallSeconds.delayToNextSecond(after: now) / .seconds(1) : 1
    for (index, (zone, face)) in zip(zones, faces).enumerated() {
      let presenter = presenters[index]
      // Samples per scene unit on this canvas, for "when does a hand move a pixel".
      let pixelScale = presenter.scale(for: face.layer.bounds.size, columns: panelWidth, rows: graphicsRows, cell: size.cell)
      face.pixelScale = pixelScale
      face.show(date: now, zone: zone)
      delay = min(delay, face.delayToNextChange(after: now, zone: zone, pixelScale: pixelScale))
      let cells = try presenter.cells(for: face.layer, columns: panelWidth, rows: graphicsRows, cell: size.cell)
      let left = index * panelWidth
      grid.place(cells, column: left, row: 0)
      var panel = CellGrid(columns: panelWidth, rows: textRows)
      var row = 0
      let wall = zone.civilTime(at: now)  // one reading for the label, date and time
      if zones.count > 1 {
        panel.writeCentered(Self.label(for: zone, offset: wall.utcOffset), row: row, bold: true)
        row += 1
      }
      if digital {
        panel.writeCentered(ClockText.day(wall), row: row)
        panel.writeCentered(ClockText.time(wall), row: row + 1, bold: true)
      }
      grid.place(panel, column: left, row: graphicsRows)
    }
    let help = "q quit  o oscillator (\(oscillators[oscillatorIndex]))  t theme (\(themes[themeIndex].name))  d digital"
    if size.rows > 2 { grid.writeCentered(String(help.prefix(size.columns)), row: size.rows - 1, foreground: Palette.help) }
    return Planned(grid, next: moment.instant.advanced(by: .seconds(max(delay, 0.001))))
  }

  /// "Kathmandu +05:45": the city of an IANA name and its offset (seconds east of UTC).
  static func label(for zone: Zone, offset: Int) -> String {
    let name = zone.description
    let city = name.split(separator: "/").last.map { String($0.replacing("_", with: " ")) } ?? name
    return "\(city) \(ClockText.offset(seconds: offset))"
  }
}
