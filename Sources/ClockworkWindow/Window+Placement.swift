/// Where a window's pixels go: how large its drawable is, and where it sits on the desktop.
extension Window {
  /// The drawable's size in pixels and its pixels per point (2 on a hi-DPI display).
  public struct Canvas: Hashable, Sendable {
    /// In pixels.
    public var width: Int
    /// In pixels.
    public var height: Int
    /// Pixels per point (2 on a hi-DPI display).
    public var scale: Double
    /// The display's frames per second.
    public var refreshRate: Double

    /// A canvas of `width`×`height` pixels.
    public init(width: Int, height: Int, scale: Double = 1, refreshRate: Double = 60) {
      self.width = width
      self.height = height
      self.scale = scale
      self.refreshRate = refreshRate
    }
  }

  /// How a window sits on the desktop.
  public struct Placement: Sendable {
    /// Kept above other windows (`_NET_WM_STATE_ABOVE` on X11).
    public var onTop = false
    /// No border or title bar, moved by dragging anywhere in it (clicks then move it).
    public var compact = false
    /// Where its top left corner goes, in the screen's points; nil: centred.
    public var position: (x: Int, y: Int)?
    /// A placement: on top or not, compact or not, where.
    public init(onTop: Bool = false, compact: Bool = false, position: (x: Int, y: Int)? = nil) {
      (self.onTop, self.compact, self.position) = (onTop, compact, position)
    }
  }
}
