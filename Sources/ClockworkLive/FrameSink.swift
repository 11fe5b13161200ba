/// Where a runner's frames go: a terminal, a window, lines of text.
///
/// Frames are encoded ahead of their time and shown at it; encoding may depend on what the
/// frames before showed (a terminal writes only the cells that change), so a sink keeps the
/// state of what is on screen and of what the encoded frames will leave there.
public protocol FrameSink<Frame>: AnyObject, SendableMetatype {
  associatedtype Frame
  associatedtype Canvas = Void
  associatedtype Encoded

  /// What the next frames are drawn for (read before each batch).
  var canvas: Canvas { get }

  /// Encodes `frame` to follow the last encoded one.
  func encode(_ frame: Frame) -> Encoded

  /// Puts an encoded frame on screen; frames are shown in the order they were encoded. A sink
  /// that can no longer show anything (its output is gone) throws, and the run ends with that.
  func show(_ encoded: Encoded) throws

  /// Forgets the encoded frames not yet shown: the next one follows what is on screen.
  func rewind()

  /// What is on screen is unknown (a resize, a resume after a stop): draw the next frame whole.
  func invalidate()

  /// The run is over: leave the surface as it was found.
  func finish()
}

extension FrameSink where Canvas == Void {
  /// What the next frame is drawn for (a terminal's size).
  public var canvas: Void { () }
}
