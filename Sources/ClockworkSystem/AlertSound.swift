import CSound
import Dispatch

/// The sound an alert makes, played by the desktop's sound server through libcanberra: a sound
/// of the freedesktop theme (`alarm-clock-elapsed`, `complete`), a file, or none.
///
/// ```swift
/// let problem = AlertSound.theme("complete").play(description: "Timer finished")
/// ```
public enum AlertSound: Hashable, Sendable {
  case theme(String)
  case file(String)
  case none

  /// As saved with a timer or an alarm: `nil` the theme's `event`, "" none, else a file.
  public init(saved: String?, theme event: String) {
    switch saved {
    case nil: self = .theme(event)
    case ""?: self = .none
    case let path?: self = .file(path)
    }
  }

  /// How it is saved (see ``init(saved:theme:)``).
  public var saved: String? {
    switch self {
    case .theme: nil
    case .none: ""
    case .file(let path): path
    }
  }

  /// Asked twice a second during ``play(description:limit:while:)``; one play at a time.
  nonisolated(unsafe) private static var keepPlaying: (() -> Bool)?

  /// Plays it and waits for its end, at most `limit` seconds, or until `keepPlaying` (asked
  /// twice a second) says no; what went wrong, if anything.
  @discardableResult
  public func play(description: String, limit: Double = 30, while keepPlaying: (() -> Bool)? = nil)
    -> String?
  {
    let (event, file): (String, String?)
    switch self {
    case .none: return nil
    case .theme(let name): (event, file) = (name, nil)
    case .file(let path): (event, file) = ("", path)
    }
    var problem = [CChar](repeating: 0, count: 256)
    Self.keepPlaying = keepPlaying
    defer { Self.keepPlaying = nil }
    let ask: (@convention(c) () -> Int32)? =
      keepPlaying == nil ? nil : { AlertSound.keepPlaying?() == false ? 0 : 1 }
    guard cw_sound_play(event, file, description, limit, ask, &problem, problem.count) != 0 else {
      return nil
    }
    let reason = String(
      decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "no sound (\(reason))"
  }

  private static let playing = DispatchGroup()

  /// Plays it on a thread of its own (a screen goes on drawing meanwhile).
  public func playInBackground(description: String) {
    guard self != .none else { return }
    let sound = self
    DispatchQueue.global().async(group: Self.playing) { sound.play(description: description) }
  }

  /// Waits for the sounds played in the background to end, before the process exits.
  public static func waitForBackground(upTo seconds: Double) {
    _ = playing.wait(timeout: .now() + seconds)
  }
}
