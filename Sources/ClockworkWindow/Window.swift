import CGtkWindow
import ClockworkLive
import Dispatch
import Synchronization

/// A desktop window through GTK 4 (X11 or Wayland, as the system has them), loaded when it is
/// first opened, on a thread of its own that makes every GTK call: a frame's changed rectangle
/// is copied into the window's picture by the thread that shows it, and the window's thread
/// draws it.
///
/// ```swift
/// let window = try Window(title: "clockwork", width: 480, height: 480) { event in … }
/// window.show(update)   // from any thread
/// ```
public final class Window: @unchecked Sendable {  // GTK only on its thread; the C side locks
  /// What the window reports.
  public enum Event: Sendable, Equatable {
    case key(Key)
    /// The drawable's size changed, or its pixels were lost: draw whole again.
    case repaint
    /// The window manager asked to close it (the close button).
    case closeRequested
    /// The window was moved: its top left corner, in the screen's points.
    case moved(x: Int, y: Int)
  }

  /// The C window, set once it is open and taken away before it closes: held while a frame is
  /// copied into it, so that a close never frees what a show is writing.
  private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }
  private let handle = Mutex<Handle?>(nil)
  private let onEvent: @Sendable (Event) -> Void
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let state = Mutex((failure: WindowError?.none, closed: false))
  /// Each frame's time on screen, for the benchmarks (`CLOCKWORK_FRAME_LOG`).
  private let frameLog = FrameLog()

  /// Opens a window of `width`×`height` points titled `title`; `onEvent` gets its events on the
  /// window's thread.
  /// - Throws: ``WindowError`` when there is no display or GTK cannot open a window on it.
  public init(
    title: String, width: Int, height: Int, placement: Placement = Placement(),
    onEvent: @escaping @Sendable (Event) -> Void
  ) throws(WindowError) {
    let environment = ProcessEnvironment.self
    // Set but empty is not set: GTK would try to open it and say so in its own words first.
    guard
      ["DISPLAY", "WAYLAND_DISPLAY"].contains(where: { environment.value($0)?.isEmpty == false })
    else {
      throw WindowError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
    }
    if let why = cw_gtk_load() { throw WindowError.noDisplay(String(cString: why)) }
    self.onEvent = onEvent
    let thread = WindowThread { [self] in
      run(title: title, width: width, height: height, placement: placement)
    }
    thread.start()
    ready.wait()
    if let failure = state.withLock({ $0.failure }) { throw failure }
  }

  /// The drawable as it is now.
  public var canvas: Canvas {
    handle.withLock { window in
      guard let window else { return Canvas(width: 0, height: 0) }
      var (width, height, scale, refresh): (Int32, Int32, Int32, Double) = (0, 0, 1, 60)
      cw_window_canvas(window.pointer, &width, &height, &scale, &refresh)
      return Canvas(
        width: Int(width), height: Int(height), scale: Double(max(scale, 1)),
        refreshRate: refresh)
    }
  }

  /// Shows an update (in the order given) and sets the title, from any thread: its rectangle
  /// is copied into the window's picture before this returns.
  public func show(_ update: WindowUpdate) {
    handle.withLock { window in
      guard let window else { return }
      func send(_ rows: UnsafePointer<UInt32>?, _ rowWords: Int) -> Int32 {
        cw_window_update(
          window.pointer, Int32(update.width), Int32(update.height), Int32(update.x),
          Int32(update.y), Int32(update.rectWidth), Int32(update.rectHeight), rows,
          Int32(rowWords), update.title)
      }
      if let source = update.source, update.rectWidth > 0, update.rectHeight > 0 {
        _ = source.withRows { rows, rowWords in send(rows.baseAddress, rowWords) }
      } else {
        _ = send(nil, 0)
      }
    }
    update.source?.release()
  }

  /// Asks the window manager to draw attention to the window (the urgency hint).
  public func requestAttention() {
    handle.withLock { if let window = $0 { cw_window_attention(window.pointer) } }
  }

  /// Closes the window and waits until GTK has let it go.
  public func close() {
    let alreadyClosed = state.withLock { state -> Bool in
      defer { state.closed = true }
      return state.closed
    }
    // Taken away first: a show in progress finishes, and none starts after.
    guard !alreadyClosed,
      let window = handle.withLock({ handle in
        defer { handle = nil }; return handle
      })
    else { return }
    cw_window_close(window.pointer)
    finished.wait()
  }

  // MARK: - On the window's thread

  private func run(title: String, width: Int, height: Int, placement: Placement) {
    var failure: UnsafePointer<CChar>?
    let context = Unmanaged.passUnretained(self).toOpaque()  // lives until `finished`
    let opened = cw_window_open(
      title, Int32(width), Int32(height), placement.compact ? 1 : 0, placement.onTop ? 1 : 0,
      placement.position == nil ? 0 : 1, Int32(placement.position?.x ?? 0),
      Int32(placement.position?.y ?? 0),
      { context, event in
        guard let context, let event else { return }
        Unmanaged<Window>.fromOpaque(context).takeUnretainedValue().handle(event.pointee)
      }, context, &failure)
    guard let opened else {
      state.withLock {
        $0.failure = .noDisplay(failure.map { String(cString: $0) } ?? "GTK opened no window")
        $0.closed = true
      }
      ready.signal()
      return
    }
    handle.withLock { $0 = Handle(pointer: opened) }
    ready.signal()
    cw_window_run(opened)
    finished.signal()
  }

  private func handle(_ event: cw_window_event) {
    switch cw_window_event_kind(rawValue: UInt32(event.kind)) {
    case CW_WINDOW_KEY:
      if let key = Self.key(
        keyval: event.keyval, unicode: event.unicode, control: event.control != 0)
      {
        onEvent(.key(key))
      }
    case CW_WINDOW_CLICK: onEvent(.key(.clickAt(x: event.x, y: event.y)))
    case CW_WINDOW_RESIZED: onEvent(.repaint)
    case CW_WINDOW_CLOSE: onEvent(.closeRequested)
    case CW_WINDOW_MOVED: onEvent(.moved(x: Int(event.x), y: Int(event.y)))
    case CW_WINDOW_PAINTED: frameLog?.presented()
    default: break
    }
  }

  /// A key as GDK gives it (its keyval, and the character it types if any).
  static func key(keyval: UInt32, unicode: UInt32, control: Bool) -> Key? {
    switch keyval {
    case 0xFF1B: return .escape
    case 0xFF0D, 0xFF8D: return .enter  // Return, KP_Enter
    case 0xFF08: return .backspace
    case 0xFF52: return .up
    case 0xFF54: return .down
    case 0xFF51: return .left
    case 0xFF53: return .right
    case 0x63 where control, 0x43 where control: return .controlC
    default:
      guard !control, unicode >= 0x20, let scalar = Unicode.Scalar(unicode) else { return nil }
      return scalar == " " ? .space : .character(Character(scalar))
    }
  }
}
