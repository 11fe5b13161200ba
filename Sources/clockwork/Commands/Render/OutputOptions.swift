import ArgumentParser
import ClockworkCairo
import ClockworkScene
import ClockworkSystem
import FoundationEssentials
import Glibc
import SystemPackage

/// Where and how a stamp is written: shared by `render clock` and `render timer`.
struct OutputOptions: ParsableArguments {
  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The file to write (.png, .svg or .pdf), or - for standard output (with --format).",
      discussion: """
        A file is written whole or not at all (a temporary file beside it, then renamed). A \
        symbolic link is followed: the file it points to is replaced and the link stays. A device \
        or a named pipe is written to directly. A folder is refused.
        """, valueName: "file"), completion: Completions.picture)
  var output: String

  @Option(help: ArgumentHelp("png, svg or pdf (default: from the file's extension).", valueName: "format"), completion: Completions.format)
  var format: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Width and height in pixels (points for PDF), 1 to 8192.", valueName: "px"))
  var size: Int = 512

  @Option(parsing: .unconditional, help: ArgumentHelp("Write this many numbered frames (1 to 10000).", valueName: "n"))
  var frames: Int = 1

  @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second of the sequence (0.01 to 240).", valueName: "f"))
  var fps: Double = 30

  static let maximumSize = 8192

  func validate() throws {
    guard (1...Self.maximumSize).contains(size) else {
      throw ValidationError("--size must be from 1 to \(Self.maximumSize) pixels, got \(size)")
    }
    guard (1...10_000).contains(frames) else { throw ValidationError("--frames must be from 1 to 10000, got \(frames)") }
    guard fps.isFinite, (0.01...240).contains(fps) else { throw ValidationError("--fps must be from 0.01 to 240, got \(fps)") }
    _ = try resolvedFormat()
    guard !output.isEmpty else { throw ValidationError("-o/--output needs a file name") }
    if !toStandardOutput, let problem = OutputFolder.problem(writing: output) {
      throw ValidationError("cannot write \(output): \(problem)")
    }
    if toStandardOutput {
      guard frames == 1 else { throw ValidationError("-o - writes one picture; --frames needs a file name") }
      guard !StandardOutput.isTerminal else {
        throw ValidationError("-o - writes the picture to standard output, which is a terminal here; redirect it (> file) or pipe it")
      }
    }
  }

  /// `-o -`: the picture goes to standard output.
  var toStandardOutput: Bool { output == "-" }

  func resolvedFormat() throws -> ImageFormat {
    let formats = ImageFormat.allCases.map(\.rawValue).joined(separator: ", ")
    if let format {
      guard let chosen = ImageFormat(rawValue: format.lowercased()) else {
        throw ValidationError("unknown format '\(format)' (use one of \(formats))")
      }
      return chosen
    }
    let ext = URL(fileURLWithPath: output).pathExtension
    guard !toStandardOutput else { throw ValidationError("-o - needs --format (\(formats)): there is no file name to tell it from") }
    guard let chosen = ImageFormat(fileExtension: ext) else {
      throw ValidationError("cannot tell the format of '\(output)' from its extension; name it .png, .svg or .pdf, or pass --format (\(formats))")
    }
    return chosen
  }

  /// The file for frame `index` (0-based): the output itself for one frame, else `name-0001.ext`.
  func url(forFrame index: Int) -> URL {
    let url = URL(fileURLWithPath: output)
    guard frames > 1 else { return url }
    let ext = url.pathExtension
    let base = url.deletingPathExtension().lastPathComponent
    let number = String(index + 1)
    let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
    return url.deletingLastPathComponent().appendingPathComponent("\(base)-\(padded)" + (ext.isEmpty ? "" : ".\(ext)"))
  }

  /// Writes each frame that `layerForFrame` gives. If any write fails, the frames already
  /// written by this run are removed, so a failed run leaves nothing behind.
  func write(_ layerForFrame: (Int) throws -> Layer) throws {
    let format = try resolvedFormat()
    if toStandardOutput { return try writeToStandardOutput(try layerForFrame(0), format: format) }
    let renderer = Renderer()
    var written: [URL] = []
    do {
      for index in 0..<frames {
        let layer = try layerForFrame(index)
        switch try OutputTarget(url(forFrame: index)) {
        case .file(let url):
          try renderer.write(layer, width: size, height: size, to: url, format: format)
          written.append(url)
        case .stream(let url):
          try copyRendered(layer, format: format, to: url.path)
        }
      }
    } catch {
      for url in written { try? FileManager.default.removeItem(at: url) }
      if let failure = error as? RuntimeFailure { throw failure }
      throw RuntimeFailure("cannot write \(output): \(error.reason)")
    }
  }
}

extension OutputOptions {
  func writeToStandardOutput(_ layer: Layer, format: ImageFormat) throws {
    do { try copyRendered(layer, format: format, to: nil) } catch {
      throw RuntimeFailure("cannot write the picture to standard output: \(error.reason)")
    }
  }

  /// Draws into a temporary file (the renderer writes files) and copies it to the device or
  /// pipe at `path`, or to standard output when `path` is nil.
  func copyRendered(_ layer: Layer, format: ImageFormat, to path: String?) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("clockwork-\(UUID().uuidString).\(format.rawValue)")
    defer { try? FileManager.default.removeItem(at: file) }
    try Renderer().write(layer, width: size, height: size, to: file, format: format)
    let bytes = try Data(contentsOf: file)
    guard let path else { return try StandardOutput.copy(bytes) }
    let stream = try FileDescriptor.open(path, .writeOnly)
    try stream.closeAfter { _ = try stream.writeAll(bytes) }
  }
}

/// Where a picture goes: a regular file (new or replaced, written whole or not at all) or a
/// device or named pipe written to in place. Symbolic links are followed to what they name.
enum OutputTarget {
  case file(URL)
  case stream(URL)

  init(_ url: URL) throws {
    let resolved = Self.following(url)
    var info = stat()
    guard stat(resolved.path, &info) == 0 else { self = .file(resolved); return }
    switch info.st_mode & S_IFMT {
    case S_IFREG: self = .file(resolved)
    case S_IFDIR: throw RuntimeFailure("cannot write \(url.path): it is a folder")
    case S_IFSOCK: throw RuntimeFailure("cannot write \(url.path): it is a socket")
    default: self = .stream(resolved)
    }
  }

  /// The path a chain of symbolic links ends at (which may not exist yet).
  static func following(_ url: URL) -> URL {
    var current = url
    for _ in 0..<40 {  // as the kernel's own limit on links in a path
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { return current }
      current = target.hasPrefix("/") ? URL(fileURLWithPath: target) : current.deletingLastPathComponent().appendingPathComponent(target)
    }
    return current
  }
}
