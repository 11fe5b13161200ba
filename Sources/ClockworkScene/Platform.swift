#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's calls the scene makes, in one place: a flag of each thread's own.
struct ThreadFlag: Sendable {
  private let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
    self.key = key
  }

  /// Whether the flag is set on the calling thread.
  var isSet: Bool { pthread_getspecific(key) != nil }

  /// Runs `body` with the flag set on the calling thread, then as it was.
  func whileSet<T>(_ body: () -> T) -> T {
    let outer = pthread_getspecific(key)
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(key, outer) }
    return body()
  }
}
