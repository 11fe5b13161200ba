import ClockworkCairo
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import Foundation
import Testing

/// World clocks say where it is night: the face is shaded and the label says so, in the
/// terminal and the window alike (stamps with --day-night). Two zones twelve hours apart show
/// the same hands, so the shade is the only difference.
@Suite struct DayNightTests {
  // 2026-11-25 10:08:42 UTC: 22:08:42 at UTC+12
  let wall = Date(timeIntervalSince1970: 1_795_601_322)
  let zones = [Zone.utc, Zone(identifier: "Etc/GMT-12")!]

  /// The mean brightness (0…255) of a face drawn at 200×200.
  func brightness(_ face: ClockFace) throws -> Double {
    let image = try Renderer().renderImage(face.layer.presentation(at: 0), width: 200, height: 200)
    return image.withPixels { pixels, stride in
      var sum = 0.0
      for y in 0..<200 {
        for x in 0..<200 {
          let p = pixels[y * stride + x]
          sum += Double((p >> 16) & 0xFF) + Double((p >> 8) & 0xFF) + Double(p & 0xFF)
        }
      }
      return sum / (3 * 200 * 200)
    }
  }

  @Test func theNightFaceIsShadedFromItsPixels() throws {
    let control = ClockControl(zones: zones, theme: .classic, oscillator: .quartz, digital: true)
    _ = control.show(wall, pixelScales: [1, 1])
    let (day, night) = (try brightness(control.faces[0]), try brightness(control.faces[1]))
    #expect(day - night > 40, "day \(day), night \(night)")
    // One zone alone is never shaded: the shade is for telling world clocks apart.
    let alone = ClockControl(zones: [zones[1]], theme: .classic, oscillator: .quartz, digital: true)
    _ = alone.show(wall, pixelScales: [1])
    #expect(abs(try brightness(alone.faces[0]) - day) < 1)
  }

  /// The rows of text of a terminal clock of `zones` at 100×40, at `wall`.
  func terminalRows(_ zones: [Zone], digital: Bool) throws -> [String] {
    let control = ClockControl(zones: zones, theme: .classic, oscillator: .quartz, digital: digital)
    let screen = ClockScreen(control: control, graphics: .sextant, rasterStore: nil)
    let size = TerminalSize(columns: 100, rows: 40)
    let grid = try screen.frame(at: Moment(instant: ContinuousClock.now, wall: wall), on: size)
      .frame
    return (0..<size.rows).map { row in
      String((0..<size.columns).map { Character(grid[$0, row].glyph) })
    }
  }

  @Test func theTerminalsLabelsSayDayOrNight() throws {
    let text = try terminalRows(zones, digital: true).joined(separator: "\n")
    #expect(text.contains("UTC +00:00 · day") && text.contains("GMT-12 +12 h · night"), "\(text)")
  }

  /// The zones after the first say their offset from it, and their day where it is another.
  @Test func worldClocksSayTheirOffsetFromTheFirstAndTheirDay() throws {
    let london = try #require(Zone(identifier: "Europe/London"))
    let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
    let newYork = try #require(Zone(identifier: "America/New_York"))
    let kathmandu = try #require(Zone(identifier: "Asia/Kathmandu"))
    let evening = Date(timeIntervalSince1970: 1_774_796_400)  // 2026-03-29 15:00 UTC, 16:00 BST
    #expect(
      ClockControl.label(for: london, relativeTo: london, at: evening) == "London +01:00 · day")
    #expect(
      ClockControl.label(for: tokyo, relativeTo: london, at: evening)
        == "Tokyo +8 h · tomorrow · night")
    let night = Date(timeIntervalSince1970: 1_774_749_600)  // 2026-03-29 02:00 UTC, 03:00 BST
    #expect(
      ClockControl.label(for: newYork, relativeTo: london, at: night)
        == "New York −5 h · yesterday · night")
    #expect(ClockControl.offset(of: kathmandu, from: london, at: night) == "+4 h 45 min")
    #expect(ClockControl.offset(of: london, from: london, at: night) == "same time")
  }

  /// Four zones at 100×40 take two rows of two, as the window lays them out (larger than four
  /// side by side), each label right under its own face.
  @Test func fourZonesInATerminalAreAGridWithEachLabelUnderItsFace() throws {
    let four = [
      Zone.utc, Zone(identifier: "Asia/Tokyo")!, Zone(identifier: "America/New_York")!,
      Zone(identifier: "Europe/London")!,
    ]
    let rows = try terminalRows(four, digital: false)
    let size = TerminalSize(columns: 100, rows: 40)
    let labels = ["UTC", "Tokyo", "New York", "London"].map { city in
      (0..<size.rows).first { rows[$0].contains("\(city) ") }
    }
    #expect(Set(labels.compactMap { $0 }).count == 2, "two rows of labels: \(labels)")
    // Side by side, a face 25 columns wide would be 12 rows tall: here each is taller.
    let top = (0..<size.rows).first { rows[$0].prefix(50).contains { $0 != " " } } ?? 0
    #expect((labels[0] ?? 0) - top > 14, "face rows \(top)..<\(labels[0] ?? 0)")
    for case let row? in labels {
      #expect(
        row > 0 && rows[row - 1].contains { $0 != " " }, "the face ends right above row \(row)")
    }
  }

  /// Without blended edges (16 colours, or none) the numerals are bold: a regular 2's thin
  /// bottom stroke fell between samples and it read as a 7. With truecolour they are as drawn.
  @Test func numeralsAreBoldWhereEdgesAreHard() throws {
    func weights(_ mode: ColorMode) -> [Bool] {
      let control = ClockControl(
        zones: [.utc], theme: .classic, oscillator: .quartz, digital: false)
      _ = ClockScreen(control: control, graphics: .sextant, rasterStore: nil, colorMode: mode)
      _ = control.show(wall, pixelScales: [1])
      func texts(_ layer: Layer) -> [TextLayer] {
        (layer as? TextLayer).map { [$0] } ?? [] + layer.sublayers.flatMap(texts)
      }
      return texts(control.faces[0].layer).filter { Int($0.string) != nil }.map {
        $0.fontWeight == .bold
      }
    }
    #expect(weights(.none).count == 12 && weights(.none).allSatisfy { $0 })
    #expect(weights(.palette16).allSatisfy { $0 })
    #expect(weights(.truecolor).count == 12 && !weights(.truecolor).contains(true))
  }
}
