import CGlibcExtras
import FoundationEssentials
import Glibc

/// Sleeps until a wall-clock time or a change in some folders, whichever comes first, with no
/// wake-up in between: a `timerfd` on `CLOCK_REALTIME` (so time asleep with the machine counts,
/// and a step of the clock wakes it) and an `inotify` watch, in one `poll`.
///
/// ```swift
/// let wait = try WallClockWait(watching: [folder])
/// let why = wait.sleep(until: timer.end)   // .time, .folderChanged or .clockStepped
/// ```
public final class WallClockWait {
  /// Why the sleep ended: the time came, a watched folder changed (or went), the clock was
  /// stepped, or the output watched has no reader left.
  public enum Wake: Equatable, Sendable { case time, folderChanged, clockStepped, outputGone }

  let timer: Int32
  let watch: Int32

  /// The kernel refused a timer or a watch.
  public struct Failure: Error, CustomStringConvertible {
    /// What was refused, and why.
    public var description: String
  }

  /// Whether the time wakes the machine from suspend (its timer is on `CLOCK_REALTIME_ALARM`).
  public let wakesMachine: Bool

  /// A wait that watches `folders` for changes; when `wakingMachine`, its time wakes the machine
  /// from suspend where the machine can (a real-time clock alarm) and this process may
  /// (`CAP_WAKE_ALARM`), else it is an ordinary timer.
  public init(watching folders: [URL], wakingMachine: Bool = false) throws(Failure) {
    var now = timespec()
    let alarm =
      wakingMachine && clock_gettime(CLOCK_REALTIME_ALARM, &now) == 0
      ? timerfd_create(CLOCK_REALTIME_ALARM, Int32(TFD_CLOEXEC)) : -1
    wakesMachine = alarm >= 0
    timer = alarm >= 0 ? alarm : timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC))
    watch = inotify_init1(Int32(IN_CLOEXEC))
    guard timer >= 0, watch >= 0 else {
      throw Failure(description: "cannot wait: \(String(cString: strerror(errno)))")
    }
    for folder in folders where inotify_add_watch(watch, folder.path, FolderWatch.changes) < 0 {
      throw Failure(description: "cannot watch \(folder.path): \(String(cString: strerror(errno)))")
    }
  }

  deinit {
    close(timer)
    close(watch)
  }

  /// Sleeps until `date` (forever if `nil`) or until a folder changes; with `output`, also
  /// until that descriptor's reader is gone (a closed pipe, a hung-up terminal).
  public func sleep(until date: Date?, output: Int32? = nil) -> Wake {
    var setting = itimerspec()
    if let date {
      let seconds = max(date.timeIntervalSince1970, 1e-9)  // 0 would disarm the timer
      setting.it_value = timespec(
        tv_sec: Int(seconds.rounded(.down)), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    }
    let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
    timerfd_settime(timer, flags, &setting, nil)
    // An output asks for no event: a pipe's writing end reports POLLERR once its reader is gone.
    var fds = [
      pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watch, events: Int16(POLLIN), revents: 0),
      pollfd(fd: output ?? -1, events: 0, revents: 0),
    ]
    while poll(&fds, 3, -1) < 0 && errno == EINTR {}
    if fds[2].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .outputGone }
    var buffer = [UInt8](repeating: 0, count: 4096)
    if fds[1].revents != 0 {
      // the events themselves do not matter: the caller reads the folder
      _ = read(watch, &buffer, buffer.count)
      return .folderChanged
    }
    var expirations: UInt64 = 0
    // ECANCELED: the wall clock was set; the time may have come, or moved away.
    if read(timer, &expirations, 8) < 0 && errno == ECANCELED { return .clockStepped }
    return .time
  }
}
