import ArgumentParser
import ClockworkCairo
import ClockworkModes
import ClockworkScene
import ClockworkSystem
import FoundationEssentials

/// Where and how a stamp is written: shared by `render clock` and `render timer`.
struct OutputOptions: ParsableArguments {
  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The file to write (.png, .svg, .pdf, or .gif or .webp for an animation), or - for standard output (with --format).",
      discussion: """
        A file is written whole or not at all (a temporary file beside it, then renamed). A \
        symbolic link is followed: the file it points to is replaced and the link stays. A device \
        or a named pipe is written to directly. A folder is refused.
        """, valueName: "file"), completion: Completions.picture)
  var output: String

  @Option(
    help: ArgumentHelp(
      "png, svg, pdf, gif or webp (default: from the file's extension).", valueName: "format"),
    completion: Completions.format)
  var format: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Width and height in pixels (points for PDF), 1 to 8192.", valueName: "px"))
  var size: Int = 512

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Write this many frames (1 to 10000): numbered files, or one GIF or WebP animation.",
      valueName: "n"))
  var frames: Int = 1

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Frames per second of the sequence (0.01 to 240); an animation's frame times.",
      valueName: "f"))
  var fps: Double = 30

  static let maximumSize = 8192

  func validate() throws {
    guard (1...Self.maximumSize).contains(size) else {
      throw ValidationError("--size must be from 1 to \(Self.maximumSize) pixels, got \(size)")
    }
    guard (1...10_000).contains(frames) else {
      throw ValidationError("--frames must be from 1 to 10000, got \(frames)")
    }
    guard fps.isFinite, (0.01...240).contains(fps) else {
      throw ValidationError("--fps must be from 0.01 to 240, got \(fps)")
    }
    if let problem = try files().animationProblem { throw ValidationError(problem) }
    guard !output.isEmpty else { throw ValidationError("-o/--output needs a file name") }
    if !toStandardOutput, let problem = StampFiles.problem(writing: output) {
      throw Self.failure("cannot write \(output)", problem)
    }
    if toStandardOutput {
      guard frames == 1 else {
        throw ValidationError("-o - writes one picture; --frames needs a file name")
      }
      guard !StandardOutput.isTerminal else {
        throw ValidationError(
          "-o - writes the picture to standard output, which is a terminal here; redirect it (> file) or pipe it"
        )
      }
    }
  }

  /// A folder that is not there is a usage error (64); one that refuses writing, a runtime
  /// failure (1), as a file that cannot be written.
  static func failure(_ what: String, _ problem: StampFiles.OutputProblem) -> Error {
    switch problem {
    case .missingFolder: ValidationError("\(what): \(problem)")
    case .notWritable: RuntimeFailure("\(what): \(problem)")
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
    guard !toStandardOutput else {
      throw ValidationError(
        "-o - needs --format (\(formats)): there is no file name to tell it from")
    }
    guard let chosen = ImageFormat(fileExtension: ext) else {
      throw ValidationError(
        "cannot tell the format of '\(output)' from its extension; name it .png, .svg, .pdf, .gif or .webp, or pass --format (\(formats))"
      )
    }
    return chosen
  }

  func files() throws -> StampFiles {
    StampFiles(output: output, format: try resolvedFormat(), size: size, frames: frames, fps: fps)
  }

  /// Writes the document `text` makes (an animated SVG) as a stamp is written: whole or not at
  /// all, to a file, a device or standard output; a failure exits 1.
  func writeText(_ text: () throws -> String) throws {
    do { try files().write(document: Data(try text().utf8)) } catch let failure
      as StampFiles.Failure
    {
      throw RuntimeFailure(failure.description)
    }
  }

  /// Writes each frame that `layerForFrame` gives (``StampFiles``); a failure exits 1.
  func write(_ layerForFrame: (Int) throws -> Layer) throws {
    do { try files().write(layerForFrame) } catch let failure as StampFiles.Failure {
      throw RuntimeFailure(failure.description)
    }
  }
}
