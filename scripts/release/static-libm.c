// What glibc's libm.a takes from libc.a in a wholly static program, for a dynamic one that
// links libm.a in (`make release`): the release binary then maps no libm.so, whose pages a
// start touched here and there (figures in BENCHMARKS.md).

#include <math.h>

// The table of the CPU's features that libc.a fills and that libm.a's ifunc resolvers read to
// pick each function's variant (FMA, AVX2, SSE4.1). libc.so keeps its own to itself, so this
// one stays empty and every resolver picks its baseline (SSE2) variant, as on a CPU without
// them: the same functions, within glibc's stated accuracy.
__attribute__((visibility("hidden"))) char _dl_x86_cpu_features[4096];

// libm.a calls libc's internal names for these; libc.so exports only the public ones.
#define FORWARD(type, name, second) \
  __attribute__((visibility("hidden"))) type __##name(type x, second n) { return name(x, n); }
FORWARD(double, scalbn, int)
FORWARD(float, scalbnf, int)
FORWARD(long double, scalbnl, int)
FORWARD(double, ldexp, int)
FORWARD(float, ldexpf, int)
FORWARD(long double, ldexpl, int)
FORWARD(double, frexp, int *)
FORWARD(float, frexpf, int *)
FORWARD(long double, frexpl, int *)
