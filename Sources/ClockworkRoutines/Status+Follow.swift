import ClockworkAlerts
import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

extension Status {
  /// Writes the line in `format` now and again each time it changes, sleeping in between:
  /// woken by the state folder changing and at the line's next change, never polling (with
  /// nothing running it does not wake). Returns when `write` says to stop (its output is gone).
  /// - Parameters:
  ///   - directory: the state folder to follow.
  ///   - format: how each line is written.
  ///   - output: the descriptor the lines go to: once its reader is gone (a panel that closed
  ///     its pipe), this returns, even with nothing to write.
  ///   - write: writes a line; false when its output is gone.
  public static func follow(
    in directory: StateDirectory, format: Format, output: Int32? = nil,
    write: (String) -> Bool
  ) throws(WallClockWait.Failure) {
    let timers = TimerStore(directory: directory)
    try? AtomicFile.makeFolder(timers.folder)
    // The state folder and its timers; once someone removed them, the nearest folder above
    // that is there, to see them made again (by the next timer that is saved).
    func folders() -> [URL] {
      if FileManager.default.fileExists(atPath: timers.folder.path) {
        return [directory.url, timers.folder]
      }
      var above = timers.folder.deletingLastPathComponent()
      while !FileManager.default.fileExists(atPath: above.path), above.pathComponents.count > 1 {
        above = above.deletingLastPathComponent()
      }
      return [above]
    }
    // A folder removed between looking and watching (someone's `rm -r` under way) is looked
    // for again.
    func watching() throws(WallClockWait.Failure) -> (folders: [URL], wait: WallClockWait) {
      var tries = 0
      while true {
        let found = folders()
        do { return (found, try WallClockWait(watching: found)) } catch {
          tries += 1
          if tries >= 20 { throw error }
        }
      }
    }
    var (watched, wait) = try watching()
    var last: String?
    while true {
      let status = Status.now(in: directory, at: Date())
      let shown = status.render(format)
      if shown != last {
        guard write(shown) else { return }
        last = shown
      }
      switch wait.sleep(until: status.nextChange, output: output) {
      case .outputGone: return
      case .folderChanged where folders() != watched:
        (watched, wait) = try watching()
      default: break
      }
    }
  }
}
