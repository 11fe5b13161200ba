import CNotify
import FoundationEssentials
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
    /// Why, for a message.
    public var description: String
  }

  /// The app's desktop entry and icon, which each notification names: the service shows the
  /// icon and knows which app it came from.
  public static let appID = "io.github.clockwork.Clockwork"

  /// Loads libnotify and asks the service what it can do, so that a notification shown soon
  /// after goes out at once (a process started just before a timer's end does this first).
  public static func prepare() { _ = cw_notify_server_has_actions("clockwork") }

  /// Whether there is a session bus to ask: an address that may be reached, or the runtime
  /// folder's `bus`.
  static func hasSessionBus(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Bool
  {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
      return mayReach(address)
    }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
    return access(runtime + "/bus", F_OK) == 0
  }

  /// Whether a bus address may be reached: one of its socket paths exists (an abstract socket or
  /// another transport cannot be looked at, and is taken as there).
  public static func mayReach(_ address: String) -> Bool {
    for part in address.split(separator: ";") {
      guard part.hasPrefix("unix:") else { return true }
      let keys = part.dropFirst(5).split(separator: ",")
      guard let path = keys.first(where: { $0.hasPrefix("path=") }) else { return true }
      if access(String(path.dropFirst(5)), F_OK) == 0 { return true }
    }
    return false
  }

  /// Shows it, critical unless told otherwise (stays until dismissed); `nil` when the service took it.
  /// With no session bus at all it fails at once (the terminal's fallback is not kept
  /// waiting); a failed call on a bus is tried once more after 100 ms: a service being started
  /// on demand can refuse the first (seen once in a while under load, cause not pinned down).
  public static func show(summary: String, body: String, critical: Bool = true) -> Failure? {
    guard hasSessionBus() else { return Failure(description: "no session bus") }
    var failure: Failure?
    for attempt in 0..<2 {
      if attempt > 0 { usleep(100_000) }
      var problem = [CChar](repeating: 0, count: 512)
      let status = cw_notify(
        "clockwork", appID, summary, body, critical ? 1 : 0, critical ? 0 : -1, &problem,
        problem.count)
      guard status != 0 else { return nil }
      failure = Failure(
        description: String(
          decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return failure
  }
}

/// A notification with buttons, whose presses this process hears while it polls (libnotify's
/// signals arrive through GLib's main loop, which ``poll(upTo:)`` runs).
///
/// ```swift
/// if let shown = ButtonNotification(summary: "Alarm", body: "07:00", buttons: [("stop", "Stop")]) {
///   if shown.poll(upTo: .seconds(1)) == "stop" { … }
/// }
/// ```
public final class ButtonNotification {
  private let handle: UnsafeMutableRawPointer
  private var ids: [String]

  /// Shows it, or nil when the service shows no buttons (or no notification at all).
  /// - Parameters:
  ///   - summary: its first line.
  ///   - body: what it says under it.
  ///   - buttons: each button's id (what ``poll(upTo:)`` answers) and label.
  ///   - critical: critical (an alert: kept on screen, over others) or normal (a notice).
  public init?(
    summary: String, body: String, buttons: [(id: String, label: String)], critical: Bool = true
  ) {
    guard cw_notify_server_has_actions("clockwork") != 0 else { return nil }
    var problem = [CChar](repeating: 0, count: 256)
    let made = Self.withButtons(buttons) { pointers in
      cw_notify_with_actions(
        "clockwork", DesktopNotification.appID, summary, body, pointers, Int32(buttons.count),
        critical ? 1 : 0, &problem, problem.count)
    }
    guard let made else { return nil }
    handle = made
    ids = buttons.map(\.id)
  }

  /// The buttons as C strings, id and label in pairs, for `body`.
  private static func withButtons<Result>(
    _ buttons: [(id: String, label: String)],
    _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let strings = buttons.flatMap { [strdup($0.id), strdup($0.label)] }
    defer { strings.forEach { free($0) } }
    return body(strings.map { UnsafePointer($0) })
  }

  /// Says it anew in place (the service replaces it, no second notification); false when the
  /// service refused.
  @discardableResult
  public func replace(summary: String, body: String, buttons: [(id: String, label: String)])
    -> Bool
  {
    var problem = [CChar](repeating: 0, count: 256)
    let status = Self.withButtons(buttons) { pointers in
      cw_notify_replace(
        handle, DesktopNotification.appID, summary, body, pointers, Int32(buttons.count), &problem,
        problem.count)
    }
    ids = buttons.map(\.id)
    return status == 0
  }

  deinit { cw_notify_release(handle) }

  /// What ``poll(upTo:)`` answers when the person dismissed the notification (closed it, or
  /// clicked it where a click closes).
  public static let dismissed = "dismissed"

  /// Listens for a press for up to `limit`, asleep until one comes; the pressed button's id,
  /// ``dismissed``, or nil.
  public func poll(upTo limit: Duration) -> String? {
    let index = Int(cw_notify_poll(Int32(limit / .milliseconds(1))))
    if index == -2 { return Self.dismissed }
    return ids.indices.contains(index) ? ids[index] : nil
  }

  /// Takes the notification off the screen: what it asked is settled.
  public func withdraw() { cw_notify_close(handle) }
}
