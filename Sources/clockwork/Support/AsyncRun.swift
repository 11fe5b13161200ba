import ArgumentParser
import Dispatch

/// Runs an asynchronous command from the synchronous `main`: the command runs as a task on the
/// global executor while the calling thread waits for it (nothing here runs on the main actor).
enum AsyncRun {
  /// Runs `command` to its end and rethrows what it threw.
  static func wait(for command: any AsyncParsableCommand) throws {
    nonisolated(unsafe) var command = command
    try wait { try await command.run() }
  }

  /// Runs `body` to its end; what it returned, or rethrows what it threw.
  static func wait<Value>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let run = Outcome<Value>()
    Task.detached {
      do { run.value = .success(try await body()) } catch { run.value = .failure(error) }
      run.ended.signal()
    }
    run.ended.wait()
    return try run.value.get()
  }

  /// `@unchecked Sendable`: `value` is written before `ended` is signalled and read after it.
  private final class Outcome<Value>: @unchecked Sendable {
    let ended = DispatchSemaphore(value: 0)
    /// Replaced by the task's outcome before `ended` is signalled.
    var value: Result<Value, any Error> = .failure(CancellationError())
  }
}
