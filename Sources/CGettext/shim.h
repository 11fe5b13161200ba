// GNU gettext's calls, part of glibc, which the Glibc module leaves out.
#include <libintl.h>
#include <locale.h>
