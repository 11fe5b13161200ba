import FoundationEssentials
import Glibc
import SystemPackage

/// Starts a process detached from this one: a session of its own, standard streams on
/// `/dev/null`, the default signal actions.
public enum DetachedProcess {
  /// Starts `executable` with `arguments` and `environment` added to this process's; returns its
  /// pid, or the error number.
  @discardableResult
  public static func spawn(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) -> Result<pid_t, Errno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
    }
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
    let newSession: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), which Glibc's module leaves out
    posix_spawnattr_setflags(&attributes, Int16(newSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
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
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}

/// `--exec`: a shell command run once when a timer ends, detached from the terminal, with the
/// timer in its environment.
public enum ExecHook {
  public static func run(_ command: String, environment: [String: String] = [:]) -> Result<pid_t, Errno> {
    DetachedProcess.spawn("/bin/sh", ["-c", command], environment: environment)
  }
}
