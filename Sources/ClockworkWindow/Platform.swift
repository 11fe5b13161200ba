#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment.
enum ProcessEnvironment {
  static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// A thread of its own for GTK, which wants all its calls on the thread that started it.
final class WindowThread {
  private let body: () -> Void

  init(_ body: @escaping () -> Void) { self.body = body }

  func start() {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()  // released when the thread ends
    pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<WindowThread>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, context)
    pthread_detach(thread)
  }
}

/// Each frame's time on screen, a line of Unix seconds each, when `CLOCKWORK_FRAME_LOG` names a
/// file (for the benchmarks: frame intervals, and lag after a second's boundary).
final class FrameLog {
  private let file: UnsafeMutablePointer<FILE>

  init?() {
    guard let path = ProcessEnvironment.value("CLOCKWORK_FRAME_LOG"), let file = fopen(path, "w")
    else { return nil }
    self.file = file
  }

  func presented() {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let line = "\(now.tv_sec).\(String(now.tv_nsec + 1_000_000_000).dropFirst())\n"
    fputs(line, file)
    fflush(file)
  }

  deinit { fclose(file) }
}
