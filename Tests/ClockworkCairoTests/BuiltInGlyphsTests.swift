import ClockworkScene
import Testing

@testable import ClockworkCairo

/// The outlines kept in the binary draw what FreeType's, read from the fonts, draw.
@Suite struct BuiltInGlyphsTests {
  func line(_ string: String, face: BuiltInGlyphs.Face, size: Double, at x: Double) -> Layer {
    let scene = Layer()
    scene.frame = Rect(x: 0, y: 0, width: 240, height: 80)
    let label = TextLayer()
    label.frame = Rect(x: x, y: 3.3, width: 200, height: 70)
    label.string = string
    label.fontFamily = face.family
    label.fontWeight = face.bold ? .bold : .regular
    label.fontSize = size
    label.foregroundColor = .white
    label.alignment = .center
    label.verticalAlignment = .center
    scene.addSublayer(label)
    return scene
  }

  /// Every face's characters, at sizes and places that put their edges across pixels, pixel
  /// for pixel the same drawn from the binary and read with FreeType from the font fontconfig
  /// matches (the tests install the DejaVu fonts).
  @Test(arguments: BuiltInGlyphs.faces.indices)
  func builtInGlyphsAreFreeTypesOutlines(face index: Int) throws {
    let face = BuiltInGlyphs.faces[index]
    let characters = String(
      String.UnicodeScalarView(face.glyphs.keys.sorted().compactMap(Unicode.Scalar.init)))
    for (size, x) in [(9.0, 0.0), (23.5, 10.25), (41.0, 17.6)] {
      let images = try [true, false].map { builtIn in
        let renderer = Renderer()
        renderer.drawsTextAsPaths = true
        renderer.usesBuiltInGlyphs = builtIn
        let image = try renderer.renderImage(
          line(characters, face: face, size: size, at: x), width: 240, height: 80)
        #expect(renderer.glyphOutlines == nil || !builtIn, "the built-in glyphs read a font")
        return image.withPixels { pixels, _ in Array(pixels) }
      }
      #expect(images[0].contains { $0 != 0 }, "\(face.family) drew nothing")
      let differing = zip(images[0], images[1]).filter { $0 != $1 }.count
      #expect(
        differing == 0, "\(face.family) bold \(face.bold) at \(size): \(differing) pixels differ")
    }
  }

  @Test func aCharacterNotKeptIsReadFromTheFont() throws {
    let face = try #require(BuiltInGlyphs.face(family: "DejaVu Sans", weight: .regular))
    #expect(face.covers("12:45".unicodeScalars.map(\.value)))
    #expect(!face.covers("12:45 Ag".unicodeScalars.map(\.value)))
    let renderer = Renderer()
    renderer.drawsTextAsPaths = true
    _ = try renderer.renderImage(line("12 Ag", face: face, size: 20, at: 0), width: 240, height: 80)
    #expect(renderer.glyphOutlines != nil)
  }
}
