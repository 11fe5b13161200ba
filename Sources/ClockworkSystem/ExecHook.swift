import Glibc

/// `--exec`: a shell command run once when the timer ends, detached from the terminal.
public enum ExecHook {
  public static func run(_ command: String) {
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
    var pid = pid_t()
    let argv = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
    defer { for arg in argv { free(arg) } }
    _ = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
  }
}
