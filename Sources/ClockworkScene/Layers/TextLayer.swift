import FoundationEssentials

/// A layer that draws one line of text in its bounds.
///
/// ```swift
/// let label = TextLayer()
/// label.string = "4:59"
/// label.fontSize = 48
/// label.alignment = .center
/// label.verticalAlignment = .center
/// ```
open class TextLayer: Layer {
  /// Where each line sits across the bounds.
  public enum Alignment: String, Hashable, Sendable { case left, center, right }
  /// `center` centres the string's own ink; `baseline` centres the font's line (ascent over
  /// descent), so strings drawn apart — one character each — share a baseline.
  public enum VerticalAlignment: String, Hashable, Sendable { case top, center, baseline }
  /// The font's weight.
  public enum Weight: String, Hashable, Sendable { case regular, bold }

  /// Every text property in one value, copied in one step.
  @exclusivity(unchecked) public final var textProperties = TextProperties()
  /// The text drawn.
  public var string: String {
    get { textProperties.string }
    set { textProperties.string = newValue }
  }
  /// A fontconfig family name.
  public var fontFamily: String {
    get { textProperties.fontFamily }
    set { textProperties.fontFamily = newValue }
  }
  /// The font's size, in points of the layer's space.
  public var fontSize: Double {
    get { textProperties.fontSize }
    set { textProperties.fontSize = newValue }
  }
  /// The font's weight.
  public var fontWeight: TextLayer.Weight {
    get { textProperties.fontWeight }
    set { textProperties.fontWeight = newValue }
  }
  /// The text's colour.
  public var foregroundColor: Color {
    get { textProperties.foregroundColor }
    set { textProperties.foregroundColor = newValue }
  }
  /// Where each line sits across the bounds.
  public var alignment: TextLayer.Alignment {
    get { textProperties.alignment }
    set { textProperties.alignment = newValue }
  }
  /// Where the text sits down the bounds.
  public var verticalAlignment: TextLayer.VerticalAlignment {
    get { textProperties.verticalAlignment }
    set { textProperties.verticalAlignment = newValue }
  }

  public override init() { super.init() }

  /// A copy of `other`'s model values, its text included.
  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? TextLayer else { return }
    textProperties = other.textProperties
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other) && textProperties == (other as? TextLayer)?.textProperties
  }

  open override func tint(by color: Color) {
    super.tint(by: color)
    textProperties.foregroundColor = textProperties.foregroundColor.multiplied(by: color)
  }

  /// Glyphs may reach past the bounds; without measuring them there is no box.
  open override var contentBox: Rect? { nil }
}

/// A layer that shows a picture (PNG or SVG).
///
/// ```swift
/// let dial = ImageLayer()
/// dial.image = try ImageData(contentsOf: URL(fileURLWithPath: "dial.png"))
/// dial.contentsGravity = .resizeAspect
/// ```
open class ImageLayer: Layer {
  /// How the picture is fitted into the bounds.
  public enum Gravity: String, Hashable, Sendable {
    case resize, resizeAspect, resizeAspectFill, center
  }

  /// The picture drawn; `nil` for none.
  public var image: ImageData?
  /// How the picture is fitted into the bounds.
  public var contentsGravity: Gravity = .resize

  public override init() { super.init() }

  /// A copy of `other`'s model values, its picture included.
  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? ImageLayer else { return }
    image = other.image
    contentsGravity = other.contentsGravity
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    guard let other = other as? ImageLayer else { return false }
    return super.drawsLike(other) && image === other.image
      && contentsGravity == other.contentsGravity
  }

  open override var contentBox: Rect? { bounds }
}

/// An encoded picture (PNG or SVG). A renderer decodes it once and caches by identity; two
/// pictures with the same bytes are equal.
public final class ImageData: Hashable, Encodable, Sendable {
  /// The picture's encoding.
  public enum Format: String, Hashable, Sendable, Encodable { case png, svg }

  /// The encoded picture.
  public let bytes: Data
  /// The picture's encoding.
  public let format: Format
  /// Where the bytes came from (a file's path), to name it in messages.
  public let source: String
  /// In pixels, when known: a PNG's from its header, an SVG's once a renderer has measured it.
  public let size: Size?

  /// A picture from `bytes` in `format`; `source` names it in errors, and `size` is its size when
  /// known.
  public init(bytes: Data, format: Format, source: String = "picture", size: Size? = nil) {
    self.bytes = bytes
    self.format = format
    self.source = source
    self.size = size ?? (format == .png ? Self.pngSize(bytes) : nil)
  }

  /// A PNG picture.
  public convenience init(png: Data) { self.init(bytes: png, format: .png) }

  /// Reads a PNG or SVG file, told apart by its content.
  /// - Throws: ``ImageDataError`` when the file cannot be read or is neither.
  public convenience init(contentsOf url: URL) throws(ImageDataError) {
    let bytes: Data
    do { bytes = try Data(contentsOf: url) } catch {
      throw ImageDataError(source: url.path, problem: "cannot read the file")
    }
    guard let format = Self.format(of: bytes) else {
      throw ImageDataError(source: url.path, problem: "not a PNG or SVG picture")
    }
    self.init(bytes: bytes, format: format, source: url.path)
  }

  /// The width and height in a PNG's header chunk (IHDR, right after the signature).
  static func pngSize(_ bytes: Data) -> Size? {
    guard bytes.count >= 24 else { return nil }
    func number(at offset: Int) -> Double {
      let start = bytes.startIndex + offset
      return Double(bytes[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
    return Size(width: number(at: 16), height: number(at: 20))
  }

  /// PNG by its signature; SVG by an `<svg` element near the start of XML text.
  public static func format(of bytes: Data) -> Format? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    if head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "<", head.contains("<svg")
    {
      return .svg
    }
    return nil
  }

  /// Two pictures are equal when they have the same format and bytes.
  public static func == (a: ImageData, b: ImageData) -> Bool {
    a === b || (a.format == b.format && a.bytes == b.bytes)
  }
  /// Hashes the picture's bytes.
  public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

  /// A digest of the bytes, stable across runs (keys of rasters kept on disk).
  public func encode(to encoder: Encoder) throws {
    var hash = StableHash()
    hash.combine(bytes)
    var container = encoder.singleValueContainer()
    try container.encode("\(format.rawValue) \(String(hash.value, radix: 16))")
  }
}

/// A picture that could not be read: where it came from, and what was wrong.
public struct ImageDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the picture came from: a file's path, or what code called it.
  public var source: String
  /// What was wrong with it.
  public var problem: String
  /// An error for the picture from `source`.
  public init(source: String, problem: String) { (self.source, self.problem) = (source, problem) }
  /// The source and the problem, for a message.
  public var description: String { "\(source): \(problem)" }
}

/// The properties of a ``TextLayer``.
public struct TextProperties: Hashable, Sendable {
  /// See `TextLayer.string`.
  public var string: String = ""
  /// See `TextLayer.fontFamily`.
  public var fontFamily: String = "DejaVu Sans"
  /// See `TextLayer.fontSize`.
  public var fontSize: Double = 36
  /// See `TextLayer.fontWeight`.
  public var fontWeight: TextLayer.Weight = .regular
  /// See `TextLayer.foregroundColor`.
  public var foregroundColor: Color = .white
  /// See `TextLayer.alignment`.
  public var alignment: TextLayer.Alignment = .left
  /// See `TextLayer.verticalAlignment`.
  public var verticalAlignment: TextLayer.VerticalAlignment = .top

  /// The default text: empty, DejaVu Sans at 36 points, white, top left.
  public init() {}
}
