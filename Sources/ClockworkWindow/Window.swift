import CSDL2
import ClockworkLive
import Dispatch
import Synchronization

/// A desktop window through SDL2 (X11 or Wayland, as the system has them), on a thread of its
/// own that makes every SDL call: it waits for events and for frames to show, and shows each
/// frame by uploading only its changed rectangle to a streaming texture.
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

  /// The drawable's size in pixels and its pixels per point (2 on a hi-DPI display).
  public struct Canvas: Hashable, Sendable {
    /// In pixels.
    public var width: Int
    /// In pixels.
    public var height: Int
    /// Pixels per point (2 on a hi-DPI display).
    public var scale: Double
    /// The display's frames per second.
    public var refreshRate: Double

    /// A canvas of `width`×`height` pixels.
    public init(width: Int, height: Int, scale: Double = 1, refreshRate: Double = 60) {
      self.width = width
      self.height = height
      self.scale = scale
      self.refreshRate = refreshRate
    }
  }

  private struct State {
    var canvas = Canvas(width: 0, height: 0)
    var pending: [WindowUpdate] = []
    var title: String?
    var attention = false
    var closing = false
    var closed = false
  }

  private let state = Mutex(State())
  private let onEvent: @Sendable (Event) -> Void
  private let wakeEvent: UInt32
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var failure: WindowError?

  /// Opens the window.
  /// - Throws: ``WindowError`` when there is no display or SDL cannot open a window on it.
  /// How a window sits on the desktop.
  public struct Placement: Sendable {
    /// Kept above other windows (`_NET_WM_STATE_ABOVE` on X11).
    public var onTop = false
    /// No border or title bar, moved by dragging anywhere in it (clicks then move it).
    public var compact = false
    /// Where its top left corner goes, in the screen's points; nil: centred.
    public var position: (x: Int, y: Int)?
    /// A placement: on top or not, compact or not, where.
    public init(onTop: Bool = false, compact: Bool = false, position: (x: Int, y: Int)? = nil) {
      (self.onTop, self.compact, self.position) = (onTop, compact, position)
    }
  }

  /// Opens a window of `width`×`height` points titled `title`; `onEvent` gets its events on the
  /// window's thread.
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

  /// Shows an update (in the order given) and sets the title, from any thread.
  public func show(_ update: WindowUpdate) {
    state.withLock { $0.pending.append(update) }
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
    // A frame is a picture already drawn: SDL's software renderer shows it with the least work
    // and memory (no GL driver loaded). SDL_RENDER_DRIVER in the environment chooses another,
    // e.g. opengl for presents synced to the display.
    cw_SDL_SetHintWithPriority("SDL_RENDER_DRIVER", "software", SDL_HINT_DEFAULT)
    cw_SDL_SetHintWithPriority("SDL_FRAMEBUFFER_ACCELERATION", "0", SDL_HINT_DEFAULT)
    cw_SDL_SetHint("SDL_RENDER_VSYNC", "1")
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
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
      | (placement.onTop ? SDL_WINDOW_ALWAYS_ON_TOP.rawValue : 0)
      | (placement.compact ? SDL_WINDOW_BORDERLESS.rawValue : 0)
    let centred = cw_sdl_windowpos_centered()
    let (x, y) = placement.position.map { (Int32($0.x), Int32($0.y)) } ?? (centred, centred)
    guard let window = cw_SDL_CreateWindow(title, x, y, Int32(width), Int32(height), flags),
      let renderer = cw_SDL_CreateRenderer(window, -1, 0)
    else {
      failure = .noDisplay(String(cString: cw_SDL_GetError()))
      cw_SDL_Quit()
      state.withLock { $0.closed = true }
      ready.signal()
      return
    }
    cw_SDL_StartTextInput()
    if placement.compact { _ = cw_sdl_drag_anywhere(window) }
    updateCanvas(window: window, renderer: renderer)
    ready.signal()

    let frameLog = FrameLog()
    var texture: OpaquePointer?
    var textureSize = (0, 0)
    var event = SDL_Event()
    while state.withLock({ !$0.closing }) {
      guard cw_SDL_WaitEvent(&event) == 1 else { continue }
      repeat {
        handle(event, window: window, renderer: renderer)
      } while cw_SDL_PollEvent(&event) == 1
      let (updates, title, attention) = state.withLock { state in
        defer { (state.pending, state.title, state.attention) = ([], nil, false) }
        return (state.pending, state.title, state.attention)
      }
      for update in updates {
        if textureSize != (update.width, update.height) {
          if let texture { cw_SDL_DestroyTexture(texture) }
          texture = cw_SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
            Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(update.width),
            Int32(update.height))
          // Frames are opaque: copied, not blended, over what was there.
          _ = cw_SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
          textureSize = (update.width, update.height)
        }
        var rect = SDL_Rect(
          x: Int32(update.x), y: Int32(update.y), w: Int32(update.rectWidth),
          h: Int32(update.rectHeight))
        update.pixels.withUnsafeBytes { bytes in
          _ = cw_SDL_UpdateTexture(texture, &rect, bytes.baseAddress, Int32(update.rectWidth * 4))
        }
        if let newTitle = update.title { cw_SDL_SetWindowTitle(window, newTitle) }
      }
      if let title { cw_SDL_SetWindowTitle(window, title) }
      if attention { cw_SDL_FlashWindow(window, SDL_FLASH_UNTIL_FOCUSED) }
      if !updates.isEmpty, let texture {
        cw_SDL_RenderCopy(renderer, texture, nil, nil)
        cw_SDL_RenderPresent(renderer)
        frameLog?.presented()
      }
    }
    if let texture { cw_SDL_DestroyTexture(texture) }
    cw_SDL_DestroyRenderer(renderer)
    cw_SDL_DestroyWindow(window)
    cw_SDL_Quit()
    state.withLock { $0.closed = true }
    finished.signal()
  }

  private func handle(_ event: SDL_Event, window: OpaquePointer, renderer: OpaquePointer) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT: onEvent(.closeRequested)
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
        updateCanvas(window: window, renderer: renderer)
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

  private func updateCanvas(window: OpaquePointer, renderer: OpaquePointer) {
    var (pixelWidth, pixelHeight, pointWidth, pointHeight): (Int32, Int32, Int32, Int32) = (
      0, 0, 0, 0
    )
    cw_SDL_GetRendererOutputSize(renderer, &pixelWidth, &pixelHeight)
    cw_SDL_GetWindowSize(window, &pointWidth, &pointHeight)
    var mode = SDL_DisplayMode()
    let refresh =
      cw_SDL_GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0
      ? Double(mode.refresh_rate) : 60
    let scale = pointWidth > 0 ? Double(pixelWidth) / Double(pointWidth) : 1
    state.withLock {
      $0.canvas = Canvas(
        width: Int(pixelWidth), height: Int(pixelHeight), scale: max(scale, 1), refreshRate: refresh
      )
    }
  }
}
