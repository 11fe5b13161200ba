import CGlibcExtras
import FoundationEssentials
import Glibc
import SystemPackage

/// Starts a process detached from this one: a session of its own, standard input and output on
/// `/dev/null`, no other descriptor of ours, the default signal actions.
public enum DetachedProcess {
  /// Where one of the started process's output streams goes.
  public enum Output: Sendable, Equatable {
    case discarded
    /// This process's own stream, shared.
    case inherited
    /// A file appended to, made if missing (private), or a terminal device; discarded if it cannot
    /// be opened.
    case file(String)
  }

  /// Starts `executable` with `arguments` and `environment` added to this process's; returns its
  /// pid, or the error number.
  @discardableResult
  public static func spawn(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
    output: Output = .discarded, errors: Output = .discarded
  ) -> Result<pid_t, Errno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    for (fd, target) in [(STDOUT_FILENO, output), (STDERR_FILENO, errors)] {
      switch target {
      case .inherited:
        continue
      case .discarded:
        posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
      case .file(let path):
        // Opened in the child, where a failure would fail the start: tried here first.
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_NOCTTY
        let probe = open(path, flags | O_NONBLOCK | O_CLOEXEC, 0o600)
        if probe >= 0 { close(probe) }
        posix_spawn_file_actions_addopen(
          &actions, fd, probe >= 0 ? path : "/dev/null", probe >= 0 ? flags : O_WRONLY, 0o600)
      }
    }
    _ = spawn_close_from(&actions, 3)  // nothing else of ours stays open in it
    // A session of its own, and the signals this process ignores (it handles them through
    // Dispatch) back to their defaults.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    // POSIX_SPAWN_SETSID (glibc 2.26), which Glibc's module leaves out
    let newSession: Int32 = 0x80
    posix_spawnattr_setflags(
      &attributes, Int16(newSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var environment = ProcessInfo.processInfo.environment
    environment.merge(extra) { $1 }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    return status == 0 ? .success(pid) : .failure(Errno(rawValue: status))
  }

  /// This program's own executable, to start another of itself.
  public static var ownExecutable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}
