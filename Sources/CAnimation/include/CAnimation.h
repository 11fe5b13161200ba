// Animated pictures through the libraries made for them, loaded with dlopen when the first
// animation is written: GIF with giflib and libimagequant's palettes, WebP with libwebp's
// animation encoder. Nothing else in the program maps them.
#pragma once
#include <stddef.h>

typedef enum { CW_ANIMATION_GIF, CW_ANIMATION_WEBP } cw_animation_format;

typedef struct cw_animation cw_animation;

/// Starts an animation of `width`×`height` frames to be written to `path`, looping forever.
/// Returns NULL with a line in `problem` when its library is missing or the file cannot be made.
cw_animation *cw_animation_begin(
  cw_animation_format format, const char *path, int width, int height, char *problem,
  size_t problem_size);

/// Adds a frame, Cairo's ARGB32 (premultiplied, native endian; `stride` bytes a row), shown for
/// `milliseconds`. Only what changed from the frame before is stored where the format allows.
/// Returns 0, or -1 with `problem` set.
int cw_animation_add(
  cw_animation *animation, const unsigned char *pixels, int stride, int milliseconds,
  char *problem, size_t problem_size);

/// Writes what is left and closes the file (and frees `animation`). Returns 0, or -1 with
/// `problem` set.
int cw_animation_finish(cw_animation *animation, char *problem, size_t problem_size);

/// Lets go of an animation that will not be finished (its file is left as it is).
void cw_animation_abandon(cw_animation *animation);
