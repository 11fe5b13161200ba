// SDL2, loaded when a window is first opened (dlopen) rather than linked: SDL and the ~40
// libraries it needs (X11, Wayland, ALSA, PulseAudio, …) would otherwise be mapped into every
// run of the app, terminal ones included. Swift calls the cw_ functions (sdl.c).
#include <SDL2/SDL.h>

#include "CDynamicCalls.h"

#define CW_SDL_FUNCTIONS(X) \
  X(int, SDL_Init, (Uint32 a), (a)) \
  X(const char *, SDL_GetError, (void), ()) \
  X(SDL_bool, SDL_SetHint, (const char *a, const char *b), (a, b)) \
  X(SDL_bool, SDL_SetHintWithPriority, (const char *a, const char *b, SDL_HintPriority c), (a, b, c)) \
  X(SDL_Window *, SDL_CreateWindow, (const char *a, int b, int c, int d, int e, Uint32 f), (a, b, c, d, e, f)) \
  X(const char *, SDL_GetCurrentVideoDriver, (void), ()) \
  X(SDL_Surface *, SDL_GetWindowSurface, (SDL_Window *a), (a)) \
  X(int, SDL_ConvertPixels, (int a, int b, Uint32 c, const void *d, int e, Uint32 f, void *g, int h), (a, b, c, d, e, f, g, h)) \
  X(int, SDL_UpdateWindowSurfaceRects, (SDL_Window *a, const SDL_Rect *b, int c), (a, b, c)) \
  X(int, SDL_WaitEvent, (SDL_Event *a), (a)) \
  X(int, SDL_PollEvent, (SDL_Event *a), (a)) \
  X(int, SDL_PushEvent, (SDL_Event *a), (a)) \
  X(Uint32, SDL_RegisterEvents, (int a), (a)) \
  X(int, SDL_FlashWindow, (SDL_Window *a, SDL_FlashOperation b), (a, b)) \
  X(int, SDL_GetWindowDisplayMode, (SDL_Window *a, SDL_DisplayMode *b), (a, b)) \
  X(int, SDL_SetWindowHitTest, (SDL_Window *a, SDL_HitTest b, void *c), (a, b, c))

#define CW_SDL_PROCEDURES(X) \
  X(SDL_Quit, (void), ()) \
  X(SDL_Delay, (Uint32 a), (a)) \
  X(SDL_StartTextInput, (void), ()) \
  X(SDL_DestroyWindow, (SDL_Window *a), (a)) \
  X(SDL_SetWindowTitle, (SDL_Window *a, const char *b), (a, b)) \
  X(SDL_GetWindowSize, (SDL_Window *a, int *b, int *c), (a, b, c)) \
  X(SDL_GetWindowPosition, (SDL_Window *a, int *b, int *c), (a, b, c))

/// Loads libSDL2 once; 0 when every function was found, -1 otherwise.
int cw_sdl_load(void);

CW_SDL_FUNCTIONS(CW_FUNCTION_DECLARATION)
CW_SDL_PROCEDURES(CW_PROCEDURE_DECLARATION)

static inline int cw_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }

/// Lets the whole window be dragged to move it (a borderless window has no title bar).
int cw_sdl_drag_anywhere(SDL_Window *window);
