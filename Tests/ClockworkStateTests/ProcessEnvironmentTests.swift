import ClockworkState
import Foundation
import Testing

/// The environment read once is the one Foundation reads, and is read again when told.
@Suite(.serialized) struct ProcessEnvironmentTests {
  @Test func readOnceAsFoundationReadsItThenAgainAfterForget() {
    ProcessEnvironment.forget()
    #expect(ProcessEnvironment.current == ProcessInfo.processInfo.environment)
    let name = "CLOCKWORK_PROCESS_ENVIRONMENT_TEST"
    setenv(name, "a=b", 1)
    defer { unsetenv(name) }
    #expect(ProcessEnvironment.current[name] == nil)  // kept as first read
    ProcessEnvironment.forget()
    #expect(ProcessEnvironment.current[name] == "a=b")
    unsetenv(name)
    ProcessEnvironment.forget()
  }
}
