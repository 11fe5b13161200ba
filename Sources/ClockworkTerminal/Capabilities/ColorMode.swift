/// How many colours the terminal shows.
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
  case truecolor
  case palette256 = "256"
  case palette16 = "16"
  case none

  /// Reads the environment: `NO_COLOR` (any value) turns colour off; `COLORTERM=truecolor` or
  /// `24bit` gives truecolor; a `TERM` ending in `256color` gives 256; `dumb` gives none; anything
  /// else 16.
  public static func detect(environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
    let term = environment["TERM"]?.lowercased() ?? ""
    if term.isEmpty || term == "dumb" { return .none }
    if term.hasSuffix("256color") || term.contains("256") { return .palette256 }
    if term.contains("direct") { return .truecolor }
    return .palette16
  }

  /// Whether anti-aliased edges help: with 16 colours or none, a blended edge becomes a third
  /// colour of its own, and thin strokes (a dial's numerals) break into fragments.
  public var blendsEdges: Bool { self == .truecolor || self == .palette256 }
}

/// Nearest entries of the xterm 256-colour and the 16-colour palettes.
public enum Palette {
  static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The xterm-256 index nearest to `color`: from the 6×6×6 cube or the 24-step grey ramp.
  public static func index256(_ color: RGB) -> Int {
    func level(_ v: UInt8) -> Int {
      let x = Int(v)
      return x < 48 ? 0 : x < 115 ? 1 : (x - 35) / 40
    }
    let (lr, lg, lb) = (level(color.r), level(color.g), level(color.b))
    let cube = RGB(UInt8(cubeLevels[lr]), UInt8(cubeLevels[lg]), UInt8(cubeLevels[lb]))
    let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
    let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
    let greyLevel = UInt8(8 + 10 * greyIndex)
    let grey = RGB(greyLevel, greyLevel, greyLevel)
    return distance(color, cube) <= distance(color, grey)
      ? 16 + 36 * lr + 6 * lg + lb : 232 + greyIndex
  }

  /// The standard VGA-like values of the 16 ANSI colours.
  public static let ansi16: [RGB] = [
    RGB(0, 0, 0), RGB(170, 0, 0), RGB(0, 170, 0), RGB(170, 85, 0), RGB(0, 0, 170), RGB(170, 0, 170),
    RGB(0, 170, 170), RGB(170, 170, 170),
    RGB(85, 85, 85), RGB(255, 85, 85), RGB(85, 255, 85), RGB(255, 255, 85), RGB(85, 85, 255),
    RGB(255, 85, 255), RGB(85, 255, 255), RGB(255, 255, 255),
  ]

  /// The nearest of the 16 ANSI colours (``ansi16``) to `color`, as its index.
  public static func index16(_ color: RGB) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in ansi16.enumerated() {
      let d = distance(color, entry)
      if d < bestDistance { (best, bestDistance) = (index, d) }
    }
    return best
  }

  static func distance(_ a: RGB, _ b: RGB) -> Int {
    let dr = Int(a.r) - Int(b.r)
    let dg = Int(a.g) - Int(b.g)
    let db = Int(a.b) - Int(b.b)
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }
}
