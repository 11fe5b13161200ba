/// Block glyphs that split a cell into 2×3, 2×2 or 1×2 parts.
///
/// A mask sets one bit per part, row by row from the top left: for sextants bit 0 is the top
/// left and bit 5 the bottom right.
public enum GlyphSet: String, Hashable, Sendable, CaseIterable {
  case sextant, quadrant, half

  /// Samples per cell across and down.
  public var samples: (x: Int, y: Int) {
    switch self {
    case .sextant: (2, 3)
    case .quadrant: (2, 2)
    case .half: (1, 2)
    }
  }

  /// The mask with every sample set: a full cell.
  public var fullMask: Int { (1 << (samples.x * samples.y)) - 1 }

  /// The glyph whose foreground covers exactly the parts in `mask`.
  public func glyph(_ mask: Int) -> Unicode.Scalar {
    switch self {
    case .sextant: Self.sextants[mask]
    case .quadrant: Self.quadrants[mask]
    case .half: Self.halves[mask]
    }
  }

  /// The block glyph covering the other parts of `glyph` (`nil` for anything else): tables
  /// over the two Unicode blocks, as this is asked for cells by the thousand.
  static func complement(of glyph: Unicode.Scalar) -> Unicode.Scalar? {
    switch glyph.value {
    case 0x20: return "█"
    case 0x2580...0x259F: return blockComplements[Int(glyph.value - 0x2580)]
    case 0x1FB00...0x1FB3B: return sextantComplements[Int(glyph.value - 0x1FB00)]
    default: return nil
    }
  }

  private static let blockComplements: [Unicode.Scalar?] = (0x2580...0x259F).map { value in
    guard let glyph = Unicode.Scalar(UInt32(value)) else { return nil }
    for set in GlyphSet.allCases {
      if let mask = set.mask(of: glyph) { return set.glyph(set.fullMask ^ mask) }
    }
    return nil
  }

  private static let sextantComplements: [Unicode.Scalar?] = (0x1FB00...0x1FB3B).map { value in
    Unicode.Scalar(UInt32(value)).flatMap(GlyphSet.sextant.mask(of:)).map {
      GlyphSet.sextant.glyph(63 ^ $0)
    }
  }

  /// The mask whose glyph is `glyph` in this set.
  func mask(of glyph: Unicode.Scalar) -> Int? { (0...fullMask).first { self.glyph($0) == glyph } }

  static let halves: [Unicode.Scalar] = [" ", "▀", "▄", "█"]
  // Bits: top left 1, top right 2, bottom left 4, bottom right 8.
  static let quadrants: [Unicode.Scalar] = [
    " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
  ]
  /// U+1FB00… holds the 60 sextants that are not a space, a half block or a full block.
  static let sextants: [Unicode.Scalar] = (0..<64).map { mask in
    switch mask {
    case 0: return " "
    case 21: return "▌"
    case 42: return "▐"
    case 63: return "█"
    default:
      let offset = mask - 1 - (mask > 21 ? 1 : 0) - (mask > 42 ? 1 : 0)
      return Unicode.Scalar(0x1FB00 + UInt32(offset)) ?? " "
    }
  }
}

/// How a live view shows pixels: our blitter with one of the glyph sets, chafa's symbol
/// matching, or an image in one of the pixel protocols (encoded by chafa).
public enum Graphics: String, Hashable, Sendable, CaseIterable {
  case sextant, quadrant, half, chafa, sixel, kitty

  /// The graphics that draw with `glyphs`.
  public init(_ glyphs: GlyphSet) {
    switch glyphs {
    case .sextant: self = .sextant
    case .quadrant: self = .quadrant
    case .half: self = .half
    }
  }

  /// What a terminal can show when not told: sextants, except on the Linux console and where
  /// the locale is not UTF-8 (`LANG=C`), whose fonts have half blocks but no sextants.
  public static func detect(environment: [String: String]) -> Graphics {
    let term = environment["TERM"] ?? ""
    if term == "linux" || term.hasPrefix("linux-") { return .half }
    let locale =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]].lazy.compactMap { $0 }
      .first { !$0.isEmpty } ?? ""
    // language_TERRITORY.codeset@modifier, or a codeset alone
    let codeset = locale.split(separator: "@").first?.split(separator: ".").last ?? ""
    let utf8 = codeset.lowercased().filter { $0 != "-" } == "utf8"
    return utf8 ? .sextant : .half
  }

  /// The glyph set of our own blitter; `nil` for chafa and the pixel protocols.
  public var glyphSet: GlyphSet? { GlyphSet(rawValue: rawValue) }

  /// The pixel protocol; `nil` for the modes that draw with glyphs.
  public var pixelProtocol: PixelProtocol? { PixelProtocol(rawValue: rawValue) }
}
