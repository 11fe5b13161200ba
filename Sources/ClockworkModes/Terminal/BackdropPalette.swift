import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets

/// The timer's cycling backdrop and its pulse drawn with palette entries: the diagonal is cut
/// into bands, each band's backdrop cells use one entry of the terminal's palette and its pulse
/// cells another, and each frame sets the entries' colours (one OSC 4) instead of rewriting
/// thousands of cells. The cells change only where the pulse's edge moves.
///
/// ```swift
/// let bands = BackdropPalette(entries: BackdropPalette.entries)
/// let (underlay, palette) = bands.paint(columns: 100, rows: 38, mapping: mapping, sceneSize: size, colors: [c1, c2], pulse: nil, ringOrigin: .zero)
/// ```
///
/// The ring and its text are drawn over the underlay in their own colours; the pulse's fade and
/// the backdrop's drift are in the entries' colours alone.
public struct BackdropPalette {
  /// The entries used: the top of the 256-colour palette, which a truecolor screen never uses
  /// for its own colours; the lower half for the pulse, the upper for the backdrop.
  public static let entries: ClosedRange<UInt8> = 192...255

  let pulseEntries: ClosedRange<UInt8>
  let backdropEntries: ClosedRange<UInt8>

  /// `entries`, an even count of at least two, split in halves.
  public init(entries: ClosedRange<UInt8>) {
    let (low, half) = (Int(entries.lowerBound), max(entries.count / 2, 1))
    pulseEntries = UInt8(low)...UInt8(low + half - 1)
    backdropEntries = UInt8(low + half)...UInt8(low + 2 * half - 1)
  }

  /// What shows under the ring in each of the first `rows` rows' cells, and the colours of the
  /// entries used. The scene (`sceneSize`, placed by `mapping`) runs its gradient from the top
  /// left corner to the bottom right one, `colors` at this moment; `pulse` is the ring's (in
  /// the ring's coordinates, the ring at `ringOrigin` in the scene).
  func paint(
    columns: Int, rows: Int, mapping: SampleMapping, sceneSize: Size, colors: [Color],
    pulse: CountdownRing.PulseLook?, ringOrigin: Point
  ) -> (underlay: [CellUnderlay], palette: [UInt8: RGB]) {
    guard colors.count >= 2, columns > 0, rows > 0 else { return ([], [:]) }
    let (first, last) = (colors[0], colors[colors.count - 1])
    let bands = backdropEntries.count
    var palette: [UInt8: RGB] = [:]
    var backdrop: [Color] = []
    for band in 0..<bands {
      backdrop.append(first.interpolated(to: last, amount: (Double(band) + 0.5) / Double(bands)))
      palette[backdropEntries.lowerBound + UInt8(band)] = RGB(backdrop[band])
    }
    // The pulse's colour in each band: the mean over the samples it covers there.
    var pulseSums = [(red: Double, green: Double, blue: Double, count: Int)](
      repeating: (0, 0, 0, 0), count: bands)
    // Where a point falls along the gradient: its projection on the diagonal (as Cairo does).
    let (width, height) = (sceneSize.width, sceneSize.height)
    let length = max(width * width + height * height, .ulpOfOne)
    let (sx, sy) = mapping.samples
    // A cell's samples are within this of its centre, in scene units.
    let reach = Double(max(sx, sy)) * max(mapping.aspect, 1) / mapping.scale
    var underlay: [CellUnderlay] = []
    underlay.reserveCapacity(columns * rows)
    for row in 0..<rows {
      for column in 0..<columns {
        let centre = mapping.scenePoint(column: column, row: row)
        let along = min(max((centre.x * width + centre.y * height) / length, 0), 1)
        let band = min(bands - 1, Int(along * Double(bands)))
        let back = RGB.paletteEntry(backdropEntries.lowerBound + UInt8(band))
        guard let pulse else {
          underlay.append(CellUnderlay(color: back))
          continue
        }
        let local = Point(x: centre.x - ringOrigin.x, y: centre.y - ringOrigin.y)
        let distance = local.distance(to: pulse.center)
        guard distance >= pulse.sweep.lowerBound - reach, distance <= pulse.sweep.upperBound + reach
        else {
          underlay.append(CellUnderlay(color: back))
          continue
        }
        // Where the pulse passes, a cell takes both colours from a band of two: its backdrop is
        // then at most a band off, and the pulse's edge needs half as many colour changes a step.
        let pair = band & ~1
        let shared = RGB.paletteEntry(backdropEntries.lowerBound + UInt8(pair))
        guard abs(distance - pulse.radius) <= pulse.lineWidth / 2 + reach else {
          underlay.append(CellUnderlay(color: shared))
          continue
        }
        var mask: UInt8 = 0
        var k = 0
        for y in row * sy..<(row + 1) * sy {
          for x in column * sx..<(column + 1) * sx {
            let point = mapping.scenePoint(x: x, y: y)
            let inRing = Point(x: point.x - ringOrigin.x, y: point.y - ringOrigin.y)
            if pulse.covers(inRing) {
              mask |= 1 << k
              let color = pulse.color(at: inRing)
              pulseSums[pair].red += color.red
              pulseSums[pair].green += color.green
              pulseSums[pair].blue += color.blue
              pulseSums[pair].count += 1
            }
            k += 1
          }
        }
        underlay.append(
          CellUnderlay(
            color: shared,
            overlay: mask == 0 ? nil : RGB.paletteEntry(pulseEntries.lowerBound + UInt8(pair)),
            overlayMask: mask))
      }
    }
    for band in 0..<min(bands, pulseEntries.count) where pulseSums[band].count > 0 {
      let sum = pulseSums[band]
      let n = Double(sum.count)
      let mean = Color(red: sum.red / n, green: sum.green / n, blue: sum.blue / n)
      palette[pulseEntries.lowerBound + UInt8(band)] = RGB(
        backdrop[band].interpolated(to: mean, amount: pulse?.opacity ?? 0))
    }
    return (underlay, palette)
  }
}
