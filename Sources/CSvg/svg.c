#include "CSvg.h"

#include <cairo/cairo.h>
#include "CDynamicCalls.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>

// The few librsvg and GLib calls used, with their types spelled out (no GLib headers).
typedef int gboolean;
typedef struct { unsigned int domain; int code; char *message; } GError;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { int width, height; double em, ex; } RsvgDimensionData;
static void *(*p_rsvg_handle_new_from_data)(const unsigned char *, size_t, GError **);
static gboolean (*p_rsvg_handle_get_intrinsic_size_in_pixels)(void *, double *, double *);
static void (*p_rsvg_handle_get_dimensions)(void *, RsvgDimensionData *);
static gboolean (*p_rsvg_handle_render_document)(void *, void *, const RsvgRectangle *, GError **);
static void (*p_g_object_unref)(void *);
static void (*p_g_error_free)(GError *);

// librsvg draws with the shared libcairo. When ours is another copy (the release binary links
// Cairo in), a context of ours must not reach it: it draws with its own Cairo into the pixels
// of an image of ours.
static cairo_surface_t *(*p_cairo_image_surface_create_for_data)(unsigned char *, cairo_format_t,
                                                                 int, int, int);
static cairo_t *(*p_cairo_create)(cairo_surface_t *);
static void (*p_cairo_set_matrix)(cairo_t *, const cairo_matrix_t *);
static void (*p_cairo_destroy)(cairo_t *);
static void (*p_cairo_surface_destroy)(cairo_surface_t *);
static int cairo_is_shared;

static const char *missing = "librsvg is not installed (Debian: librsvg2-2)";
static int state;  // 1 loaded, -1 missing
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void) {
  state = -1;
  void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (cairo == NULL) return;
#define LOAD(from, name) if (!CW_FOUND(from, name)) return;
  LOAD(library, rsvg_handle_new_from_data)
  LOAD(library, rsvg_handle_get_intrinsic_size_in_pixels)
  LOAD(library, rsvg_handle_get_dimensions)
  LOAD(library, rsvg_handle_render_document)
  LOAD(library, g_object_unref)
  LOAD(library, g_error_free)
  LOAD(cairo, cairo_image_surface_create_for_data)
  LOAD(cairo, cairo_create)
  LOAD(cairo, cairo_set_matrix)
  LOAD(cairo, cairo_destroy)
  LOAD(cairo, cairo_surface_destroy)
#undef LOAD
  cairo_is_shared = p_cairo_create == cairo_create;
  state = 1;
}

static int load(char *problem, size_t size) {
  pthread_once(&once, load_once);
  if (state < 0 && problem) snprintf(problem, size, "%s", missing);
  return state;
}

static void say(GError *error, const char *otherwise, char *problem, size_t size) {
  snprintf(problem, size, "%s", error && error->message ? error->message : otherwise);
  if (error) p_g_error_free(error);
}

void *cw_svg_open(const unsigned char *bytes, size_t length, char *problem, size_t problem_size) {
  if (load(problem, problem_size) < 0) return NULL;
  GError *error = NULL;
  void *handle = p_rsvg_handle_new_from_data(bytes, length, &error);
  if (handle == NULL) say(error, "not an SVG document", problem, problem_size);
  return handle;
}

int cw_svg_size(void *svg, double *width, double *height) {
  if (p_rsvg_handle_get_intrinsic_size_in_pixels(svg, width, height) && *width > 0 && *height > 0) return 1;
  RsvgDimensionData dimensions = {0, 0, 0, 0};
  p_rsvg_handle_get_dimensions(svg, &dimensions);
  *width = dimensions.width;
  *height = dimensions.height;
  return dimensions.width > 0 && dimensions.height > 0;
}

int cw_svg_draws_as_paths(void) { return load(NULL, 0) > 0 && cairo_is_shared; }

// Pixels a side at most when a picture is drawn as pixels, and how many a point of a PDF or SVG
// page gets (288 dpi).
enum { largest_raster = 4096, raster_per_point = 4 };

