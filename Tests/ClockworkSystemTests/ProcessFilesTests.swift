import Foundation
import Glibc
import Testing

@testable import ClockworkSystem

/// What the system layer reads and writes: a process's `/proc` line, a terminal's identity,
/// text written by path.
@Suite struct ProcessFilesTests {
  /// `/proc/PID/stat` is read past the program's name, whatever its parentheses and spaces.
  @Test func aProcessIsReadWhateverItsName() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let odd = folder.appendingPathComponent("a) b (c")
    try FileManager.default.createSymbolicLink(
      at: odd, withDestinationURL: URL(fileURLWithPath: "/bin/sleep"))
    let child = Process()
    child.executableURL = odd
    child.arguments = ["30"]
    try child.run()
    defer {
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
    }
    let ours = try #require(ProcessStat(pid: getpid()))
    let theirs = try #require(ProcessStat(pid: child.processIdentifier))
    #expect(theirs.startTime >= ours.startTime && theirs.startTime > 0)
    #expect(theirs.terminal == ours.terminal, "a child keeps its parent's terminal, or none")
    #expect(ProcessStat(pid: Int32.max) == nil)
  }

  /// A terminal whose device or session is another's is not ours to write to.
  @Test func aTerminalThatIsNotTheSessionsIsNotOurs() throws {
    var controller: Int32 = 0
    var terminal: Int32 = 0
    #expect(openpty(&controller, &terminal, nil, nil, nil) == 0)
    defer {
      close(controller)
      close(terminal)
    }
    var info = stat()
    #expect(fstat(terminal, &info) == 0)
    let path = String(cString: ttyname(terminal))
    let me = try #require(ProcessStat(pid: getpid()))
    // This process is not the pty's session leader (it has no controlling terminal here, or another).
    let claimed = TerminalIdentity(
      path: path, device: UInt64(info.st_rdev), session: getpid(), leaderStart: me.startTime)
    #expect(!claimed.isStillOurs())
    let moved = TerminalIdentity(
      path: "/dev/null", device: UInt64(info.st_rdev), session: getpid(), leaderStart: me.startTime)
    #expect(!moved.isStillOurs(), "another device at the path")
  }

  @Test func textIsAppendedByPathAndAPathThatCannotBeOpenedIsSkipped() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "text-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: file) }
    TextFile.write("one\n", to: file.path, flags: O_CREAT | O_APPEND)
    TextFile.write("two\n", to: file.path, flags: O_CREAT | O_APPEND)
    #expect(try String(contentsOf: file, encoding: .utf8) == "one\ntwo\n")
    TextFile.write("lost\n", to: "/nonexistent/folder/x.log", flags: O_CREAT)  // no crash, no file
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/folder/x.log"))
  }
}
