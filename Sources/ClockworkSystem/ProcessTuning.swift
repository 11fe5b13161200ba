import CGlibcExtras

/// Settings of the process for a long live run.
public enum ProcessTuning {
  /// Frames allocate and free the same few buffers, and glibc hands freed memory at the top of
  /// a heap back to the kernel: every frame then faulted and zeroed its pages again. Keeping a few
  /// megabytes costs nothing the process does not already use.
  public static func keepFreedMemory() {
    mallopt(M_TRIM_THRESHOLD, 4 << 20)
    mallopt(M_MMAP_THRESHOLD, 1 << 20)
  }

  /// One malloc heap for every thread. Frames are drawn on whichever Dispatch worker runs them,
  /// and glibc gives each new thread a heap of its own, each soon holding its own copy of the
  /// frame buffers. Call it first, before any thread allocates.
  public static func shareOneHeap() {
    mallopt(M_ARENA_MAX, 1)
  }
}
