// SDL2, and the macros Swift cannot import.
#include <SDL2/SDL.h>

static inline int cw_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
