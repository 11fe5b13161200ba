#include "CAnimation.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <gif_lib.h>
#include <libimagequant.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>

#include "CDynamicCalls.h"

// The calls used, typed from the libraries' own headers, found with dlsym.
#define POINTER(name) static __typeof__(name) *p_##name;
#define GIF_CALLS(X)                                                                            \
  X(EGifOpenFileHandle) X(EGifSetGifVersion) X(EGifPutScreenDesc) X(EGifPutExtensionLeader)      \
  X(EGifPutExtensionBlock) X(EGifPutExtensionTrailer) X(EGifPutExtension) X(EGifPutImageDesc)  \
  X(EGifPutLine) X(EGifCloseFile) X(GifMakeMapObject) X(GifFreeMapObject) X(GifErrorString)
#define QUANT_CALLS(X)                                                                          \
  X(liq_attr_create) X(liq_attr_destroy) X(liq_set_speed) X(liq_image_create_rgba_rows)        \
  X(liq_image_destroy) X(liq_image_quantize) X(liq_set_dithering_level)                        \
  X(liq_write_remapped_image) X(liq_get_palette) X(liq_result_destroy)
#define WEBP_CALLS(X)                                                                           \
  X(WebPConfigInitInternal) X(WebPPictureInitInternal) X(WebPPictureImportRGBA)                \
  X(WebPPictureFree) X(WebPFree)
#define WEBP_MUX_CALLS(X)                                                                       \
  X(WebPAnimEncoderOptionsInitInternal) X(WebPAnimEncoderNewInternal) X(WebPAnimEncoderAdd)    \
  X(WebPAnimEncoderAssemble) X(WebPAnimEncoderGetError) X(WebPAnimEncoderDelete)
GIF_CALLS(POINTER) QUANT_CALLS(POINTER) WEBP_CALLS(POINTER) WEBP_MUX_CALLS(POINTER)

static int gif_state, webp_state;  // 1 loaded, -1 missing
static pthread_once_t gif_once = PTHREAD_ONCE_INIT, webp_once = PTHREAD_ONCE_INIT;

#define FIND(library, name) if (!CW_FOUND(library, name)) return;
static void load_gif(void) {
  gif_state = -1;
  void *gif = dlopen("libgif.so.7", RTLD_NOW | RTLD_LOCAL);
  void *quant = dlopen("libimagequant.so.0", RTLD_NOW | RTLD_LOCAL);
  if (gif == NULL || quant == NULL) return;
#define FIND_GIF(name) FIND(gif, name)
#define FIND_QUANT(name) FIND(quant, name)
  GIF_CALLS(FIND_GIF) QUANT_CALLS(FIND_QUANT)
  gif_state = 1;
}

static void load_webp(void) {
  webp_state = -1;
  void *webp = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
  void *mux = dlopen("libwebpmux.so.3", RTLD_NOW | RTLD_LOCAL);
  if (webp == NULL || mux == NULL) return;
#define FIND_WEBP(name) FIND(webp, name)
#define FIND_MUX(name) FIND(mux, name)
  WEBP_CALLS(FIND_WEBP) WEBP_MUX_CALLS(FIND_MUX)
  webp_state = 1;
}

struct cw_animation {
  cw_animation_format format;
  int width, height;
  // GIF: the file; the frame not yet written (RGB over white), the rectangle that changed in
  // it and how long it shows (frames that change nothing add their time to it); the time
  // written so far.
  GifFileType *gif;
  unsigned char *previous;
  int frames, left, top, width_changed, height_changed;
  long long pending_ms, elapsed_ms, written_cs;
  // WebP: the encoder, its settings, the next frame's start, and the file to write at the end.
  WebPAnimEncoder *encoder;
  WebPConfig config;
  int timestamp_ms;
  char *path;
};

static int fail(char *problem, size_t size, const char *what) {
  snprintf(problem, size, "%s", what);
  return -1;
}

