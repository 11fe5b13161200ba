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
  public enum Alignment: String, Hashable, Sendable { case left, center, right }
  /// `center` centres the string's own ink; `baseline` centres the font's line (ascent over
  /// descent), so strings drawn apart — one character each — share a baseline.
  public enum VerticalAlignment: String, Hashable, Sendable { case top, center, baseline }
  public enum Weight: String, Hashable, Sendable { case regular, bold }

  @exclusivity(unchecked) public final var textProperties = TextProperties()
  public var string: String {
    get { textProperties.string }
    set { textProperties.string = newValue }
  }
  /// A fontconfig family name.
  public var fontFamily: String {
    get { textProperties.fontFamily }
    set { textProperties.fontFamily = newValue }
  }
  public var fontSize: Double {
    get { textProperties.fontSize }
    set { textProperties.fontSize = newValue }
  }
  public var fontWeight: TextLayer.Weight {
    get { textProperties.fontWeight }
    set { textProperties.fontWeight = newValue }
  }
  public var foregroundColor: Color {
    get { textProperties.foregroundColor }
    set { textProperties.foregroundColor = newValue }
  }
  public var alignment: TextLayer.Alignment {
    get { textProperties.alignment }
    set { textProperties.alignment = newValue }
  }
  public var verticalAlignment: TextLayer.VerticalAlignment {
    get { textProperties.verticalAlignment }
    set { textProperties.verticalAlignment = newValue }
  }

  public override init() { super.init() }

  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? TextLayer else { return }
    textProperties = other.textProperties
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    super.drawsLike(other) && textProperties == (other as? TextLayer)?.textProperties
  }

  /// Glyphs may reach past the bounds; without measuring them there is no box.
  open override var contentBox: Rect? { nil }
}

/// A layer that shows a PNG image.
///
/// ```swift
/// let dial = ImageLayer()
/// dial.image = try ImageData(contentsOf: URL(fileURLWithPath: "dial.png"))
/// dial.contentsGravity = .resizeAspect
/// ```
open class ImageLayer: Layer {
  public enum Gravity: String, Hashable, Sendable { case resize, resizeAspect, resizeAspectFill, center }

  public var image: ImageData?
  public var contentsGravity: Gravity = .resize

  public override init() { super.init() }

  public required init(copying other: Layer) {
    super.init(copying: other)
    guard let other = other as? ImageLayer else { return }
    image = other.image
    contentsGravity = other.contentsGravity
  }

  open override func drawsLike(_ other: Layer) -> Bool {
    guard let other = other as? ImageLayer else { return false }
    return super.drawsLike(other) && image === other.image && contentsGravity == other.contentsGravity
  }

  open override var contentBox: Rect? { bounds }
}

/// Encoded image bytes (PNG). A renderer decodes them once and caches by identity.
public final class ImageData: Sendable {
  public let png: Data

  public init(png: Data) { self.png = png }

  public convenience init(contentsOf url: URL) throws {
    self.init(png: try Data(contentsOf: url))
  }
}

/// The properties of a ``TextLayer``.
public struct TextProperties: Hashable, Sendable {
  public var string: String = ""
  public var fontFamily: String = "DejaVu Sans"
  public var fontSize: Double = 36
  public var fontWeight: TextLayer.Weight = .regular
  public var foregroundColor: Color = .white
  public var alignment: TextLayer.Alignment = .left
  public var verticalAlignment: TextLayer.VerticalAlignment = .top

  public init() {}
}
