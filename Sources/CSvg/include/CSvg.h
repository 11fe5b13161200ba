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

/// Draws the document into the rectangle (x, y, width, height) of a cairo_t. Returns 0, or -1
/// with `problem` set.
int cw_svg_render(void *svg, void *cairo, double x, double y, double width, double height,
                  char *problem, size_t problem_size);

void cw_svg_close(void *svg);
