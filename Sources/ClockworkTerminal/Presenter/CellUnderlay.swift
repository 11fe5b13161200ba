/// What shows through a cell's transparent samples (``CellBlitter/cells(from:width:height:stride:underlay:)``):
/// `color`, and `overlay` at the samples in `overlayMask` (bit k for sample k, row by row).
public struct CellUnderlay: Hashable, Sendable {
  public var color: RGB
  public var overlay: RGB
  public var overlayMask: UInt8

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