cw_animation *cw_animation_begin(
  cw_animation_format format, const char *path, int width, int height, char *problem,
  size_t problem_size) {
  if (format == CW_ANIMATION_GIF) {
    pthread_once(&gif_once, load_gif);
    if (gif_state < 0) {
      fail(problem, problem_size, "giflib or libimagequant is not installed (Debian: libgif7, libimagequant0)");
      return NULL;
    }
  } else {
    pthread_once(&webp_once, load_webp);
    if (webp_state < 0) {
      fail(problem, problem_size, "libwebp's animation encoder is not installed (Debian: libwebpmux3)");
      return NULL;
    }
  }
  cw_animation *animation = calloc(1, sizeof *animation);
  if (animation == NULL) return NULL;
  animation->format = format;
  animation->width = width;
  animation->height = height;
  if (format == CW_ANIMATION_GIF) {
    int error = 0;
    int descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (descriptor < 0) {
      fail(problem, problem_size, strerror(errno));
      cw_animation_abandon(animation);
      return NULL;
    }
    animation->gif = p_EGifOpenFileHandle(descriptor, &error);
    if (animation->gif == NULL) {
      close(descriptor);
      fail(problem, problem_size, p_GifErrorString(error));
      cw_animation_abandon(animation);
      return NULL;
    }
    p_EGifSetGifVersion(animation->gif, 1);
    // Looping forever: the Netscape application extension.
    static const unsigned char loop[] = {1, 0, 0};
    if (p_EGifPutScreenDesc(animation->gif, width, height, 8, 0, NULL) == GIF_ERROR ||
        p_EGifPutExtensionLeader(animation->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        p_EGifPutExtensionBlock(animation->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
        p_EGifPutExtensionBlock(animation->gif, 3, loop) == GIF_ERROR ||
        p_EGifPutExtensionTrailer(animation->gif) == GIF_ERROR) {
      fail(problem, problem_size, p_GifErrorString(animation->gif->Error));
      cw_animation_abandon(animation);
      return NULL;
    }
    return animation;
  }
  WebPAnimEncoderOptions options;
  p_WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION);
  options.anim_params.loop_count = 0;
  options.allow_mixed = 1;  // each frame lossy or lossless, whichever is smaller
  p_WebPConfigInitInternal(&animation->config, WEBP_PRESET_DRAWING, 90, WEBP_ENCODER_ABI_VERSION);
  animation->encoder = p_WebPAnimEncoderNewInternal(width, height, &options, WEBP_MUX_ABI_VERSION);
  animation->path = strdup(path);
  if (animation->encoder == NULL || animation->path == NULL) {
    fail(problem, problem_size, "libwebp could not start an animation");
    cw_animation_abandon(animation);
    return NULL;
  }
  return animation;
}

// A premultiplied ARGB32 pixel's red, green, blue and alpha, unpremultiplied.
static void unpremultiply(uint32_t argb, unsigned char out[4]) {
  unsigned a = argb >> 24;
  unsigned channels[3] = {(argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff};
  for (int i = 0; i < 3; i++) out[i] = a == 0 ? 0 : (unsigned char)((channels[i] * 255 + a / 2) / a);
  out[3] = (unsigned char)a;
}

static int add_webp(
  cw_animation *animation, const unsigned char *pixels, int stride, int milliseconds,
  char *problem, size_t problem_size) {
  int width = animation->width, height = animation->height;
  unsigned char *rgba = malloc((size_t)width * height * 4);
  if (rgba == NULL) return fail(problem, problem_size, "out of memory");
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++) unpremultiply(row[x], rgba + ((size_t)y * width + x) * 4);
  }
  WebPPicture picture;
  p_WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION);
  picture.width = width;
  picture.height = height;
  picture.use_argb = 1;
  int ok = p_WebPPictureImportRGBA(&picture, rgba, width * 4) &&
           p_WebPAnimEncoderAdd(animation->encoder, &picture, animation->timestamp_ms, &animation->config);
  free(rgba);
  p_WebPPictureFree(&picture);
  if (!ok) return fail(problem, problem_size, p_WebPAnimEncoderGetError(animation->encoder));
  animation->timestamp_ms += milliseconds;
  return 0;
}

// Writes the frame not yet written: the rectangle that changed in it (a pixel when none did),
// in a palette of its own by libimagequant, shown for its time.
static int write_pending(cw_animation *animation, char *problem, size_t problem_size) {
  int width = animation->width;
  int left = animation->left, top = animation->top;
  int w = animation->width_changed, h = animation->height_changed;
  unsigned char *rect = malloc((size_t)w * h * 4);
  unsigned char **rows = malloc(sizeof(unsigned char *) * h);
  unsigned char *indices = malloc((size_t)w * h);
  liq_attr *attributes = p_liq_attr_create();
  liq_image *image = NULL;
  liq_result *result = NULL;
  int status = -1;
  if (rect == NULL || rows == NULL || indices == NULL || attributes == NULL) {
    fail(problem, problem_size, "out of memory");
    goto done;
  }
  for (int y = 0; y < h; y++) {
    rows[y] = rect + (size_t)y * w * 4;
    for (int x = 0; x < w; x++) {
      memcpy(rows[y] + x * 4, animation->previous + ((size_t)(top + y) * width + left + x) * 3, 3);
      rows[y][x * 4 + 3] = 255;
    }
  }
  p_liq_set_speed(attributes, 4);
  image = p_liq_image_create_rgba_rows(attributes, (void **)rows, w, h, 0);
  if (image == NULL || p_liq_image_quantize(image, attributes, &result) != LIQ_OK) {
    fail(problem, problem_size, "libimagequant could not make a palette");
    goto done;
  }
  p_liq_set_dithering_level(result, 1.0f);
  p_liq_write_remapped_image(result, image, indices, (size_t)w * h);
  const liq_palette *palette = p_liq_get_palette(result);
  int size = 2;
  while (size < (int)palette->count) size *= 2;
  GifColorType colors[256] = {{0}};
  for (unsigned i = 0; i < palette->count; i++)
    colors[i] = (GifColorType){palette->entries[i].r, palette->entries[i].g, palette->entries[i].b};
  ColorMapObject *map = p_GifMakeMapObject(size, colors);
  // Delays in hundredths of a second, rounded so that the whole keeps the frames' own times.
  animation->elapsed_ms += animation->pending_ms;
  long long delay = (animation->elapsed_ms + 5) / 10 - animation->written_cs;
  animation->written_cs += delay;
  // Graphics control: left in place for the next frame to draw over (disposal 1), no
  // transparent colour.
  unsigned char control[4] = {1 << 2, (unsigned char)(delay & 0xff), (unsigned char)(delay >> 8), 0};
  GifFileType *gif = animation->gif;
  int ok = map != NULL && p_EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, control) != GIF_ERROR &&
           p_EGifPutImageDesc(gif, left, top, w, h, 0, map) != GIF_ERROR;
  for (int y = 0; ok && y < h; y++) ok = p_EGifPutLine(gif, indices + (size_t)y * w, w) != GIF_ERROR;
  if (map) p_GifFreeMapObject(map);
  if (!ok) {
    fail(problem, problem_size, p_GifErrorString(gif->Error));
    goto done;
  }
  status = 0;
