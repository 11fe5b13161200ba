#include "CGlyphOutlines.h"

#include <cairo/cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_MODULE_H
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { max_faces = 8 };

struct cw_outlines {
  FcConfig *config;
  FT_Library library;
  int all_modules;  // made by FT_Init_FreeType, with its own memory object
  struct {
    char *family;
    int bold;
    FT_Face face;
    int embolden;  // fontconfig asks for a bold the family lacks to be made
  } faces[max_faces];
  int face_count;
};

// The modules an outline font is read with (TrueType and CFF, in an SFNT wrapper). Their
// classes are named as FreeType's own module list names them (FT_USE_MODULE); the shared
// library does not export them, so they are weak, and missing there.
extern const FT_Module_Class sfnt_module_class __attribute__((weak));
extern const FT_Module_Class psnames_module_class __attribute__((weak));
extern const FT_Module_Class psaux_module_class __attribute__((weak));
extern const FT_Module_Class tt_driver_class __attribute__((weak));
extern const FT_Module_Class cff_driver_class __attribute__((weak));

static void *allocate(FT_Memory memory, long size) { return malloc(size); }
static void release(FT_Memory memory, void *block) { free(block); }
static void *reallocate(FT_Memory memory, long old, long size, void *block) {
  return realloc(block, size);
}
static struct FT_MemoryRec_ memory = {NULL, allocate, release, reallocate};

/// A library with only those modules where FreeType is linked in: FT_Init_FreeType sets up
/// about twenty (bitmap fonts, Type 1, the auto-hinter, the validators), each in an object
/// file of its own that a first start then maps. A font of another kind does not open, and the
/// renderer falls back to Cairo's text, with every module.
static FT_Error new_library(FT_Library *library, int *all_modules) {
  const FT_Module_Class *modules[] = {&sfnt_module_class, &psnames_module_class,
                                      &psaux_module_class, &tt_driver_class, &cff_driver_class};
  int linked = 1;
  for (size_t i = 0; i < sizeof modules / sizeof *modules; i++) linked = linked && modules[i];
  *all_modules = !linked;
  if (!linked) return FT_Init_FreeType(library);
  *library = NULL;
  FT_Error error = FT_New_Library(&memory, library);
  for (size_t i = 0; !error && i < sizeof modules / sizeof *modules; i++)
    error = FT_Add_Module(*library, modules[i]);
  if (error) {
    if (*library) FT_Done_Library(*library);
    return error;
  }
  FT_Set_Default_Properties(*library);
  return 0;
}

cw_outlines *cw_outlines_create(void) {
  cw_outlines *outlines = calloc(1, sizeof *outlines);
  if (!outlines) return NULL;
  outlines->config = FcInitLoadConfigAndFonts();
  if (!outlines->config || new_library(&outlines->library, &outlines->all_modules) != 0) {
    if (outlines->config) FcConfigDestroy(outlines->config);
    free(outlines);
    return NULL;
  }
  return outlines;
}

void cw_outlines_destroy(cw_outlines *outlines) {
  if (!outlines) return;
  for (int i = 0; i < outlines->face_count; i++) {
    FT_Done_Face(outlines->faces[i].face);
    free(outlines->faces[i].family);
  }
  if (outlines->all_modules) {
    FT_Done_FreeType(outlines->library);
  } else {
    FT_Done_Library(outlines->library);
  }
  FcConfigDestroy(outlines->config);
  free(outlines);
}

int cw_outlines_face(cw_outlines *outlines, const char *family, int bold) {
  for (int i = 0; i < outlines->face_count; i++) {
    if (outlines->faces[i].bold == bold && strcmp(outlines->faces[i].family, family) == 0) return i;
  }
  if (outlines->face_count == max_faces) return -1;
  FcPattern *pattern = FcPatternCreate();
  if (!pattern) return -1;
  FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
  FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
  FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_MEDIUM);
  FcConfigSubstitute(outlines->config, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result;
  FcPattern *match = FcFontMatch(outlines->config, pattern, &result);
  FcPatternDestroy(pattern);
  if (!match) return -1;
  FcChar8 *file = NULL;
  int index = 0;
  FcBool embolden = FcFalse;
  FT_Face face = NULL;
  if (FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
    FcPatternGetInteger(match, FC_INDEX, 0, &index);
    FcPatternGetBool(match, FC_EMBOLDEN, 0, &embolden);
    if (FT_New_Face(outlines->library, (const char *)file, index, &face) != 0) face = NULL;
  }
  FcPatternDestroy(match);
  if (!face) return -1;
  char *name = strdup(family);
  if (face->units_per_EM == 0 || !name) {
    FT_Done_Face(face);
    free(name);
    return -1;
  }
  int i = outlines->face_count++;
  outlines->faces[i].family = name;
  outlines->faces[i].bold = bold;
  outlines->faces[i].face = face;
  outlines->faces[i].embolden = embolden;
  return i;
}

