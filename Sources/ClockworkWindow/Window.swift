import CSDL2
import ClockworkLive
import Dispatch
import Synchronization

/// A desktop window through SDL2 (X11 or Wayland, as the system has them), on a thread of its
/// own that makes every SDL call but one copy: a frame's changed rectangle is copied into the
/// window's surface by the thread that shows it, and the window's thread sends that rectangle.
///
/// ```swift
/// let window = try Window(title: "clockwork", width: 480, height: 480) { event in … }
/// window.show(update)   // from any thread
/// ```
public final class Window: @unchecked Sendable {  // shared state in `state`; SDL only on its thread
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

  private struct State {
    var canvas = Canvas(width: 0, height: 0)
    /// The window's surface as its thread last fetched it (SDL makes a new one on a resize).
    var surface: Surface?
    /// Rectangles copied into the surface and not yet sent.
    var changed: [SDL_Rect] = []
    var title: String?
    var attention = false
    var closing = false
    var closed = false
  }

  /// Written under `state`'s lock by any thread; fetched and sent by the window's.
  private struct Surface: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SDL_Surface>
  }

  private let state = Mutex(State())
  private let onEvent: @Sendable (Event) -> Void
  private let wakeEvent: UInt32
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var failure: WindowError?

  /// Opens a window of `width`×`height` points titled `title`; `onEvent` gets its events on the
  /// window's thread.
  /// - Throws: ``WindowError`` when there is no display or SDL cannot open a window on it.
  public init(
    title: String, width: Int, height: Int, placement: Placement = Placement(),
    onEvent: @escaping @Sendable (Event) -> Void
  ) throws(WindowError) {
    let environment = ProcessEnvironment.self
    // Set but empty is not set: SDL would try each driver and print its own noise first.
    guard
      ["DISPLAY", "WAYLAND_DISPLAY"].contains(where: { environment.value($0)?.isEmpty == false })
    else {
      throw WindowError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
    }
    guard cw_sdl_load() == 0 else {
      throw WindowError.noDisplay("SDL2 could not be loaded (Debian's libsdl2-2.0-0 provides it)")
    }
    self.onEvent = onEvent
    wakeEvent = cw_SDL_RegisterEvents(1)
    let thread = WindowThread { [self] in
      run(title: title, width: width, height: height, placement: placement)
    }
    thread.start()
    ready.wait()
    if let failure { throw failure }
  }

  /// The drawable as it is now.
  public var canvas: Canvas { state.withLock { $0.canvas } }

  /// Shows an update (in the order given) and sets the title, from any thread: its rectangle
  /// is copied into the window's surface before this returns.
  public func show(_ update: WindowUpdate) {
    state.withLock { state in
      if let surface = state.surface, let rect = Self.copy(update, into: surface.pointer) {
        state.changed.append(rect)
      }
      if let title = update.title { state.title = title }
    }
    update.source?.release()
    wake()
  }

  /// Asks the window manager to draw attention to the window (the urgency hint).
  public func requestAttention() {
    state.withLock { $0.attention = true }
    wake()
  }

  /// Closes the window and waits until SDL has let it go.
  public func close() {
    let alreadyClosed = state.withLock { state -> Bool in
      defer { state.closing = true }
      return state.closed
    }
    guard !alreadyClosed else { return }
    wake()
    finished.wait()
  }

  private func wake() {
    var event = SDL_Event()
    event.type = wakeEvent
    cw_SDL_PushEvent(&event)
  }

  // MARK: - On the window's thread

  private func run(title: String, width: Int, height: Int, placement: Placement) {
    // Signals are the app's: SDL would turn SIGINT and SIGTERM into a close request.
    cw_SDL_SetHint("SDL_NO_SIGNAL_HANDLERS", "1")
    // Only drivers that put a window on a screen: when the display cannot be reached, SDL would
    // otherwise fall back to one that draws nowhere, and the app would run with no window.
    cw_SDL_SetHintWithPriority("SDL_VIDEODRIVER", "x11,wayland", SDL_HINT_DEFAULT)
    // A display server that is busy can refuse a connection for a moment (seen under Xvfb,
    // about one start in 300): a second and third try, 0.2 s apart, before giving up.
    var started = cw_SDL_Init(SDL_INIT_VIDEO) == 0
    for _ in 0..<2 where !started {
      cw_SDL_Delay(200)
      started = cw_SDL_Init(SDL_INIT_VIDEO) == 0
    }
    guard started else {
      failure = .noDisplay(String(cString: cw_SDL_GetError()))
      state.withLock { $0.closed = true }
      ready.signal()
      return
    }
    // A frame is a picture already drawn: on X11 the window's own surface (shared memory, no GL
    // driver loaded) shows its changed rectangle with one copy. Elsewhere SDL backs the surface
    // with a texture. SDL_FRAMEBUFFER_ACCELERATION in the environment wins (e.g. opengl).
    let onX11 = cw_SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
    cw_SDL_SetHintWithPriority("SDL_FRAMEBUFFER_ACCELERATION", onX11 ? "0" : "1", SDL_HINT_DEFAULT)
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
      | (placement.onTop ? SDL_WINDOW_ALWAYS_ON_TOP.rawValue : 0)
      | (placement.compact ? SDL_WINDOW_BORDERLESS.rawValue : 0)
    let centred = cw_sdl_windowpos_centered()
    let (x, y) = placement.position.map { (Int32($0.x), Int32($0.y)) } ?? (centred, centred)
    let window = cw_SDL_CreateWindow(title, x, y, Int32(width), Int32(height), flags)
    guard let window, cw_SDL_GetWindowSurface(window) != nil else {
      failure = .noDisplay(String(cString: cw_SDL_GetError()))
      if let window { cw_SDL_DestroyWindow(window) }
      cw_SDL_Quit()
      state.withLock { $0.closed = true }
      ready.signal()
      return
    }
    cw_SDL_StartTextInput()
    if placement.compact { _ = cw_sdl_drag_anywhere(window) }
    updateCanvas(window: window)
    ready.signal()

    let frameLog = FrameLog()
    var event = SDL_Event()
    while state.withLock({ !$0.closing }) {
      guard cw_SDL_WaitEvent(&event) == 1 else { continue }
      repeat {
        handle(event, window: window)
      } while cw_SDL_PollEvent(&event) == 1
      let (title, attention) = state.withLock { state in
        defer { (state.title, state.attention) = (nil, false) }
        return (state.title, state.attention)
      }
      if let title { cw_SDL_SetWindowTitle(window, title) }
      if attention { cw_SDL_FlashWindow(window, SDL_FLASH_UNTIL_FOCUSED) }
      // Sent under the lock: no frame is copied into the surface while the X server reads it.
      let sent = state.withLock { state in
        defer { state.changed = [] }
        guard !state.changed.isEmpty else { return false }
        _ = cw_SDL_UpdateWindowSurfaceRects(window, state.changed, Int32(state.changed.count))
        return true
      }
      if sent { frameLog?.presented() }
    }
    state.withLock { $0.surface = nil }
    cw_SDL_DestroyWindow(window)
    cw_SDL_Quit()
    state.withLock { $0.closed = true }
    finished.signal()
  }

  /// Copies an update's rectangle into the window's surface (which needs no SDL_LockSurface:
  /// it is never run-length encoded); nil when it has none or was drawn for another size (a
  /// repaint at the new size follows a resize).
  private static func copy(_ update: WindowUpdate, into target: UnsafeMutablePointer<SDL_Surface>)
    -> SDL_Rect?
  {
    let surface = target.pointee
    guard update.rectWidth > 0, update.rectHeight > 0, let source = update.source,
      surface.w == update.width, surface.h == update.height,
      let format = surface.format?.pointee, let pixels = surface.pixels
    else { return nil }
    let offset = update.y * Int(surface.pitch) + update.x * Int(format.BytesPerPixel)
    // Frames are opaque: to X11's 32-bit surface (XRGB) the pixels go as they are, a row copy
    // rather than SDL's conversion a pixel at a time.
    let sameBytes = [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue]
    let sourceFormat =
      sameBytes.contains(format.format) ? format.format : SDL_PIXELFORMAT_ARGB8888.rawValue
    let converted = source.withRows { rows, rowWords in
      cw_SDL_ConvertPixels(
        Int32(update.rectWidth), Int32(update.rectHeight), sourceFormat, rows.baseAddress,
        Int32(rowWords * 4), format.format, pixels + offset, surface.pitch)
    }
    guard converted == 0 else { return nil }
    return SDL_Rect(
      x: Int32(update.x), y: Int32(update.y), w: Int32(update.rectWidth),
      h: Int32(update.rectHeight))
  }

  private func handle(_ event: SDL_Event, window: OpaquePointer) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT: onEvent(.closeRequested)
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
        updateCanvas(window: window)
        onEvent(.repaint)
      case SDL_WINDOWEVENT_EXPOSED: onEvent(.repaint)
      case SDL_WINDOWEVENT_MOVED:
        onEvent(.moved(x: Int(event.window.data1), y: Int(event.window.data2)))
      case SDL_WINDOWEVENT_CLOSE: onEvent(.closeRequested)
      default: break
      }
    case SDL_TEXTINPUT:
      let text = withUnsafeBytes(of: event.text.text) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      for character in text { onEvent(.key(character == " " ? .space : .character(character))) }
    case SDL_KEYDOWN:
      if let key = Self.key(for: event.key.keysym) { onEvent(.key(key)) }
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      onEvent(.key(.clickAt(x: Double(event.button.x), y: Double(event.button.y))))
    default: break
    }
  }

  /// Keys that send no text: Escape, Enter, arrows, Ctrl-C.
  static func key(for symbol: SDL_Keysym) -> Key? {
    let control = (UInt32(symbol.mod) & UInt32(KMOD_CTRL.rawValue)) != 0
    switch Int(symbol.sym) {
    case Int(SDLK_ESCAPE.rawValue): return .escape
    case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
    case Int(SDLK_BACKSPACE.rawValue): return .backspace
    case Int(SDLK_UP.rawValue): return .up
    case Int(SDLK_DOWN.rawValue): return .down
    case Int(SDLK_LEFT.rawValue): return .left
    case Int(SDLK_RIGHT.rawValue): return .right
    case Int(SDLK_c.rawValue) where control: return .controlC
    default: return nil
    }
  }

  private func updateCanvas(window: OpaquePointer) {
    var (pixelWidth, pixelHeight, pointWidth, pointHeight): (Int32, Int32, Int32, Int32) = (
      0, 0, 0, 0
    )
    cw_SDL_GetWindowSize(window, &pointWidth, &pointHeight)
    var mode = SDL_DisplayMode()
    let refresh =
      cw_SDL_GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0
      ? Double(mode.refresh_rate) : 60
    state.withLock {
      // Fetched under the lock: SDL frees the old surface here after a resize.
      $0.surface = cw_SDL_GetWindowSurface(window).map(Surface.init)
      if let surface = $0.surface?.pointer.pointee {
        (pixelWidth, pixelHeight) = (surface.w, surface.h)
      }
      let scale = pointWidth > 0 ? Double(pixelWidth) / Double(pointWidth) : 1
      $0.canvas = Canvas(
        width: Int(pixelWidth), height: Int(pixelHeight), scale: max(scale, 1), refreshRate: refresh
      )
    }
  }
}