done:
  if (result) p_liq_result_destroy(result);
  if (image) p_liq_image_destroy(image);
  if (attributes) p_liq_attr_destroy(attributes);
  free(indices);
  free(rows);
  free(rect);
  return status;
}

// A GIF's frame, over white (GIF has no partial transparency): kept until the next frame that
// changes something, which says how long it shows; one that changes nothing adds its time.
static int add_gif(
  cw_animation *animation, const unsigned char *pixels, int stride, int milliseconds,
  char *problem, size_t problem_size) {
  int width = animation->width, height = animation->height;
  unsigned char *rgb = malloc((size_t)width * height * 3);
  if (rgb == NULL) return fail(problem, problem_size, "out of memory");
  int left = width, top = height, right = -1, bottom = -1;
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      uint32_t p = row[x];
      unsigned white = 255 - (p >> 24);  // premultiplied over white
      unsigned char *out = rgb + ((size_t)y * width + x) * 3;
      out[0] = (unsigned char)(((p >> 16) & 0xff) + white);
      out[1] = (unsigned char)(((p >> 8) & 0xff) + white);
      out[2] = (unsigned char)((p & 0xff) + white);
      if (animation->frames == 0 || memcmp(out, animation->previous + (out - rgb), 3) != 0) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) {  // the same picture: shown longer
    free(rgb);
    animation->pending_ms += milliseconds;
    return 0;
  }
  if (animation->frames > 0 && write_pending(animation, problem, problem_size) < 0) {
    free(rgb);
    return -1;
  }
  free(animation->previous);
  animation->previous = rgb;
  animation->left = left;
  animation->top = top;
  animation->width_changed = right - left + 1;
  animation->height_changed = bottom - top + 1;
  animation->pending_ms = milliseconds;
  animation->frames++;
  return 0;
}

int cw_animation_add(
  cw_animation *animation, const unsigned char *pixels, int stride, int milliseconds,
  char *problem, size_t problem_size) {
  return animation->format == CW_ANIMATION_GIF
           ? add_gif(animation, pixels, stride, milliseconds, problem, problem_size)
           : add_webp(animation, pixels, stride, milliseconds, problem, problem_size);
}

int cw_animation_finish(cw_animation *animation, char *problem, size_t problem_size) {
  int status = 0;
  if (animation->format == CW_ANIMATION_GIF) {
    int error = 0;
    if (animation->frames > 0 && write_pending(animation, problem, problem_size) < 0) {
      cw_animation_abandon(animation);
      return -1;
    }
    if (p_EGifCloseFile(animation->gif, &error) == GIF_ERROR)
      status = fail(problem, problem_size, p_GifErrorString(error));
    animation->gif = NULL;
  } else {
    WebPData data = {NULL, 0};
    if (!p_WebPAnimEncoderAdd(animation->encoder, NULL, animation->timestamp_ms, NULL) ||
        !p_WebPAnimEncoderAssemble(animation->encoder, &data)) {
      status = fail(problem, problem_size, p_WebPAnimEncoderGetError(animation->encoder));
    } else {
      FILE *file = fopen(animation->path, "wb");
      if (file == NULL || fwrite(data.bytes, 1, data.size, file) != data.size) status = -1;
      if (file != NULL && fclose(file) != 0) status = -1;
      if (status < 0) fail(problem, problem_size, "the file could not be written");
    }
    p_WebPFree((void *)data.bytes);
  }
  cw_animation_abandon(animation);
  return status;
}

void cw_animation_abandon(cw_animation *animation) {
  if (animation == NULL) return;
  if (animation->gif != NULL) {
    int error = 0;
    p_EGifCloseFile(animation->gif, &error);
  }
  if (animation->encoder != NULL) p_WebPAnimEncoderDelete(animation->encoder);
  free(animation->previous);
  free(animation->path);
  free(animation);
}