// An image of `columns`×`rows` that their Cairo draws the picture into, with `matrix` from
// the picture's space to the image's pixels; NULL (and `problem`) when it could not be drawn.
static cairo_surface_t *drawn(void *svg, const cairo_matrix_t *matrix, int columns, int rows,
                              double x, double y, double width, double height, char *problem,
                              size_t problem_size) {
  cairo_surface_t *ours = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, columns, rows);
  unsigned char *pixels = cairo_image_surface_get_data(ours);
  if (pixels == NULL) {
    cairo_surface_destroy(ours);
    snprintf(problem, problem_size, "no memory for a %d×%d picture", columns, rows);
    return NULL;
  }
  // Both copies lay out ARGB32 alike: theirs draws straight into our image's pixels.
  cairo_surface_t *theirs = p_cairo_image_surface_create_for_data(
      pixels, CAIRO_FORMAT_ARGB32, columns, rows, cairo_image_surface_get_stride(ours));
  cairo_t *their_cr = p_cairo_create(theirs);
  p_cairo_set_matrix(their_cr, matrix);
  RsvgRectangle viewport = {x, y, width, height};
  GError *error = NULL;
  int done = p_rsvg_handle_render_document(svg, their_cr, &viewport, &error);
  p_cairo_destroy(their_cr);
  p_cairo_surface_destroy(theirs);  // finished, so its drawing is in the pixels
  if (!done) {
    say(error, "librsvg could not draw it", problem, problem_size);
    cairo_surface_destroy(ours);
    return NULL;
  }
  cairo_surface_mark_dirty(ours);
  return ours;
}

// On an image, the picture is drawn in the target's own pixels, turned and scaled as it is
// shown, and copied over them one to one: as sharp as its paths (an image drawn upright and
// then turned would be resampled, and soft).
static int render_in_device_pixels(void *svg, cairo_t *cr, double x, double y, double width,
                                   double height, char *problem, size_t problem_size) {
  double left = INFINITY, top = INFINITY, right = -INFINITY, bottom = -INFINITY;
  double corners[4][2] = {{x, y}, {x + width, y}, {x, y + height}, {x + width, y + height}};
  for (int i = 0; i < 4; i++) {
    cairo_user_to_device(cr, &corners[i][0], &corners[i][1]);
    left = fmin(left, corners[i][0]);
    right = fmax(right, corners[i][0]);
    top = fmin(top, corners[i][1]);
    bottom = fmax(bottom, corners[i][1]);
  }
  left = floor(left);
  top = floor(top);
  int columns = (int)ceil(right - left), rows = (int)ceil(bottom - top);
  if (columns < 1 || rows < 1) return 0;
  if (columns > largest_raster || rows > largest_raster) {
    snprintf(problem, problem_size, "a picture of %d×%d pixels is too large to draw", columns, rows);
    return -1;
  }
  cairo_matrix_t matrix;
  cairo_get_matrix(cr, &matrix);
  matrix.x0 -= left;
  matrix.y0 -= top;
  cairo_surface_t *ours = drawn(svg, &matrix, columns, rows, x, y, width, height, problem, problem_size);
  if (ours == NULL) return -1;
  cairo_save(cr);
  cairo_identity_matrix(cr);
  cairo_set_source_surface(cr, ours, left, top);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_surface_destroy(ours);
  return 0;
}

static int render_as_pixels(void *svg, cairo_t *cr, double x, double y, double width,
                            double height, char *problem, size_t problem_size) {
  if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE)
    return render_in_device_pixels(svg, cr, x, y, width, height, problem, problem_size);
  // A PDF or SVG page: the picture upright at 288 dpi, placed as an image.
  double ux = 1, uy = 0, vx = 0, vy = 1;
  cairo_user_to_device_distance(cr, &ux, &uy);
  cairo_user_to_device_distance(cr, &vx, &vy);
  double scale = fmax(hypot(ux, uy), hypot(vx, vy)) * raster_per_point;
  scale = fmin(scale, largest_raster / fmax(fmax(width, height), 1e-9));
  int columns = (int)ceil(width * scale), rows = (int)ceil(height * scale);
  if (columns < 1 || rows < 1) return 0;
  cairo_matrix_t matrix;
  cairo_matrix_init_scale(&matrix, scale, scale);
  cairo_surface_t *ours = drawn(svg, &matrix, columns, rows, 0, 0, width, height, problem, problem_size);
  if (ours == NULL) return -1;
  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_scale(cr, 1 / scale, 1 / scale);
  cairo_set_source_surface(cr, ours, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_surface_destroy(ours);
  return 0;
}

int cw_svg_render(void *svg, void *cairo, double x, double y, double width, double height,
                  int as_pixels, char *problem, size_t problem_size) {
  if (as_pixels || !cairo_is_shared)
    return render_as_pixels(svg, cairo, x, y, width, height, problem, problem_size);
  RsvgRectangle viewport = {x, y, width, height};
  GError *error = NULL;
  if (p_rsvg_handle_render_document(svg, cairo, &viewport, &error)) return 0;
  say(error, "librsvg could not draw it", problem, problem_size);
  return -1;
}

void cw_svg_close(void *svg) {
  if (svg) p_g_object_unref(svg);
}
