import FoundationEssentials
import Glibc

/// Runs another program and reads what it prints (Foundation's `Process` is not in
/// FoundationEssentials).
public enum ProgramOutput {
  /// Runs `program` (looked up on PATH) with `arguments`, its input and errors on /dev/null.
  /// Returns its standard output if it exits with 0, else nil (not found, failed, killed).
  public static func read(_ program: String, _ arguments: [String]) -> String? {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return nil }
    for fd in pipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // the child keeps only its dup
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawnp(&pid, program, &actions, nil, argv, environ)
    close(pipe[1])
    defer { close(pipe[0]) }
    guard started == 0 else { return nil }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(pipe[0], $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      bytes += buffer[0..<n]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // Exited (no signal) with 0.
    return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
      ? String(decoding: bytes, as: UTF8.self) : nil
  }
}
