// libchafa, loaded when `--graphics chafa` or sixels first need it (dlopen) rather than linked:
// libchafa and GLib would otherwise be mapped into every run, the clock's included.
// Swift calls the cw_ functions (chafa.c). The types and constants used are spelled out from
// chafa.h (libchafa.so.0), so no GLib headers are needed.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "CDynamicCalls.h"

typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;

// ChafaSymbolTags
enum {
  CW_CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
  CW_CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
  CW_CHAFA_SYMBOL_TAG_QUAD = 1 << 7,
  CW_CHAFA_SYMBOL_TAG_HALF = (1 << 8) | (1 << 9),
  CW_CHAFA_SYMBOL_TAG_SEXTANT = 1 << 22,
};
// ChafaPixelType, ChafaCanvasMode, ChafaPixelMode
enum { CW_CHAFA_PIXEL_BGRA8_PREMULTIPLIED = 1 };
enum { CW_CHAFA_CANVAS_MODE_TRUECOLOR = 0, CW_CHAFA_CANVAS_MODE_INDEXED_240 = 2 };
enum { CW_CHAFA_PIXEL_MODE_SIXELS = 1 };

#define CW_CHAFA_FUNCTIONS(X) \
  X(ChafaSymbolMap *, chafa_symbol_map_new, (void), ()) \
  X(ChafaCanvasConfig *, chafa_canvas_config_new, (void), ()) \
  X(ChafaCanvas *, chafa_canvas_new, (const ChafaCanvasConfig *a), (a)) \
  X(uint32_t, chafa_canvas_get_char_at, (ChafaCanvas *a, int b, int c), (a, b, c))

#define CW_CHAFA_PROCEDURES(X) \
  X(chafa_symbol_map_add_by_tags, (ChafaSymbolMap *a, int b), (a, b)) \
  X(chafa_symbol_map_unref, (ChafaSymbolMap *a), (a)) \
  X(chafa_canvas_config_set_geometry, (ChafaCanvasConfig *a, int b, int c), (a, b, c)) \
  X(chafa_canvas_config_set_cell_geometry, (ChafaCanvasConfig *a, int b, int c), (a, b, c)) \
  X(chafa_canvas_config_set_canvas_mode, (ChafaCanvasConfig *a, int b), (a, b)) \
  X(chafa_canvas_config_set_pixel_mode, (ChafaCanvasConfig *a, int b), (a, b)) \
  X(chafa_canvas_config_set_symbol_map, (ChafaCanvasConfig *a, const ChafaSymbolMap *b), (a, b)) \
  X(chafa_canvas_config_unref, (ChafaCanvasConfig *a), (a)) \
  X(chafa_canvas_unref, (ChafaCanvas *a), (a)) \
  X(chafa_canvas_draw_all_pixels, (ChafaCanvas *a, int b, const uint8_t *c, int d, int e, int f), \
    (a, b, c, d, e, f)) \
  X(chafa_canvas_get_colors_at, (ChafaCanvas *a, int b, int c, int *d, int *e), (a, b, c, d, e))

/// Loads libchafa once; 0 when every function was found, -1 otherwise.
int cw_chafa_load(void);

CW_CHAFA_FUNCTIONS(CW_FUNCTION_DECLARATION)
CW_CHAFA_PROCEDURES(CW_PROCEDURE_DECLARATION)

/// The canvas printed as sixels for a terminal that speaks them, in memory of malloc's (the
/// caller frees it), `length` bytes long; NULL when chafa printed nothing.
uint8_t *cw_chafa_print_sixels(ChafaCanvas *canvas, size_t *length);
