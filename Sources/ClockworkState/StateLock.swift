import FoundationEssentials
import Glibc

/// An exclusive `flock` on a lock file, held for the life of the object; the holder's process
/// id is written in it, so a second process can name (or stop) the owner.
///
/// ```swift
/// switch StateLock.acquire(dir.file("stopwatch.lock")) {
/// case .acquired(let lock): …        // keep `lock` alive while writing state
/// case .heldBy(let pid): …           // read-only, or --take
/// }
/// ```
public final class StateLock: Sendable {
  let fd: Int32

  init(fd: Int32) { self.fd = fd }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }

  /// What an attempt to take the lock came to.
  public enum Outcome: Sendable {
    case acquired(StateLock)
    /// Another process holds it (its pid, when known).
    case heldBy(Int32?)
    case failed(StateError)
  }

  /// Takes the lock unless another process holds it; with `waiting`, waits until it can.
  public static func acquire(_ url: URL, waiting: Bool = false) -> Outcome {
    acquire(url, waiting: waiting, pause: { usleep(1000) })
  }

  /// How many times a taker that finds only lookers in its way tries again.
  static let triesPastLookers = 100

  /// ``acquire(_:waiting:)``, with `pause` between tries while only lookers hold the lock.
  static func acquire(_ url: URL, waiting: Bool, pause: () -> Void) -> Outcome {
    do { try AtomicFile.makeFolder(url.deletingLastPathComponent()) } catch {
      return .failed(error)
    }
    // never inherited: a child holding it would hold the lock
    let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      return .failed(
        StateError(
          path: url.path, problem: "cannot open the lock file: \(String(cString: strerror(errno)))")
      )
    }
    guard takeExclusive(fd, waiting: waiting, pause: pause) else {
      var buffer = [UInt8](repeating: 0, count: 32)
      let n = pread(fd, &buffer, buffer.count, 0)
      close(fd)
      let pid =
        n > 0
        ? Int32(String(decoding: buffer[0..<n], as: UTF8.self).filter { !$0.isWhitespace }) : nil
      return .heldBy(pid)
    }
    let text = Array("\(getpid())\n".utf8)
    ftruncate(fd, 0)
    _ = pwrite(fd, text, text.count, 0)
    return .acquired(StateLock(fd: fd))
  }

  /// Takes `fd`'s lock. A shared lock in the way is ``isHeld(_:)`` looking, never a holder:
  /// taken back at once, so it is waited out (a watcher that gave up for a look would leave
  /// its alarms with nothing to ring them).
  static func takeExclusive(_ fd: Int32, waiting: Bool, pause: () -> Void) -> Bool {
    if waiting { return flock(fd, LOCK_EX) == 0 }
    for _ in 0...triesPastLookers {
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
      // A shared lock is refused only while another process holds the lock for itself.
      guard errno == EWOULDBLOCK, flock(fd, LOCK_SH | LOCK_NB) == 0 else { return false }
      flock(fd, LOCK_UN)
      pause()
    }
    return false
  }

  /// Takes the lock of a file that is there already, opened read-only, unless another process
  /// holds it: where a folder cannot be written (a read-only mount), the file itself is locked.
  public static func acquireExisting(_ url: URL) -> StateLock? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      return nil
    }
    return StateLock(fd: fd)
  }

  /// Whether the file locked is still the one at `url` (not replaced or removed since).
  public func isStill(at url: URL) -> Bool {
    var held = stat()
    var there = stat()
    guard fstat(fd, &held) == 0, stat(url.path, &there) == 0 else { return false }
    return held.st_ino == there.st_ino && held.st_dev == there.st_dev
  }

  /// Whether another process holds the lock at `url`: looked at with a shared lock let go at
  /// once (a taker waits such a look out), and never created here.
  public static func isHeld(_ url: URL) -> Bool { isHeld(atPath: url.path) }

  /// Whether another process holds the lock at `path`: ``isHeld(_:)`` for a start, which reads
  /// no URL's path (its first reading costs more than the lock's).
  public static func isHeld(atPath path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return flock(fd, LOCK_SH | LOCK_NB) != 0
  }
}
