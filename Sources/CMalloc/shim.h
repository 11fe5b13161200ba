// glibc's malloc tuning (mallopt), which the Glibc module leaves out.
#include <malloc.h>
