import ClockworkCairo
import ClockworkScene
import ClockworkSystem
import FoundationEssentials
import Glibc
import SystemPackage

/// Writes a stamp's frames: one file, numbered files (`name-0001.png` …), one animation (GIF or
/// WebP, its frames `fps` a second), a device or named pipe, or standard output. A file is whole
/// or not at all, and a failed sequence removes the frames it wrote.
///
/// ```swift
/// try StampFiles(output: "tick.png", format: .png, size: 256, frames: 30).write { index in face.layer }
/// ```
public struct StampFiles {
  /// The file; `-` for standard output.
  public var output: String
  /// The image format: PNG, SVG or PDF.
  public var format: ImageFormat
  /// The side of each image, in pixels (points for SVG and PDF).
  public var size: Int
  /// How many frames: 1 for one file, more for numbered files or an animation's frames.
  public var frames: Int
  /// Frames a second: an animation's timing.
  public var fps: Double

  /// Frames of `size` in `format`, `fps` a second, written to `output`.
  public init(output: String, format: ImageFormat, size: Int, frames: Int, fps: Double = 30) {
    self.output = output
    self.format = format
    self.size = size
    self.frames = frames
    self.fps = fps
  }

  /// Why these frames are too many to animate (all their pixels over
  /// ``Renderer/maximumAnimationPixels``), or `nil`.
  public var animationProblem: String? {
    let pixels = frames * size * size
    guard format.isAnimated, pixels > Renderer.maximumAnimationPixels else { return nil }
    return
      "\(frames) frames of \(size)×\(size) are \(pixels / 1_000_000) million pixels; an animation may have \(Renderer.maximumAnimationPixels / 1_000_000) million: fewer --frames or a smaller --size"
  }

  /// Why a stamp could not be written.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    case isFolder(String)
    case isSocket(String)
    case cannotWrite(String, String)
    case cannotWriteStandardOutput(String)

    /// What went wrong, with the path.
    public var description: String {
      switch self {
      case .isFolder(let path): "cannot write \(path): it is a folder"
      case .isSocket(let path): "cannot write \(path): it is a socket"
      case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
      case .cannotWriteStandardOutput(let reason):
        "cannot write the picture to standard output: \(reason)"
      }
    }
  }

  var toStandardOutput: Bool { output == "-" }

  /// The file for frame `index` (0-based): the output itself for one frame or an animation,
  /// else `name-0001.ext`.
  public func url(forFrame index: Int) -> URL {
    let url = URL(fileURLWithPath: output)
    guard frames > 1, !format.isAnimated else { return url }
    let ext = url.pathExtension
    let base = url.deletingPathExtension().lastPathComponent
    let number = String(index + 1)
    let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
    return url.deletingLastPathComponent().appendingPathComponent(
      "\(base)-\(padded)" + (ext.isEmpty ? "" : ".\(ext)"))
  }

  /// Writes each frame that `layerForFrame` gives.
  public func write(_ layerForFrame: (Int) throws -> Layer) throws {
    if toStandardOutput {
      let layer = try layerForFrame(0)
      do { return try copyRendered(layer, to: nil) } catch {
        throw Failure.cannotWriteStandardOutput(error.reason)
      }
    }
    let renderer = Renderer()
    if format.isAnimated, case .file(let url) = try OutputTarget(url(forFrame: 0)) {
      do {
        return try renderer.writeAnimation(
          frames: frames, width: size, height: size,
          milliseconds: { ImageFormat.milliseconds(ofFrame: $0, fps: fps) }, to: url,
          format: format, layerForFrame: layerForFrame)
      } catch {
        throw Failure.cannotWrite(output, error.reason)
      }
    }
    var written: [URL] = []
    do {
      for index in 0..<frames {
        let layer = try layerForFrame(index)
        switch try OutputTarget(url(forFrame: index)) {
        case .file(let url):
          try renderer.write(layer, width: size, height: size, to: url, format: format)
          written.append(url)
        case .stream(let url):
          try copyRendered(layer, to: url.path)
        }
      }
    } catch {
      for url in written { try? FileManager.default.removeItem(at: url) }
      if let failure = error as? Failure { throw failure }
      throw Failure.cannotWrite(output, error.reason)
    }
  }

  /// Writes `document` (an SVG made whole elsewhere) to the output: a file whole or not at all,
  /// a device or named pipe, or standard output.
  public func write(document: Data) throws {
    do {
      if toStandardOutput { return try send(document, to: nil) }
      switch try OutputTarget(url(forFrame: 0)) {
      case .file(let url): try document.write(to: url, options: .atomic)
      case .stream(let url): try send(document, to: url.path)
      }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw toStandardOutput
        ? Failure.cannotWriteStandardOutput(error.reason)
        : Failure.cannotWrite(output, error.reason)
    }
  }

  /// Draws into a temporary file (the renderer writes files) and copies it to the device or
  /// pipe at `path`, or to standard output when `path` is nil.
  func copyRendered(_ layer: Layer, to path: String?) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clockwork-\(UUID().uuidString).\(format.rawValue)")
    defer { try? FileManager.default.removeItem(at: file) }
    try Renderer().write(layer, width: size, height: size, to: file, format: format)
    try send(try Data(contentsOf: file), to: path)
  }

  /// Writes `bytes` to the device or pipe at `path`, or to standard output when `path` is nil.
  func send(_ bytes: Data, to path: String?) throws {
    guard let path else { return try StandardOutput.copy(bytes) }
    let stream = try FileDescriptor.open(path, .writeOnly)
    try stream.closeAfter { _ = try stream.writeAll(bytes) }
  }

  /// Why `path` cannot be written, or `nil`: its folder is missing (or not a folder), or it
  /// cannot be written (read-only). Checked before the work that makes it (a stamp's frames, a
  /// stopwatch's laps).
  public static func problem(writing path: String) -> OutputProblem? {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    var info = stat()
    guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      return .missingFolder("the folder \(directory.path) does not exist")
    }
    guard access(directory.path, W_OK) == 0 else {
      return .notWritable(
        "the folder \(directory.path) cannot be written (\(String(cString: strerror(errno))))")
    }
    return nil
  }

  /// A file that cannot be written where it is asked for: a folder named that is not there (a
  /// mistake in the command), or one that is there but refuses writing (a fault of the system).
  public enum OutputProblem: Hashable, Sendable, CustomStringConvertible {
    case missingFolder(String)
    case notWritable(String)

    /// What is wrong, with the folder.
    public var description: String {
      switch self {
      case .missingFolder(let text), .notWritable(let text): text
      }
    }
  }
}

/// Where a picture goes: a regular file (new or replaced, written whole or not at all) or a
/// device or named pipe written to in place. Symbolic links are followed to what they name.
enum OutputTarget {
  case file(URL)
  case stream(URL)

  init(_ url: URL) throws(StampFiles.Failure) {
    let resolved = Self.following(url)
    var info = stat()
    guard stat(resolved.path, &info) == 0 else {
      self = .file(resolved)
      return
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: self = .file(resolved)
    case S_IFDIR: throw .isFolder(url.path)
    case S_IFSOCK: throw .isSocket(url.path)
    default: self = .stream(resolved)
    }
  }

  /// The path a chain of symbolic links ends at (which may not exist yet).
  static func following(_ url: URL) -> URL {
    var current = url
    for _ in 0..<40 {  // as the kernel's own limit on links in a path
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
      else { return current }
      current =
        target.hasPrefix("/")
        ? URL(fileURLWithPath: target)
        : current.deletingLastPathComponent().appendingPathComponent(target)
    }
    return current
  }
}
