@_exported import Clocks
@_exported import ConcurrencyExtras
import Foundation

/// The condition of ``TestClock/advance(until:step:limit:)`` never held.
public struct TestTimeout: Error, CustomStringConvertible {
  /// What did not happen, in test time.
  public var description: String
}

extension TestClock where Duration == Swift.Duration {
  /// Advances in small steps until `condition` holds. Each step waits until a task sleeps on the
  /// clock (or the condition holds), so a task that is between two sleeps finishes its work
  /// at the time it woke: stepping while it worked lets it read a later time than its deadline.
  ///
  /// ```swift
  /// try await clock.advance(until: { ticks.value.count == 3 }, step: .milliseconds(10))
  /// ```
  /// - Throws: ``TestTimeout`` if the condition still fails after `limit` of test time, or if
  ///   it fails and nothing sleeps on the clock.
  public func advance(
    until condition: () -> Bool, step: Duration = .milliseconds(1),
    limit: Duration = .seconds(3600)
  ) async throws {
    var advanced = Duration.zero
    while try await !waitForSleeper(unless: condition) {
      guard advanced < limit else {
        throw TestTimeout(description: "condition not met after \(advanced) of test time")
      }
      await advance(by: step)
      advanced += step
    }
  }

  /// Lets other tasks run until one of them sleeps on this clock, or `condition` holds, and
  /// returns whether it holds: advancing before a task has begun its sleep moves time past a
  /// deadline it has not asked for yet, and the task skips it.
  /// - Throws: ``TestTimeout`` if neither happens after `rounds` rounds of yielding.
  @discardableResult
  public func waitForSleeper(unless condition: () -> Bool = { false }, rounds: Int = 1_000)
    async throws -> Bool
  {
    for _ in 0..<rounds {
      if condition() { return true }
      do {
        try await checkSuspension()  // yields first; throws once a sleep is pending
      } catch {
        return condition()
      }
    }
    throw TestTimeout(description: "no task slept on the clock after \(rounds) rounds of yielding")
  }
}

/// Lets other tasks run until `condition` holds, without test or wall time passing: for a
/// step that a task takes after the test clock has already reached its deadline.
/// - Throws: ``TestTimeout`` if it still fails after `rounds` rounds of yielding.
public func yieldToTasks(until condition: () -> Bool, rounds: Int = 1_000) async throws {
  for _ in 0..<rounds {
    if condition() { return }
    await Task.megaYield()
  }
  if !condition() {
    throw TestTimeout(description: "condition not met after \(rounds) rounds of yielding")
  }
}
