import CAdwaita
import CDesktop
import ClockworkLive
import ClockworkWindow
import FoundationEssentials

/// A scene drawn by our renderer into a GTK drawing area at the display's scale, and drawn
/// again only when its frame says the picture next changes: while nothing moves the main loop
/// does not wake for it, and a page not shown is not drawn at all.
@MainActor final class SceneView {
  typealias Instant = ContinuousClock.Instant
  /// The frame at a moment on a canvas, and when the picture next changes.
  typealias FrameSource = (Window.Canvas, Moment<Instant>) -> Planned<WindowFrame, Instant>

  let area: Widget
  private let source: FrameSource
  private var painter = WindowPainter()
  /// The timeout that asks for the next frame, while one is due.
  private var pending: UInt32 = 0
  /// The radius of the picture's rounded corners, in points (0: square).
  var cornerRadius = 0.0

  /// A drawing area named `name` for a screen reader, showing `source`'s frames.
  init(named name: String, source: @escaping FrameSource) {
    area = made(gtk_drawing_area_new())
    self.source = source
    gtk_widget_set_hexpand(area, 1)
    gtk_widget_set_vexpand(area, 1)
    cw_accessible_label(area, name)
    gtk_drawing_area_set_draw_func(
      cast(area),
      { _, cr, width, height, data in
        MainActor.assumeIsolated {
          guard let cr, let data else { return }
          Unmanaged<SceneView>.fromOpaque(data).takeUnretainedValue()
            .draw(on: cr, width: Int(width), height: Int(height))
        }
      }, Unmanaged.passRetained(self).toOpaque(),
      SceneView.release)
  }

  /// Lets go of the view GTK held for a draw function or a timeout.
  private static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<SceneView>.fromOpaque(data).release()
  }

  /// Draws the scene again now (its state changed).
  func redraw() { gtk_widget_queue_draw(area) }

  private func draw(on cr: OpaquePointer, width: Int, height: Int) {
    if pending != 0 { g_source_remove(pending) }
    pending = 0
    let scale = Double(max(gtk_widget_get_scale_factor(area), 1))
    let canvas = Window.Canvas(
      width: Int(Double(width) * scale), height: Int(Double(height) * scale), scale: scale,
      refreshRate: refreshRate())
    let now = Moment(instant: ContinuousClock.now, wall: Date())
    let planned = source(canvas, now)
    let update = painter.paint(planned.frame, on: canvas)
    update.shownFromPicture()
    guard let picture = painter.picture else { return }
    // Painted over only where the frame changed: the corners stay clear until then.
    if cornerRadius > 0, update.rectWidth > 0, update.rectHeight > 0 {
      clearCorners(of: picture.cairoSurface, radius: cornerRadius * scale)
    }
    cairo_save(cr)
    cairo_scale(cr, 1 / scale, 1 / scale)
    cairo_set_source_surface(cr, picture.cairoSurface, 0, 0)
    cairo_paint(cr)
    cairo_restore(cr)
    guard let next = planned.next else { return }
    let delay = max(1, (now.instant.duration(to: next) / .milliseconds(1)).rounded(.up))
    pending = g_timeout_add_full(
      G_PRIORITY_DEFAULT, UInt32(min(delay, 3_600_000)),
      { data in
        MainActor.assumeIsolated {
          guard let data else { return }
          let view = Unmanaged<SceneView>.fromOpaque(data).takeUnretainedValue()
          view.pending = 0
          view.redraw()
        }
        return 0  // G_SOURCE_REMOVE
      }, Unmanaged.passRetained(self).toOpaque(),
      SceneView.release)
  }

  /// Makes the picture's corners outside a rounded rectangle transparent: a clip of the
  /// whole picture would cost every frame what these four small fills cost.
  private func clearCorners(of surface: OpaquePointer, radius: Double) {
    let width = Double(cairo_image_surface_get_width(surface))
    let height = Double(cairo_image_surface_get_height(surface))
    let r = min(radius, width / 2, height / 2)
    guard r > 0, let cr = cairo_create(surface) else { return }
    defer { cairo_destroy(cr) }
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
    // Each corner: from the corner along one edge, round the arc, back along the other.
    for (x, y, start) in [
      (r, r, Double.pi), (width - r, r, 3 * Double.pi / 2), (width - r, height - r, 0),
      (r, height - r, Double.pi / 2),
    ] {
      let cornerX = x < width / 2 ? 0 : width
      let cornerY = y < height / 2 ? 0 : height
      cairo_move_to(cr, cornerX, cornerY)
      cairo_arc(cr, x, y, r, start, start + Double.pi / 2)
      cairo_close_path(cr)
    }
    cairo_fill(cr)
  }

  /// The frames a second GTK paces this area's window by, from its frame clock (60 where it
  /// does not know): asking the monitor instead is a round trip to the X server every frame.
  private func refreshRate() -> Double {
    guard let clock = gtk_widget_get_frame_clock(area) else { return 60 }
    var interval: gint64 = 0
    var presentation: gint64 = 0
    gdk_frame_clock_get_refresh_info(
      clock, gdk_frame_clock_get_frame_time(clock), &interval, &presentation)
    return interval > 0 ? 1_000_000 / Double(interval) : 60
  }
}
