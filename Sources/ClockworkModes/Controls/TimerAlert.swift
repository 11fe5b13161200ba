import ClockworkCore
import ClockworkSystem
import ClockworkTerminal

/// What happens when a timer ends: the bell, a desktop notification through the terminal
/// (OSC 777 and OSC 9) when one is on screen, and `--exec`.
public struct TimerAlert: Sendable {
  public var exec: String?

  public init(exec: String?) { self.exec = exec }

  public func ring(duration: Duration, toTerminal: Bool) {
    if toTerminal {
      StandardOutput.write(Escape.bell + Escape.notify(title: "clockwork", body: "Timer finished (\(CountdownFormat.string(duration)))"))
    } else {
      StandardOutput.bell()
    }
    if let exec { ExecHook.run(exec) }
  }
}
