import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkState
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork timer` in a terminal: the ring filling with its gradient, the pulse, the cycling
/// backdrop, and the time left in large digits in the middle (terminal text in a small ring),
/// with the name above and the end time below.
public final class TimerScreen: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The timer's state and keys.
  public let control: TimerControl
  let presenter: BlockPresenter
  /// Our text colours: white over the backdrop, else as the terminal's background needs.
  let palette: Palette
  /// The backdrop in bands: in palette entries where the terminal lets them be set, else in
  /// colours that step (``stepsBackdrop``).
  let backdropPalette: BackdropPalette?
  /// Where no palette entry can be set, each drift of the backdrop rewrites every cell: its
  /// colours then move in steps of ``backdropStep`` seconds.
  let stepsBackdrop: Bool
  /// Frames a second while the pulse or backdrop moves: the control's where palette entries
  /// carry the motion, else at most ``steppedFPS`` unless asked (each frame rewrites every
  /// cell the pulse covers). With the backdrop's steps, the default timer stays within 20 KB
  /// a second at 100×40 however the terminal answers.
  let motionFPS: Double
  static let backdropStep = 2.0
  static let steppedFPS = 4.0

  /// - Parameter control: made with ``ringStyle(monochrome:)``.
  /// - Parameter background: the terminal's, if it said: on a light one without the backdrop,
  ///   the time and the text are dark.
  /// - Parameter backdropEntries: palette entries the backdrop may be drawn with (their old
  ///   colours are the session's to put back), or nil to draw it in colours.
  public init(
    control: TimerControl, graphics: Graphics, background: RGB? = nil,
    backdropEntries: ClosedRange<UInt8>? = nil,
    colorMode: ColorMode = .truecolor, fpsAsked: Bool = false
  ) {
    self.control = control
    // Cells of block glyphs only: pictures (sixel, kitty) and chafa's cells draw it themselves.
    let bands =
      control.backdrop == nil || graphics.glyphSet == nil
      ? nil : BackdropPalette(entries: backdropEntries ?? BackdropPalette.entries)
    backdropPalette = bands
    stepsBackdrop = bands != nil && backdropEntries == nil
    let inPalette = bands != nil && backdropEntries != nil
    motionFPS = inPalette || fpsAsked ? control.fps : min(control.fps, Self.steppedFPS)
    if backdropPalette != nil {
      // Painted in palette entries under the ring instead (their cells then stay as they are).
      control.backdrop?.layer.isHidden = true
      control.ring.drawsPulse = false
    }
    presenter = BlockPresenter(graphics: graphics, background: background, colorMode: colorMode)
    let light = background?.isLight == true && control.backdrop == nil
    palette = light ? .light : .dark
    if light { control.ring.labelBackground = .white }
  }

  /// The screen for `session`: the backdrop in palette entries where the terminal reports them
  /// (so it can set them, and puts them back on the way out) and draws in truecolor (so no
  /// colour of ours is one of them): a fraction of the bytes.
  /// - Parameter fpsAsked: the frame rate was the user's: kept whatever the terminal answers.
  public static func open(
    control: TimerControl, session: TerminalSession, graphics: Graphics, colorMode: ColorMode,
    fpsAsked: Bool = false
  ) -> TimerScreen {
    let entries = colorMode == .truecolor && control.backdrop != nil ? BackdropPalette.entries : nil
    let look = session.look(environment: ProcessEnvironment.current, entries: entries)
    let paletted = entries.flatMap { entries in
      entries.allSatisfy { look.palette[$0] != nil } ? entries : nil
    }
    if paletted != nil { session.restoresPalette(look.palette) }
    return TimerScreen(
      control: control, graphics: graphics, background: look.background, backdropEntries: paletted,
      colorMode: colorMode, fpsAsked: fpsAsked)
  }

  /// A ring style for the terminal from `theme`: the time left as large as fits inside the
  /// ring, tenths only in the last minute unless the theme says (each tenth is a frame sent). In
  /// `monochrome` the track is lit and the elapsed arc dark, so the ring empties as time passes.
  public static func ringStyle(monochrome: Bool, theme: CountdownRing.Style = .init())
    -> CountdownRing.Style
  {
    var style = theme
    style.labelScale = nil
    style.tenths = theme.tenths ?? .lastMinute
    if monochrome {
      style.track = .white
      style.stroke = [.black, .black]
    }
    return style
  }

  /// How far the pulse's edge moves between its steps, in samples: a step rewrites every cell
  /// on the edge, so each should move it visibly (a sample is the least a terminal can show).
  static let samplesPerPulseStep = 2.0

  /// Below this many rows the ring's digits would be too small to read: text instead.
  static let smallestRingForDigits = 14.0

  /// Space pauses and resumes, r restarts, n starts the next phase, q quits.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    control.handle(key, at: moment)
  }
  /// The columns inside the ring's track on a row `rows` above or below its middle.
  func insideColumns(atRowsFromMiddle rows: Int, ringRows: Double, _ size: TerminalSize) -> Int {
    let style = control.ring.style
    let inner = ringRows * (style.radius - style.lineWidth / 2)  // in rows
    let height = Double(abs(rows)) + 0.5
    guard inner > height else { return 0 }
    return Int(2 * (inner * inner - height * height).squareRoot() / size.cellAspect)
  }

  /// Moves the pulse on, and at zero rings.
  public func tick(at moment: Moment<Instant>) -> LiveAction { control.tick(at: moment) }

  /// Follows the timer changed by another command.
  public func outsideChange(at moment: Moment<Instant>) -> LiveAction {
    control.followOutsideChange(at: moment)
  }

  /// The ring and backdrop at `moment` on a terminal of `size`, and the next frame's time.
  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<
    CellGrid, Instant
  > {
    let now = moment.instant
    let left = control.countdown.remaining(at: now)
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    grid.title = control.title(at: now)
    let graphicsRows = max(0, size.rows - 2)
    // The ring's size in rows: the scene's 200-unit square fits the shorter side.
    let ringRows = min(Double(graphicsRows), Double(size.columns) * size.cellAspect)
    // Large digits drawn in the scene where they can be read; in a small ring, a line of text.
    let bigDigits = ringRows >= Self.smallestRingForDigits
    if control.ring.style.showsLabel != bigDigits { control.ring.style.showsLabel = bigDigits }
    control.show(
      at: now, shape: Double(size.columns) * size.cellAspect / Double(max(graphicsRows, 1)))
    control.ring.layer.opacity =
      control.blink && control.isDimmedByFlash(at: moment.wall) ? 0.15 : 1
    let scene = control.scene
    let t = control.sceneTime(at: now)
    var underlay: [CellUnderlay]?
    let drift = stepsBackdrop ? (t / Self.backdropStep).rounded(.down) * Self.backdropStep : t
    if let backdropPalette, let backdrop = control.backdrop,
      let colors = (backdrop.layer.presentation(at: drift) as? GradientLayer)?.colors
    {
      let mapping = presenter.mapping(
        for: scene.bounds.size, columns: size.columns, rows: graphicsRows, cell: size.cell)
      // The pulse's edge moves two samples a step (its travel down, in samples, over two).
      let steps = max(
        3, Int((control.ring.pulseTravel * mapping.scale / Self.samplesPerPulseStep).rounded()))
      let painted = backdropPalette.paint(
        columns: size.columns, rows: graphicsRows, mapping: mapping, sceneSize: scene.bounds.size,
        colors: colors,
        pulse: control.ring.pulse(at: t, steps: steps), ringOrigin: control.ring.layer.frame.origin)
      if !stepsBackdrop {
        underlay = painted.underlay
        grid.palette = painted.palette
      } else {
        underlay = painted.underlay.map { $0.resolved(in: painted.palette) }
      }
    }
    let cells = try presenter.cells(
      for: scene, at: t, columns: size.columns, rows: graphicsRows, cell: size.cell,
      underlay: underlay)
    grid.place(cells, column: 0, row: 0)
    let middle = graphicsRows / 2
    // Rows from the middle to just past the digits (a digit is about 0.75 of the font size).
    let reach =
      bigDigits ? Int((ringRows * control.ring.labelFontScale * 0.45).rounded(.up)) + 1 : 1
    if !bigDigits {
      grid.writeCentered(
        " \(control.ring.labelText) ", row: middle,
        foreground: RGB(control.ring.labelColor(remaining: left)), bold: true)
    }
    if let heading = control.heading {
      grid.writeCentered(" \(heading) ", row: middle - reach, foreground: palette.text, bold: true)
    }
    var lines: [(String, RGB)] = []
    let status = control.statusLine(at: moment)
    if !status.isEmpty { lines.append((status, palette.text)) }
    if let problem = control.saveError { lines.append((problem, palette.warning)) }
    // A line wider than the ring's inside at its row goes under the ring, not across it.
    var under: [(String, RGB)] = []
    for (offset, (text, color)) in lines.enumerated() {
      let row = middle + reach + offset
      guard
        text.count + 2 <= insideColumns(atRowsFromMiddle: row - middle, ringRows: ringRows, size)
      else {
        under.append((text, color))
        continue
      }
      grid.writeCentered(" \(text) ", row: row, foreground: color)
    }
    if let color = under.first?.1, size.rows > 3 {
      grid.writeCentered(
        " \(String(under.map(\.0).joined(separator: " · ").prefix(max(0, size.columns - 2)))) ",
        row: size.rows - 2, foreground: color)
    }
    let help = control.help
    if size.rows > 2 {
      grid.writeCentered(
        HintLine.fit(help, columns: size.columns), row: size.rows - 1, foreground: palette.help)
    }
    let pixelScale = presenter.scale(
      for: scene.bounds.size, columns: size.columns, rows: graphicsRows, cell: size.cell)
    return Planned(
      grid, next: control.nextChange(after: now, pixelScale: pixelScale, fps: motionFPS))
  }
}
