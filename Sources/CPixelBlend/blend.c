#include "CPixelBlend.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Each channel of x times a (0…255) over 255, rounded: (t + (t >> 8)) >> 8 with t = x·a + 128.
static inline uint32_t scale(uint32_t x, uint32_t a) {
  uint32_t rb = (x & 0x00FF00FFu) * a + 0x00800080u;
  rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
  uint32_t ag = ((x >> 8) & 0x00FF00FFu) * a + 0x00800080u;
  ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
  return rb | ag;
}

// The channels of x and y added, each held at 255.
static inline uint32_t add(uint32_t x, uint32_t y) {
  uint32_t rb = (x & 0x00FF00FFu) + (y & 0x00FF00FFu);
  rb = (rb | (0x01000100u - ((rb >> 8) & 0x00FF00FFu))) & 0x00FF00FFu;
  uint32_t ag = ((x >> 8) & 0x00FF00FFu) + ((y >> 8) & 0x00FF00FFu);
  ag = (ag | (0x01000100u - ((ag >> 8) & 0x00FF00FFu))) & 0x00FF00FFu;
  return rb | ag << 8;
}

static inline uint32_t over(uint32_t source, uint32_t coverage, uint32_t destination) {
  uint32_t covered = coverage == 255 ? source : scale(source, coverage);
  return add(covered, scale(destination, 255 - (covered >> 24)));
}

static inline uint32_t ramp(const uint32_t *table, int last, int64_t position) {
  int64_t entry = position >> 16;
  return table[position < 0 ? 0 : entry > last ? last : entry];
}

#if defined(__SSE2__)
// x·a/255 in 16-bit lanes, rounded as scale() does.
static inline __m128i scale16(__m128i x, __m128i a) {
  __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, a), _mm_set1_epi16(0x80));
  return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

// Four pixels: each colour at its coverage (the four bytes of `cover4`) over the destination.
static inline __m128i over4(__m128i source, uint32_t cover4, __m128i destination) {
  const __m128i zero = _mm_setzero_si128();
  __m128i a = _mm_cvtsi32_si128((int)cover4);
  a = _mm_unpacklo_epi8(a, a);
  a = _mm_unpacklo_epi16(a, a);  // each coverage byte in its pixel's four channels
  __m128i lo = scale16(_mm_unpacklo_epi8(source, zero), _mm_unpacklo_epi8(a, zero));
  __m128i hi = scale16(_mm_unpackhi_epi8(source, zero), _mm_unpackhi_epi8(a, zero));
  // 255 − the covered colour's alpha, in each channel of its pixel.
  __m128i alo = _mm_shufflehi_epi16(_mm_shufflelo_epi16(lo, 0xFF), 0xFF);
  __m128i ahi = _mm_shufflehi_epi16(_mm_shufflelo_epi16(hi, 0xFF), 0xFF);
  const __m128i full = _mm_set1_epi16(255);
  __m128i dlo = scale16(_mm_unpacklo_epi8(destination, zero), _mm_sub_epi16(full, alo));
  __m128i dhi = scale16(_mm_unpackhi_epi8(destination, zero), _mm_sub_epi16(full, ahi));
  return _mm_adds_epu8(_mm_packus_epi16(lo, hi), _mm_packus_epi16(dlo, dhi));
}
#endif

void cw_blend_ramp_row(
    uint32_t *line, const uint8_t *cover, int count, const uint32_t *table, int last,
    int64_t position, int64_t step) {
  int i = 0;
  while (i < count) {
    // Most of a ring's box is its hole and its corners: skip 8 uncovered at a time.
    if (i + 8 <= count) {
      uint64_t eight;
      memcpy(&eight, cover + i, 8);
      if (eight == 0) {
        i += 8;
        position += 8 * step;
        continue;
      }
    }
#if defined(__SSE2__)
    if (i + 4 <= count) {
      uint32_t four;
      memcpy(&four, cover + i, 4);
      if (four != 0) {
        uint32_t colours[4];
        for (int k = 0; k < 4; k++) colours[k] = ramp(table, last, position + k * step);
        __m128i source = _mm_loadu_si128((const __m128i *)colours);
        __m128i destination = _mm_loadu_si128((const __m128i *)(line + i));
        _mm_storeu_si128((__m128i *)(line + i), over4(source, four, destination));
      }
      i += 4;
      position += 4 * step;
      continue;
    }
#endif
    if (cover[i] != 0) line[i] = over(ramp(table, last, position), cover[i], line[i]);
    i++;
    position += step;
  }
}
