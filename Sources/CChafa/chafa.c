#include "CChafa.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

CW_CHAFA_FUNCTIONS(CW_FUNCTION_POINTER)
CW_CHAFA_PROCEDURES(CW_PROCEDURE_POINTER)

// Printing: GLib's GString (its first two fields) and the calls that make and free it.
typedef struct { char *str; size_t len; } GString;
static ChafaTermDb *(*p_chafa_term_db_get_default)(void);
static ChafaTermInfo *(*p_chafa_term_db_get_fallback_info)(ChafaTermDb *);
static GString *(*p_chafa_canvas_print)(ChafaCanvas *, ChafaTermInfo *);
static char *(*p_g_string_free)(GString *, int);

static int loaded = -1;  // 0 when every function was found
static ChafaTermInfo *sixel_terminal;

static void load(void) {
  void *library = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
#define CW_LOAD(name) if (!CW_FOUND(library, name)) return;
#define CW_LOAD_FUNCTION(type, name, parameters, arguments) CW_LOAD(name)
#define CW_LOAD_PROCEDURE(name, parameters, arguments) CW_LOAD(name)
  CW_CHAFA_FUNCTIONS(CW_LOAD_FUNCTION)
  CW_CHAFA_PROCEDURES(CW_LOAD_PROCEDURE)
  CW_LOAD(chafa_term_db_get_default)
  CW_LOAD(chafa_term_db_get_fallback_info)
  CW_LOAD(chafa_canvas_print)
  CW_LOAD(g_string_free)  // found through libchafa's own GLib
  // The fallback description knows the sixel sequences; the user chose the protocol.
  sixel_terminal = p_chafa_term_db_get_fallback_info(p_chafa_term_db_get_default());
  loaded = 0;
}

// Once, whichever thread asks first: the others wait for it.
int cw_chafa_load(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, load);
  return loaded;
}

CW_CHAFA_FUNCTIONS(CW_FUNCTION_WRAPPER)
CW_CHAFA_PROCEDURES(CW_PROCEDURE_WRAPPER)

uint8_t *cw_chafa_print_sixels(ChafaCanvas *canvas, size_t *length) {
  GString *printed = p_chafa_canvas_print(canvas, sixel_terminal);
  if (printed == NULL) return NULL;
  uint8_t *bytes = malloc(printed->len ? printed->len : 1);
  if (bytes != NULL) memcpy(bytes, printed->str, printed->len);
  *length = bytes != NULL ? printed->len : 0;
  p_g_string_free(printed, 1);
  return bytes;
}
