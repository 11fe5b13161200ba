import CAnimation
import ClockworkScene
import FoundationEssentials

/// Why an animation could not be written: its library is missing, or its encoder or the file
/// refused (the encoder's words).
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var description: String
}

extension Renderer {
  /// The most pixels an animation may have, all its frames together (1,000 frames of 500×500):
  /// its frames are drawn one by one, but the time to encode them grows with every pixel.
  public static let maximumAnimationPixels = 250_000_000

  /// Draws `frames` frames (`layerForFrame` gives each) into one looping GIF or WebP at `url`,
  /// frame `i` shown `milliseconds(i)`. Only what changed from the frame before is stored; a
  /// GIF's frames are on white (it has no partial transparency), a WebP's keep their alpha.
  /// Written whole or not at all.
  public func writeAnimation(
    frames: Int, width: Int, height: Int, milliseconds: (Int) -> Int, to url: URL,
    format: ImageFormat, layerForFrame: (Int) throws -> Layer
  ) throws {
    precondition(format.isAnimated, "\(format) is not an animation format")
    try Self.writeWhole(to: url) { temporary in
      var problem = [CChar](repeating: 0, count: 256)
      let said = { String(decoding: problem.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self) }
      guard
        let animation = cw_animation_begin(
          format == .gif ? CW_ANIMATION_GIF : CW_ANIMATION_WEBP, temporary.path, Int32(width),
          Int32(height), &problem, problem.count)
      else { throw AnimationError(description: said()) }
      var finished = false
      defer { if !finished { cw_animation_abandon(animation) } }
      for index in 0..<frames {
        let image = try renderImage(try layerForFrame(index), width: width, height: height)
        let added = image.withPixels { words, _ in
          words.withMemoryRebound(to: UInt8.self) { bytes in
            cw_animation_add(
              animation, bytes.baseAddress, Int32(image.stride), Int32(milliseconds(index)),
              &problem, problem.count)
          }
        }
        guard added == 0 else { throw AnimationError(description: said()) }
      }
      finished = true
      guard cw_animation_finish(animation, &problem, problem.count) == 0 else {
        throw AnimationError(description: said())
      }
    }
  }
}

extension ImageFormat {
  /// How long frame `index` of a sequence at `fps` frames a second is shown, in whole
  /// milliseconds that add up to the sequence's own times (frame `i` starts at `i / fps`).
  public static func milliseconds(ofFrame index: Int, fps: Double) -> Int {
    func start(_ frame: Int) -> Int { Int((Double(frame) * 1000 / fps).rounded()) }
    return start(index + 1) - start(index)
  }
}
