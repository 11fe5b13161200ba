import ClockworkCairo
import Synchronization

/// A window could not be opened.
public enum WindowError: Error, CustomStringConvertible {
  case noDisplay(String)

  /// What went wrong, as the app says it.
  public var description: String {
    switch self {
    case .noDisplay(let why): "cannot open a window: \(why)"
    }
  }
}

/// A frame's change to the window: the pixels of one rectangle of a `width`×`height` picture
/// (premultiplied ARGB), and the title to show with it.
public struct WindowUpdate: Sendable {
  /// The whole picture's width in pixels.
  public var width: Int
  /// The whole picture's height in pixels.
  public var height: Int
  /// The changed rectangle's left edge.
  public var x: Int
  /// The changed rectangle's top edge.
  public var y: Int
  /// The changed rectangle's width.
  public var rectWidth: Int
  /// The changed rectangle's height.
  public var rectHeight: Int
  let source: UpdatePixels?
  /// A new title, if it changed.
  public var title: String?

  /// The rectangle's pixels, rows packed (a copy); none once a window has shown them.
  public var pixels: [UInt32] {
    var packed: [UInt32] = []
    _ = source?.withRows { rows, rowWords in
      packed = (0..<rectHeight).flatMap { rows[($0 * rowWords)..<($0 * rowWords + rectWidth)] }
      return 0
    }
    return packed
  }

  /// Shown straight from the painter's picture (a toolkit that draws with Cairo paints
  /// ``WindowPainter/picture``): the next paint need not copy this rectangle out first.
  public func shownFromPicture() { source?.release() }
}

/// Where an update's pixels are: in the painter's picture until it is drawn over, and copied
/// out only if that comes before the update is shown (a frame drawn ahead of one still held).
/// A frame shown as soon as it is drawn is never copied but into the window.
final class UpdatePixels: @unchecked Sendable {  // its state behind `state`
  private struct State: @unchecked Sendable {  // the picture is read only under the lock
    var picture: CairoSurface?
    var copy: [UInt32] = []
  }
  private let state: Mutex<State>
  let box: (x: Int, y: Int, width: Int, height: Int)

  init(picture: CairoSurface, box: (x: Int, y: Int, width: Int, height: Int)) {
    state = Mutex(State(picture: picture))
    self.box = box
  }

  /// The picture is about to be drawn over: the rectangle is copied out of it, unless shown.
  func keep() {
    state.withLock { state in
      guard let picture = state.picture else { return }
      state.copy = picture.withPixels { samples, stride in
        [UInt32](unsafeUninitializedCapacity: box.width * box.height) { buffer, count in
          for row in 0..<box.height {
            let start = (box.y + row) * stride + box.x
            _ = UnsafeMutableBufferPointer(
              rebasing: buffer[row * box.width..<(row + 1) * box.width]
            ).initialize(from: samples[start..<start + box.width])
          }
          count = box.width * box.height
        }
      }
      state.picture = nil
    }
  }

  /// Shown: the picture may be drawn over without a copy.
  func release() { state.withLock { $0.picture = nil } }

  /// The rectangle's rows, the first pixel of each `rowWords` apart, to `body` (whose result,
  /// a C call's status, is returned).
  func withRows(_ body: (UnsafeBufferPointer<UInt32>, _ rowWords: Int) -> Int32) -> Int32 {
    state.withLock { state in
      guard let picture = state.picture else {
        guard state.copy.count == box.width * box.height else { return -1 }  // shown
        return state.copy.withUnsafeBufferPointer { body($0, box.width) }
      }
      return picture.withPixels { samples, stride in
        body(UnsafeBufferPointer(rebasing: samples[(box.y * stride + box.x)...]), stride)
      }
    }
  }
}
