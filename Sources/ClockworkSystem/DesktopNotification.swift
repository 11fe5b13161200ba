import CNotify
import Glibc

/// A notification through the desktop's notification service (freedesktop, on the session bus),
/// sent with libnotify.
///
/// ```swift
/// if let failure = DesktopNotification.show(summary: "Timer finished: tea", body: "5:00, ended at 17:03:12") {
///   StandardOutput.bell()   // no service: the terminal's bell instead
/// }
/// ```
public enum DesktopNotification {
  /// Why no notification was shown.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Shows it, critical unless told otherwise (stays until dismissed); `nil` when the service took it.
  /// A failed call is tried once more after 100 ms: a service being started on demand can
  /// refuse the first (seen once in a while under load, cause not pinned down).
  public static func show(summary: String, body: String, critical: Bool = true) -> Failure? {
    var failure: Failure?
    for attempt in 0..<2 {
      if attempt > 0 { usleep(100_000) }
      var problem = [CChar](repeating: 0, count: 512)
      let status = cw_notify("clockwork", summary, body, critical ? 1 : 0, critical ? 0 : -1, &problem, problem.count)
      guard status != 0 else { return nil }
      failure = Failure(description: String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return failure
  }
}
