/// What shows through a cell's transparent samples (``CellBlitter/cells(from:width:height:stride:underlay:)``):
/// `color`, and `overlay` at the samples in `overlayMask` (bit k for sample k, row by row).
public struct CellUnderlay: Hashable, Sendable {
  /// The colour under every transparent sample.
  public var color: RGB
  /// The colour under the transparent samples in `overlayMask`.
  public var overlay: RGB
  /// The samples `overlay` is under: bit k for sample k, row by row.
  public var overlayMask: UInt8

  /// `color` under a cell's transparent samples, `overlay` under those in `overlayMask`.
  public init(color: RGB, overlay: RGB? = nil, overlayMask: UInt8 = 0) {
    self.color = color
    self.overlay = overlay ?? color
    self.overlayMask = overlay == nil ? 0 : overlayMask
  }

  /// The same with palette entries replaced by their colours in `palette`.
  public func resolved(in palette: [UInt8: RGB]) -> CellUnderlay {
    func resolve(_ color: RGB) -> RGB { color.isPaletteEntry ? palette[color.r] ?? color : color }
    var copy = self
    (copy.color, copy.overlay) = (resolve(color), resolve(overlay))
    return copy
  }
}
