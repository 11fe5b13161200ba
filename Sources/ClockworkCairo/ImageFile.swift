import CCairo
import ClockworkScene
import FoundationEssentials
import Glibc

/// Output file formats: raster PNG, vector SVG and PDF, and animated GIF and WebP.
public enum ImageFormat: String, CaseIterable, Sendable {
  case png, svg, pdf, gif, webp

  /// The format a file name's extension names, if any.
  public init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }

  /// Whether a sequence of frames is one file (an animation) rather than a file a frame.
  public var isAnimated: Bool { self == .gif || self == .webp }
}

extension Renderer {
  /// Draws `layer` into a `width`×`height` image (pixels for PNG, points for SVG and PDF) and
  /// writes it to `url`. The file appears whole or not at all: it is written to a temporary
  /// file beside `url` and renamed.
  public func write(_ layer: Layer, width: Int, height: Int, to url: URL, format: ImageFormat)
    throws
  {
    if format.isAnimated {
      return try writeAnimation(
        frames: 1, width: width, height: height, milliseconds: { _ in 1000 }, to: url,
        format: format
      ) { _ in layer }
    }
    try Self.writeWhole(to: url) { temporary in
      try write(layer, width: width, height: height, toTemporary: temporary, format: format)
    }
  }

  private func write(
    _ layer: Layer, width: Int, height: Int, toTemporary temporary: URL, format: ImageFormat
  ) throws {
    switch format {
    case .png:
      let image = try renderImage(layer, width: width, height: height)
      try image.writePNG(to: temporary)
    case .svg, .pdf:
      let surface =
        format == .svg
        ? try CairoSurface.svg(at: temporary, width: width, height: height)
        : try CairoSurface.pdf(at: temporary, width: width, height: height)
      try render(layer, on: surface)
      try surface.finish()
    case .gif, .webp: preconditionFailure("animations are written by writeAnimation")
    }
  }

  /// Runs `write` on a temporary file beside `url`, then renames it to `url`: the file appears
  /// whole or not at all.
  static func writeWhole(to url: URL, _ write: (URL) throws -> Void) throws {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    defer { try? FileManager.default.removeItem(at: temporary) }
    try write(temporary)
    if rename(temporary.path, url.path) != 0 {
      var error = CairoError(CAIRO_STATUS_WRITE_ERROR, "renaming the finished file to \(url.path)")
      error.message = String(cString: strerror(errno))
      throw error
    }
  }
}
