// A gradient blended through a coverage mask, a row at a time, with SSE2 where the machine has
// it: the window timer's pulse, some 40,000 pixels a frame, each a ramp colour over the picture.
#include <stdint.h>

/// Blends `count` pixels of `line` (premultiplied ARGB words): pixel i gets the ramp colour
/// table[clamp(position >> 16, 0, last)] at coverage cover[i] (0…255) over it, with `position`
/// advancing by `step` a pixel. Uncovered pixels are left as they are.
void cw_blend_ramp_row(
    uint32_t *line, const uint8_t *cover, int count, const uint32_t *table, int last,
    int64_t position, int64_t step);
