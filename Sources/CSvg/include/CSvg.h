// SVG pictures through librsvg, loaded with dlopen when the first one is drawn: the app starts
// (and the alert watcher runs) without mapping librsvg and its dependencies.
#pragma once
#include <stddef.h>

/// Parses an SVG document. Returns a handle, or NULL with a line in `problem` saying why
/// (librsvg missing, or the document's error).
void *cw_svg_open(const unsigned char *bytes, size_t length, char *problem, size_t problem_size);

/// The document's size in pixels (its width and height, else its viewBox). Returns 0 when it
/// has none.
int cw_svg_size(void *svg, double *width, double *height);

/// Whether documents are drawn as paths (sharp at any scale, vector in PDF and SVG output):
/// librsvg's Cairo is the caller's. Otherwise they are drawn as pixels, at the target's
/// resolution (288 dpi on a PDF or SVG page).
int cw_svg_draws_as_paths(void);

/// Draws the document into the rectangle (x, y, width, height) of a cairo_t, as paths when it
/// can and `as_pixels` is 0. Returns 0, or -1 with `problem` set.
int cw_svg_render(void *svg, void *cairo, double x, double y, double width, double height,
                  int as_pixels, char *problem, size_t problem_size);

void cw_svg_close(void *svg);
