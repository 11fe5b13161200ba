import CCairo
import ClockworkScene
import FoundationEssentials
import Glibc

/// Output file formats: raster PNG, or vector SVG and PDF.
public enum ImageFormat: String, CaseIterable, Sendable {
  case png, svg, pdf

  /// The format a file name's extension names, if any.
  public init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }
}

extension Renderer {
  /// Draws `layer` into a `width`×`height` image (pixels for PNG, points for SVG and PDF) and
  /// writes it to `url`. The file appears whole or not at all: it is written to a temporary
  /// file beside `url` and renamed.
  public func write(_ layer: Layer, width: Int, height: Int, to url: URL, format: ImageFormat)
    throws
  {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    defer { try? FileManager.default.removeItem(at: temporary) }
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
    }
    if rename(temporary.path, url.path) != 0 {
      var error = CairoError(CAIRO_STATUS_WRITE_ERROR, "renaming the finished file to \(url.path)")
      error.message = String(cString: strerror(errno))
      throw error
    }
  }
}
