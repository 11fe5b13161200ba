#include "CSDL2.h"

#include <dlfcn.h>

CW_SDL_FUNCTIONS(CW_FUNCTION_POINTER)
CW_SDL_PROCEDURES(CW_PROCEDURE_POINTER)

int cw_sdl_load(void) {
  static int state = 0;  // 1 loaded, -1 failed
  if (state != 0) return state == 1 ? 0 : -1;
  state = -1;
  void *library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return -1;
#define CW_LOAD_FUNCTION(type, name, parameters, arguments) if (!CW_FOUND(library, name)) return -1;
#define CW_LOAD_PROCEDURE(name, parameters, arguments) CW_LOAD_FUNCTION(void, name, parameters, arguments)
  CW_SDL_FUNCTIONS(CW_LOAD_FUNCTION)
  CW_SDL_PROCEDURES(CW_LOAD_PROCEDURE)
  state = 1;
  return 0;
}

CW_SDL_FUNCTIONS(CW_FUNCTION_WRAPPER)
CW_SDL_PROCEDURES(CW_PROCEDURE_WRAPPER)

static SDL_HitTestResult cw_draggable(SDL_Window *window, const SDL_Point *point, void *data) {
  (void)window, (void)point, (void)data;
  return SDL_HITTEST_DRAGGABLE;
}

int cw_sdl_drag_anywhere(SDL_Window *window) { return p_SDL_SetWindowHitTest(window, cw_draggable, NULL); }
