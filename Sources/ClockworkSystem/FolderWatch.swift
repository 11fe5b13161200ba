import Dispatch
import Glibc

/// Calls `handler` on a Dispatch queue (or a ``PollLoop``'s thread) each time a file in a folder
/// is saved, made, moved or removed (`inotify`), until the watch is gone: how a screen learns
/// that another process changed what it shows, with no polling.
///
/// ```swift
/// let watch = FolderWatch(folder.path) { runner.send(.outsideChange) }
/// ```
///
/// `@unchecked Sendable`: immutable after init, and Dispatch sources are thread-safe.
public final class FolderWatch: @unchecked Sendable {
  private let source: (any DispatchSourceRead)?
  /// A loop's watch: closed with this.
  private let watched: Int32?

  /// What changes a folder of state files (this watch's and ``WallClockWait``'s): a file saved
  /// by renaming into place, taken by renaming away, removed, written and closed, or made.
  static let changes = UInt32(IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_CREATE)

  /// Watches `path` (a folder); with no watch to be had (no such folder, no inotify left),
  /// nothing is called and nothing fails: the screen then follows only its own changes.
  public init(_ path: String, handler: @escaping @Sendable () -> Void) {
    watched = nil
    guard let descriptor = Self.open(path) else {
      source = nil
      return
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
    source.setEventHandler {
      Self.drain(descriptor)
      handler()
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    self.source = source
  }

  /// Watches `path` as above, `handler` called on `loop`'s thread; keep the watch for as
  /// long as the loop runs.
  public init(_ path: String, on loop: PollLoop, handler: @escaping () -> Void) {
    source = nil
    watched = Self.open(path)
    guard let descriptor = watched else { return }
    loop.watch(descriptor) {
      Self.drain(descriptor)
      handler()
      return true
    }
  }

  /// An inotify descriptor that watches `path`, or nil.
  static func open(_ path: String) -> Int32? {
    let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0, inotify_add_watch(descriptor, path, Self.changes) >= 0 else {
      if descriptor >= 0 { close(descriptor) }
      return nil
    }
    return descriptor
  }

  /// Reads what changed and forgets it: the handler reads the state again.
  static func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }

  deinit {
    source?.cancel()
    if let watched { close(watched) }
  }
}
