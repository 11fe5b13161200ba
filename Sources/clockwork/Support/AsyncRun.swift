import ArgumentParser
import Dispatch

/// Runs an asynchronous command from the synchronous `main`: the command runs as a task on the
/// global executor while the calling thread waits for it (nothing here runs on the main actor).
enum AsyncRun {
  /// Runs `command` to its end and rethrows what it threw.
  static func wait(for command: any AsyncParsableCommand) throws {
    let run = Outcome()
    nonisolated(unsafe) var command = command
    Task.detached {
      do { try await command.run() } catch { run.error = error }
      run.ended.signal()
    }
    run.ended.wait()
    if let error = run.error { throw error }
  }

  /// `@unchecked Sendable`: `error` is written before `ended` is signalled and read after it.
  private final class Outcome: @unchecked Sendable {
    let ended = DispatchSemaphore(value: 0)
    var error: (any Error)?
  }
}
