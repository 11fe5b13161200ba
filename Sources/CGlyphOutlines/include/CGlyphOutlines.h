// Text as outlines, read with FreeType from the face fontconfig picks, without Cairo's fonts:
// the caller lets go of every face, of FreeType and of fontconfig's configuration (and the font
// files and caches they map) when it no longer draws text.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct cw_outlines cw_outlines;

/// A fontconfig configuration and a FreeType library; NULL if either fails.
cw_outlines *cw_outlines_create(void);

/// Closes the faces, FreeType and the configuration.
void cw_outlines_destroy(cw_outlines *outlines);

/// Opens the face fontconfig matches for `family`, a roman slant and the weight (as Cairo's
/// toy font face asks). Returns its number, or -1.
int cw_outlines_face(cw_outlines *outlines, const char *family, int bold);

/// The extents of a line at font size 1, y down from the baseline.
typedef struct {
  double ascent, descent, advance, ink_top, ink_bottom;
} cw_line_extents;

/// Measures the characters (Unicode scalars) as one line in face `face`.
cw_line_extents cw_outlines_measure(cw_outlines *outlines, int face, const uint32_t *characters,
                                    size_t count);

/// Adds the line's unhinted outlines to the path of `cairo` (a cairo_t), at font size `size`,
/// the first glyph's origin at (x, y) in user space.
void cw_outlines_append_path(cw_outlines *outlines, int face, const uint32_t *characters,
                             size_t count, double size, double x, double y, void *cairo);

/// Adds one glyph's outline, given as the steps FT_Outline_Decompose took (0 x y a move, 1 x y
/// a line, 2 cx cy x y a quadratic curve, 3 x1 y1 x2 y2 x y a cubic one, in font units), to
/// the path of `cairo` as `cw_outlines_append_path` adds a glyph: scaled by `scale`, y turned
/// down, from the glyph's origin (x, y).
void cw_outlines_append_steps(const int32_t *steps, size_t count, double scale, double x, double y,
                              void *cairo);
