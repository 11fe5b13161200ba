import ClockworkScene

// Every stored property, for the dial's raster key (`ClockFace.staticKey`): a test holds the
// names to the ones `Mirror` finds, so that one added and left out here fails it.

extension ClockTheme: StableHashable {
  /// Every part of the look.
  public func combine(into hash: inout StableHash) {
    hash.combine("name", name)
    hash.combine("background", background)
    hash.combine("dial", dial)
    hash.combine("ticks", ticks)
    hash.combine("numerals", numerals)
    hash.combine("hourHand", hourHand)
    hash.combine("minuteHand", minuteHand)
    hash.combine("secondHand", secondHand)
    hash.combine("cap", cap)
    hash.combine("ring", ring)
    hash.combine("shadow", shadow)
    hash.combine("layout", layout)
  }
}

extension ClockTheme.Dial: StableHashable {
  /// The disc, its border and its picture.
  public func combine(into hash: inout StableHash) {
    hash.combine("color", color)
    hash.combine("borderColor", borderColor)
    hash.combine("borderWidth", borderWidth)
    hash.combine("image", image)
    hash.combine("imagePlacement", imagePlacement)
  }
}

extension ClockTheme.ImagePlacement: StableHashable {}

extension ClockTheme.Ticks: StableHashable {
  /// Their colour and sizes.
  public func combine(into hash: inout StableHash) {
    hash.combine("color", color)
    hash.combine("minorLength", minorLength)
    hash.combine("minorWidth", minorWidth)
    hash.combine("majorLength", majorLength)
    hash.combine("majorWidth", majorWidth)
  }
}

extension ClockTheme.Numerals.Style: StableHashable {}

extension ClockTheme.Numerals: StableHashable {
  /// Their style, colour, font and place.
  public func combine(into hash: inout StableHash) {
    hash.combine("style", style)
    hash.combine("color", color)
    hash.combine("font", font)
    hash.combine("size", size)
    hash.combine("radius", radius)
    hash.combine("twentyFour", twentyFour)
  }
}

extension ClockTheme.Hand: StableHashable {
  /// Its colour, shape, picture and shadow.
  public func combine(into hash: inout StableHash) {
    hash.combine("color", color)
    hash.combine("width", width)
    hash.combine("start", start)
    hash.combine("end", end)
    hash.combine("disc", disc)
    hash.combine("image", image)
    hash.combine("pivot", pivot)
    hash.combine("shadow", shadow)
  }
}

extension ClockTheme.Cap: StableHashable {
  /// Its colour, size and shadow.
  public func combine(into hash: inout StableHash) {
    hash.combine("color", color)
    hash.combine("radius", radius)
    hash.combine("shadow", shadow)
  }
}

extension ClockTheme.Ring: StableHashable {
  /// Its colour, width and place.
  public func combine(into hash: inout StableHash) {
    hash.combine("color", color)
    hash.combine("width", width)
    hash.combine("front", front)
  }
}

extension ClockTheme.HandShadow: StableHashable {
  /// Its colour, opacity, offset and blur.
  public func combine(into hash: inout StableHash) {
    hash.combine("color", color)
    hash.combine("opacity", opacity)
    hash.combine("offsetX", offsetX)
    hash.combine("offsetY", offsetY)
    hash.combine("blur", blur)
  }
}

extension ClockLayout: StableHashable {
  /// The insets and each part's rectangle.
  public func combine(into hash: inout StableHash) {
    hash.combine("insets", insets)
    hash.combine("dial", dial)
    hash.combine("ring", ring)
    hash.combine("hourHand", hourHand)
    hash.combine("minuteHand", minuteHand)
    hash.combine("secondHand", secondHand)
    hash.combine("cap", cap)
  }
}

extension ClockParts: StableHashable {
  /// Its bits.
  public func combine(into hash: inout StableHash) { hash.combine("rawValue", rawValue) }
}
