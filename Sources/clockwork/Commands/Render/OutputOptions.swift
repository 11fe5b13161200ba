import ArgumentParser
import ClockworkCairo
import ClockworkScene
import ClockworkSystem
import FoundationEssentials

/// Where and how a stamp is written: shared by `render clock` and `render timer`.
struct OutputOptions: ParsableArguments {
  @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (.png, .svg or .pdf), or - for standard output (with --format).", valueName: "file"))
  var output: String

  @Option(help: ArgumentHelp("png, svg or pdf (default: from the file's extension).", valueName: "format"))
  var format: String?

  @Option(help: ArgumentHelp("Width and height in pixels (points for PDF), 1 to 8192.", valueName: "px"))
  var size: Int = 512

  @Option(help: ArgumentHelp("Write this many numbered frames (1 to 10000).", valueName: "n"))
  var frames: Int = 1

  @Option(help: ArgumentHelp("Frames per second of the sequence (0.01 to 240).", valueName: "f"))
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
    if let problem = OutputFolder.problem(writing: output) { throw RuntimeFailure("cannot write \(output): \(problem)") }
    let renderer = Renderer()
    var written: [URL] = []
    do {
      for index in 0..<frames {
        let url = url(forFrame: index)
        try renderer.write(try layerForFrame(index), width: size, height: size, to: url, format: format)
        written.append(url)
      }
    } catch {
      for url in written { try? FileManager.default.removeItem(at: url) }
      if let failure = error as? RuntimeFailure { throw failure }
      throw RuntimeFailure("cannot write \(output): \(error.reason)")
    }
  }
}

extension OutputOptions {
  /// Draws into a temporary file (the renderer writes files) and copies it to standard output.
  func writeToStandardOutput(_ layer: Layer, format: ImageFormat) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("clockwork-\(UUID().uuidString).\(format.rawValue)")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try Renderer().write(layer, width: size, height: size, to: file, format: format)
      try StandardOutput.copy(Data(contentsOf: file))
    } catch {
      throw RuntimeFailure("cannot write the picture to standard output: \(error.reason)")
    }
  }
}
