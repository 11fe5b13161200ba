#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment.
enum ProcessEnvironment {
  static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// A thread of its own for SDL, which wants all its calls on one thread.
final class WindowThread {
  private let body: () -> Void

  init(_ body: @escaping () -> Void) { self.body = body }

  func start() {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()  // released when the thread ends
    pthread_create(&thread, nil, { context in
      guard let context else { return nil }
      Unmanaged<WindowThread>.fromOpaque(context).takeRetainedValue().body()
      return nil
    }, context)
    pthread_detach(thread)
  }
}