/// Loads a character's glyph, unscaled and unhinted, into the face's slot, made bold if asked
/// (by FreeType's own strength). Returns its advance in font units, or -1 if it has no outline.
static FT_Pos load(cw_outlines *outlines, int i, uint32_t character) {
  FT_Face face = outlines->faces[i].face;
  FT_UInt glyph = FcFreeTypeCharIndex(face, character);  // as Cairo maps characters
  if (FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0 ||
      face->glyph->format != FT_GLYPH_FORMAT_OUTLINE)
    return -1;
  FT_Pos advance = face->glyph->advance.x;
  if (outlines->faces[i].embolden) {
    FT_Pos strength = face->units_per_EM / 24;
    FT_Outline_Embolden(&face->glyph->outline, strength);
    advance += strength;
  }
  return advance;
}

cw_line_extents cw_outlines_measure(cw_outlines *outlines, int i, const uint32_t *characters,
                                    size_t count) {
  FT_Face face = outlines->faces[i].face;
  double units = face->units_per_EM;
  cw_line_extents extents = {face->ascender / units, -face->descender / units, 0, 0, 0};
  double top = INFINITY, bottom = -INFINITY;
  for (size_t c = 0; c < count; c++) {
    FT_Pos advance = load(outlines, i, characters[c]);
    if (advance < 0) continue;
    if (face->glyph->outline.n_points > 0) {
      FT_BBox box;
      FT_Outline_Get_CBox(&face->glyph->outline, &box);
      top = fmin(top, -box.yMax / units);
      bottom = fmax(bottom, -box.yMin / units);
    }
    extents.advance += advance / units;
  }
  if (top <= bottom) {
    extents.ink_top = top;
    extents.ink_bottom = bottom;
  }
  return extents;
}

/// Where an outline's points go: font units scaled, y turned down, from the glyph's origin.
typedef struct {
  cairo_t *cr;
  double scale, x, y;
  double last_x, last_y;
} pen;

static void place(const pen *p, const FT_Vector *v, double *x, double *y) {
  *x = p->x + v->x * p->scale;
  *y = p->y - v->y * p->scale;
}

static int move_to(const FT_Vector *to, void *user) {
  pen *p = user;
  cairo_close_path(p->cr);  // the contour before, if any
  place(p, to, &p->last_x, &p->last_y);
  cairo_move_to(p->cr, p->last_x, p->last_y);
  return 0;
}

static int line_to(const FT_Vector *to, void *user) {
  pen *p = user;
  place(p, to, &p->last_x, &p->last_y);
  cairo_line_to(p->cr, p->last_x, p->last_y);
  return 0;
}

static int conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
  // A quadratic Bézier as the cubic that traces it.
  pen *p = user;
  double cx, cy, x, y;
  place(p, control, &cx, &cy);
  place(p, to, &x, &y);
  cairo_curve_to(p->cr, p->last_x + 2.0 / 3 * (cx - p->last_x),
                 p->last_y + 2.0 / 3 * (cy - p->last_y), x + 2.0 / 3 * (cx - x),
                 y + 2.0 / 3 * (cy - y), x, y);
  p->last_x = x;
  p->last_y = y;
  return 0;
}

static int cubic_to(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to,
                    void *user) {
  pen *p = user;
  double x1, y1, x2, y2;
  place(p, control1, &x1, &y1);
  place(p, control2, &x2, &y2);
  place(p, to, &p->last_x, &p->last_y);
  cairo_curve_to(p->cr, x1, y1, x2, y2, p->last_x, p->last_y);
  return 0;
}

void cw_outlines_append_steps(const int32_t *steps, size_t count, double scale, double x, double y,
                              void *cairo) {
  pen p = {cairo, scale, x, y, x, y};
  for (size_t i = 0; i < count;) {
    int32_t step = steps[i++];
    FT_Vector v[3];
    size_t points = step < 2 ? 1 : (size_t)step;  // a curve's controls, then where it ends
    if (step < 0 || step > 3 || count - i < 2 * points) break;
    for (size_t k = 0; k < points; k++, i += 2) v[k] = (FT_Vector){steps[i], steps[i + 1]};
    switch (step) {
      case 0: move_to(&v[0], &p); break;
      case 1: line_to(&v[0], &p); break;
      case 2: conic_to(&v[0], &v[1], &p); break;
      default: cubic_to(&v[0], &v[1], &v[2], &p); break;
    }
  }
  cairo_close_path(p.cr);
}

void cw_outlines_append_path(cw_outlines *outlines, int i, const uint32_t *characters,
                             size_t count, double size, double x, double y, void *cairo) {
  static const FT_Outline_Funcs calls = {move_to, line_to, conic_to, cubic_to, 0, 0};
  FT_Face face = outlines->faces[i].face;
  pen p = {cairo, size / face->units_per_EM, x, y, x, y};
  for (size_t c = 0; c < count; c++) {
    FT_Pos advance = load(outlines, i, characters[c]);
    if (advance < 0) continue;
    FT_Outline_Decompose(&face->glyph->outline, &calls, &p);
    cairo_close_path(p.cr);
    p.x += advance * p.scale;
  }
}
