/// Pictures by damage: which parts of a picture changed since the screen showed it, and how a
/// picture is cut into the parts its protocol sends.
extension DamageWriter {
  /// A kitty picture goes in tiles of this many cells, each an image of its own that is
  /// replaced alone; a sixel picture's changes go as one rectangle (each sixel image carries
  /// its palette, so fewer and larger is cheaper), found at this grain.
  static func grain(_ kind: PixelProtocol) -> (columns: Int, rows: Int) {
    kind == .kitty ? (10, 5) : (4, 2)
  }

  /// The whole picture: one part for sixels, every tile for kitty; with each tile's number.
  static func tiles(of image: PixelImage, kind: PixelProtocol) -> [(Int, CellRect)] {
    guard kind == .kitty else {
      return [(0, CellRect(column: 0, row: 0, columns: image.columns, rows: image.rows))]
    }
    return grainRects(of: image)
  }

  /// The picture cut at its protocol's grain, numbered row by row.
  static func grainRects(of image: PixelImage) -> [(Int, CellRect)] {
    let (across, down) = grain(image.kind)
    var rects: [(Int, CellRect)] = []
    for top in stride(from: 0, to: image.rows, by: down) {
      for left in stride(from: 0, to: image.columns, by: across) {
        rects.append(
          (
            rects.count,
            CellRect(
              column: left, row: top, columns: min(across, image.columns - left),
              rows: min(down, image.rows - top))
          ))
      }
    }
    return rects
  }

  /// The parts of `image` to send again: where its pixels changed, and for sixels where text
  /// that stood over it is gone (a blank written there would punch a hole in it).
  static func changedParts(
    of image: PixelImage, over shown: PixelImage, grid: CellGrid, screen: CellGrid
  ) -> [(Int, CellRect)] {
    let changed = grainRects(of: image).filter { _, rect in
      pixelsDiffer(image, shown, in: rect)
        || (image.kind == .sixel && textLeft(rect, of: image, grid: grid, screen: screen))
    }
    guard image.kind == .sixel, let first = changed.first else { return changed }
    return [(0, changed.dropFirst().reduce(first.1) { $0.union($1.1) })]
  }

  static func pixelsDiffer(_ a: PixelImage, _ b: PixelImage, in rect: CellRect) -> Bool {
    guard a.pixels.count == b.pixels.count else { return true }
    let start = rect.row * a.cellHeight * a.width + rect.column * a.cellWidth
    return a.pixels.withUnsafeBufferPointer { new in
      b.pixels.withUnsafeBufferPointer { old in
        !PixelRect.equal(
          new, from: start, stride: a.width, old, from: start, stride: a.width,
          width: rect.columns * a.cellWidth, rows: rect.rows * a.cellHeight)
      }
    }
  }

  static func textLeft(_ rect: CellRect, of image: PixelImage, grid: CellGrid, screen: CellGrid)
    -> Bool
  {
    for y in image.row + rect.row..<min(grid.rows, image.row + rect.row + rect.rows) {
      for x in image.column
        + rect.column..<min(grid.columns, image.column + rect.column + rect.columns)
      where grid[x, y] == .blank && screen[x, y] != .blank {
        return true
      }
    }
    return false
  }
}
