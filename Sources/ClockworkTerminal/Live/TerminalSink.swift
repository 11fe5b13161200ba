import ClockworkLive

/// A runner's frames on a terminal: each grid becomes the bytes of the cells that change, and
/// is written in one `write` when its time comes.
///
/// ```swift
/// let sink = TerminalSink(session: session, colorMode: .truecolor)
/// let runner = FrameRunner(mode: mode, sink: sink, …)
/// ```
///
/// The writer's state is kept twice: as the screen is, and as it will be once every encoded
/// frame is shown (one state a frame would be large). When encoded frames are thrown away
/// with only some of them on screen, neither matches and the next frame repaints every cell.
public final class TerminalSink: FrameSink {
  let session: TerminalSession
  private var onScreen: DamageWriter
  private var planned: DamageWriter
  private var encoded = 0
  private var shown = 0

  /// A sink that writes to `session`'s terminal in `colorMode`.
  public init(session: TerminalSession, colorMode: ColorMode) {
    self.session = session
    onScreen = DamageWriter(colorMode: colorMode)
    planned = onScreen
  }

  /// The terminal's size, read before each batch of frames.
  public var canvas: TerminalSize { session.size }

  /// The bytes that turn the screen as it will be into `frame`.
  public func encode(_ frame: CellGrid) -> [UInt8] {
    encoded += 1
    return planned.frameBytes(frame)
  }

  /// Writes `bytes` to the terminal, in one `write`.
  public func show(_ bytes: [UInt8]) {
    if !bytes.isEmpty { session.write(bytes) }
    shown += 1
    if shown == encoded {
      onScreen = planned
      (encoded, shown) = (0, 0)
    }
  }

  /// Forgets the frames encoded but not yet shown.
  public func rewind() {
    if shown > 0 { onScreen.invalidate() }
    planned = onScreen
    (encoded, shown) = (0, 0)
  }

  /// Repaints every cell with the next frame.
  public func invalidate() {
    onScreen.invalidate()
    planned = onScreen
    (encoded, shown) = (0, 0)
  }

  /// Leaves the terminal as it was found: the palette entries it set put back, its modes restored.
  public func finish() {
    let farewell = onScreen.farewell()
    if !farewell.isEmpty { session.write(farewell) }
    session.restore()
  }
}
