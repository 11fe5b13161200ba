// A library's functions called through the pointers dlsym finds (CGtkWindow, CChafa, CSvg,
// CNotify, CSound). CGtkWindow and CChafa list their calls as X-macros, `X(type, name, parameters, arguments)`
// for functions and `X(name, parameters, arguments)` for procedures; these make of one list the
// cw_ declarations Swift sees, the pointers and the cw_ wrappers that call through them.
#pragma once

#define CW_FUNCTION_DECLARATION(type, name, parameters, arguments) type cw_##name parameters;
#define CW_PROCEDURE_DECLARATION(name, parameters, arguments) void cw_##name parameters;

#define CW_FUNCTION_POINTER(type, name, parameters, arguments) static type(*p_##name) parameters;
#define CW_PROCEDURE_POINTER(name, parameters, arguments) static void(*p_##name) parameters;

#define CW_FUNCTION_WRAPPER(type, name, parameters, arguments) \
  type cw_##name parameters { return p_##name arguments; }
#define CW_PROCEDURE_WRAPPER(name, parameters, arguments) \
  void cw_##name parameters { p_##name arguments; }

// Points p_name at `library`'s function `name` (a handle from dlopen); false when it has none.
#define CW_FOUND(library, name) ((*(void **)&p_##name = dlsym(library, #name)) != NULL)
