#include "CSvg.h"

#include <dlfcn.h>
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

static const char *missing = "librsvg is not installed (Debian: librsvg2-2)";

static int load(char *problem, size_t size) {
  static int state = 0;  // 1 loaded, -1 missing
  if (state == 0) {
    state = -1;
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) goto failed;
#define LOAD(name) if ((*(void **)&p_##name = dlsym(library, #name)) == NULL) goto failed;
    LOAD(rsvg_handle_new_from_data)
    LOAD(rsvg_handle_get_intrinsic_size_in_pixels)
    LOAD(rsvg_handle_get_dimensions)
    LOAD(rsvg_handle_render_document)
    LOAD(g_object_unref)
    LOAD(g_error_free)
#undef LOAD
    state = 1;
  }
failed:
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

int cw_svg_render(void *svg, void *cairo, double x, double y, double width, double height,
                  char *problem, size_t problem_size) {
  RsvgRectangle viewport = {x, y, width, height};
  GError *error = NULL;
  if (p_rsvg_handle_render_document(svg, cairo, &viewport, &error)) return 0;
  say(error, "librsvg could not draw it", problem, problem_size);
  return -1;
}

void cw_svg_close(void *svg) {
  if (svg) p_g_object_unref(svg);
}
